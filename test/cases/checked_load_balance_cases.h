// Checked-mode test bodies for the load-balanced algorithms: offsets that do
// not start at 0, decrease, or exceed the total throw std::invalid_argument
// naming the algorithm, the rule and the first bad position, and the output
// is left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>

#include <thrust/iterator/counting_iterator.h>

#include <functional>
#include <string>
#include <vector>

namespace checked_lbs {

// Writes the item's segment; the output must stay poisoned when rejected.
struct write_segment
{
  int* out;
  template <class Index>
  MGPU_HD void operator()(Index item, Index segment, Index) const
  {
    out[item] = int(segment);
  }
};

// Every load-balanced algorithm on `offsets` with a total of `total` items,
// writing into a poisoned output of `total` elements: each call must throw
// with the algorithm's name and every fragment.
inline void expect_every_algorithm_rejects(const std::vector<int>& host_offsets, int total,
                                           std::initializer_list<const char*> fragments)
{
  auto offsets = mgpu_test::to_backend<backend>(host_offsets);
  auto starts  = mgpu_test::to_backend<backend>(std::vector<int>(host_offsets.size(), 0));
  auto out     = mgpu_test::poisoned<backend, int>(std::size_t(total));
  auto input   = thrust::make_counting_iterator(0);
  const auto o = offsets.begin(), o_end = offsets.end();
  const auto policy = backend::policy();

  const std::vector<std::pair<const char*, std::function<void()>>> calls = {
    {"mgpu::load_balance_search", [&] { mgpu::load_balance_search(policy, o, o_end, out.begin(), out.end()); }},
    {"mgpu::transform_lbs",
     [&] { mgpu::transform_lbs(policy, o, o_end, total, write_segment{thrust::raw_pointer_cast(out.data())}); }},
    {"mgpu::interval_expand", [&] { mgpu::interval_expand(policy, o, o_end, input, out.begin(), out.end()); }},
    {"mgpu::interval_gather",
     [&] { mgpu::interval_gather(policy, o, o_end, starts.begin(), input, out.begin(), out.end()); }},
    {"mgpu::interval_scatter",
     [&] { mgpu::interval_scatter(policy, o, o_end, starts.begin(), input, input + total, out.begin()); }},
    {"mgpu::interval_move",
     [&] { mgpu::interval_move(policy, o, o_end, total, starts.begin(), starts.begin(), input, out.begin()); }},
  };
  for (const auto& entry : calls)
  {
    const char* const name = entry.first;
    const auto& call       = entry.second;
    CAPTURE(name);
    std::vector<const char*> expected{name};
    expected.insert(expected.end(), fragments.begin(), fragments.end());
    checked::expect_rejected(call, out, expected);
  }
}

} // namespace checked_lbs

TEST_CASE("checked load_balance: offsets that do not start at 0")
{
  checked_lbs::expect_every_algorithm_rejects({2, 3, 5}, 8, {"offsets must start at 0", "position: 0"});
  checked_lbs::expect_every_algorithm_rejects({-1, 3, 5}, 8, {"offsets must start at 0", "position: 0"});
}

TEST_CASE("checked load_balance: decreasing offsets, reported at the first decrease")
{
  checked_lbs::expect_every_algorithm_rejects({0, 2, 4, 4, 3, 6, 1}, 8,
                                              {"offsets must be non-decreasing", "position: 4"});
}

TEST_CASE("checked load_balance: offsets past the total")
{
  checked_lbs::expect_every_algorithm_rejects({0, 2, 9, 10}, 8, {"offsets must not exceed the total", "position: 2"});
  // The first offending position wins over the order of the rules.
  checked_lbs::expect_every_algorithm_rejects({0, 9, 3}, 8, {"offsets must not exceed the total", "position: 1"});
}

TEST_CASE("checked load_balance: work items without any segment")
{
  checked_lbs::expect_every_algorithm_rejects({}, 5, {"at least one segment", "position: 0"});
}

TEST_CASE("checked load_balance: valid offsets pass the checks and run")
{
  auto offsets  = mgpu_test::to_backend<backend>(std::vector<int>{0, 2, 7, 10, 10});
  auto segments = mgpu_test::poisoned<backend, int>(11);
  mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), segments.begin(), segments.end());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(segments), (std::vector<int>{0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4}));

  // Offsets equal to the total (trailing empty segments) are valid.
  auto trailing = mgpu_test::to_backend<backend>(std::vector<int>{0, 3, 3});
  auto expanded = mgpu_test::poisoned<backend, int>(3);
  mgpu::interval_expand(backend::policy(), trailing.begin(), trailing.end(), thrust::make_counting_iterator(5),
                        expanded.begin(), expanded.end());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(expanded), (std::vector<int>{5, 5, 5}));

  typename backend::template vector<int> none;
  mgpu::load_balance_search(backend::policy(), none.begin(), none.end(), segments.begin(), segments.begin());
}

TEST_CASE("checked load_balance: in large inputs the first offending position is reported")
{
  // Offsets spanning many reduction blocks on the CUDA backend.
  const int total = 1 << 20, segments = total / 16;
  std::vector<int> offsets(segments);
  for (int s = 0; s < segments; ++s)
    offsets[s] = 16 * s;
  offsets[50000] = total + 1;            // past the total (and a decrease after it)
  offsets[40000] = offsets[39999] - 1;   // an earlier decrease
  checked_lbs::expect_every_algorithm_rejects(offsets, total, {"offsets must be non-decreasing", "position: 40000)"});
  offsets[40000] = 16 * 40000;
  checked_lbs::expect_every_algorithm_rejects(offsets, total, {"offsets must not exceed the total", "position: 50000)"});
}
