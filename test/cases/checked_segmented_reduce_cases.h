// Checked-mode test bodies for segmented_reduce: offsets that do not start
// at 0, decrease, or exceed the number of values throw std::invalid_argument
// naming the algorithm, the rule and the first bad position, and the result
// is left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/segmented_reduce.h>

#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <vector>

namespace checked_segreduce {

// segmented_reduce of `total` values over `host_offsets` into a poisoned
// result must throw with every fragment, through the policy and without one.
inline void expect_rejected(const std::vector<int>& host_offsets, int total, std::vector<const char*> fragments)
{
  fragments.push_back("mgpu::segmented_reduce");
  auto offsets = mgpu_test::to_backend<backend>(host_offsets);
  auto values  = mgpu_test::to_backend<backend>(std::vector<int>(std::size_t(total), 1));
  auto result  = mgpu_test::poisoned<backend, int>(host_offsets.size() + 1);
  checked::expect_rejected(
    [&] {
      mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(), offsets.end(),
                             result.begin(), 0, ::cuda::std::plus<int>{});
    },
    result, fragments);
  checked::expect_rejected(
    [&] {
      mgpu::segmented_reduce(values.begin(), values.end(), offsets.begin(), offsets.end(), result.begin(), 0,
                             ::cuda::std::plus<int>{});
    },
    result, fragments);
}

} // namespace checked_segreduce

TEST_CASE("checked segmented_reduce: offsets that do not start at 0")
{
  checked_segreduce::expect_rejected({2, 3, 5}, 8, {"offsets must start at 0", "position: 0"});
  checked_segreduce::expect_rejected({-1, 3, 5}, 8, {"offsets must start at 0", "position: 0"});
}

TEST_CASE("checked segmented_reduce: decreasing offsets, reported at the first decrease")
{
  checked_segreduce::expect_rejected({0, 2, 4, 4, 3, 6, 1}, 8, {"offsets must be non-decreasing", "position: 4"});
}

TEST_CASE("checked segmented_reduce: offsets past the number of values")
{
  checked_segreduce::expect_rejected({0, 2, 9, 10}, 8, {"offsets must not exceed the total", "position: 2"});
  checked_segreduce::expect_rejected({0, 9, 3}, 8, {"offsets must not exceed the total", "position: 1"});
  // Every offset past an empty value range.
  checked_segreduce::expect_rejected({0, 1}, 0, {"offsets must not exceed the total", "position: 1"});
}

TEST_CASE("checked segmented_reduce: values without any segment")
{
  checked_segreduce::expect_rejected({}, 5, {"at least one segment", "position: 0"});
}

TEST_CASE("checked segmented_reduce: valid offsets pass the checks and run")
{
  auto values  = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5, 6});
  auto offsets = mgpu_test::to_backend<backend>(std::vector<int>{0, 2, 2, 5, 6});
  auto sums    = mgpu_test::poisoned<backend, int>(5);
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(), offsets.end(), sums.begin(),
                         10, ::cuda::std::plus<int>{});
  // Offsets equal to the total (a trailing empty segment) are valid.
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), (std::vector<int>{13, 10, 22, 16, 10}));

  // Segments over no value at all, and no segment over no value.
  auto empty_offsets = mgpu_test::to_backend<backend>(std::vector<int>{0, 0, 0});
  auto inits         = mgpu_test::poisoned<backend, int>(3);
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.begin(), empty_offsets.begin(), empty_offsets.end(),
                         inits.begin(), 10, ::cuda::std::plus<int>{});
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(inits), (std::vector<int>{10, 10, 10}));
  typename backend::template vector<int> none;
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.begin(), none.begin(), none.end(), sums.begin(), 0,
                         ::cuda::std::plus<int>{});
}

TEST_CASE("checked segmented_reduce: in large inputs the first offending position is reported")
{
  const int total = 1 << 20, segments = total / 16;
  std::vector<int> offsets(segments);
  for (int s = 0; s < segments; ++s)
    offsets[s] = 16 * s;
  offsets[50000] = total + 1;          // past the total (and a decrease after it)
  offsets[40000] = offsets[39999] - 1; // an earlier decrease
  checked_segreduce::expect_rejected(offsets, total, {"offsets must be non-decreasing", "position: 40000)"});
  offsets[40000] = 16 * 40000;
  checked_segreduce::expect_rejected(offsets, total, {"offsets must not exceed the total", "position: 50000)"});
}
