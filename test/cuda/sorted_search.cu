#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/sorted_search_cases.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/sorted_search.inl>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>

#include <algorithm>
#include <cstdint>

TEST_CASE("sorted search: the 64-bit offset path on inputs spanning many tiles")
{
  const auto hay = random_sorted<int>(300001, 0, 5000, 61), needles = random_sorted<int>(200003, 0, 5000, 62);
  auto d_hay = to_backend<backend>(hay), d_needles = to_backend<backend>(needles);
  auto out = poisoned<backend, std::int64_t>(needles.size());
  auto policy = thrust::cuda::par;
  mgpu::detail::sorted_search_with_offsets<mgpu::detail::search_bound::lower, int, std::int64_t>(
    policy, d_hay.begin(), std::int64_t(hay.size()), d_needles.begin(), std::int64_t(needles.size()),
    mgpu::detail::search_result_sink<thrust::device_vector<std::int64_t>::iterator>{out.begin()},
    ::cuda::std::less<>{}, nullptr, nullptr, true, "test");
  std::vector<std::int64_t> expected(needles.size());
  thrust::lower_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
}

TEST_CASE("sorted search: a haystack of more than 2^31 elements (counting iterator, 64-bit answers)")
{
  // 3 * 2^30 haystack elements held by no memory; needles spread over them and past both ends.
  const std::int64_t n = 3 * (std::int64_t(1) << 30);
  std::vector<std::int64_t> needles = random_sorted<std::int64_t>(200000, -100, n + 100, 63);
  needles.insert(needles.begin(), 5, -1);
  needles.insert(needles.end(), 3, n - 1);
  auto d_needles = to_backend<backend>(needles);
  auto hay = thrust::make_counting_iterator<std::int64_t>(0);
  auto lower = poisoned<backend, std::int64_t>(needles.size()), upper = poisoned<backend, std::int64_t>(needles.size());
  mgpu::sorted_lower_bound(thrust::device, hay, hay + n, d_needles.begin(), d_needles.end(), lower.begin());
  mgpu::sorted_upper_bound(thrust::device, hay, hay + n, d_needles.begin(), d_needles.end(), upper.begin());
  std::vector<std::int64_t> expected_lower, expected_upper;
  for (std::int64_t v : needles)
  {
    expected_lower.push_back(std::min(std::max<std::int64_t>(v, 0), n));
    expected_upper.push_back(std::min(std::max<std::int64_t>(v + 1, 0), n));
  }
  MGPU_CHECK_EQUAL_RANGES(to_std(lower), expected_lower);
  MGPU_CHECK_EQUAL_RANGES(to_std(upper), expected_upper);
}

TEST_CASE("sorted search: par_nosync on a stream is captured into a graph, scratch from the policy's allocator")
{
  // A search of few tiles per SM finds its own splits and takes no scratch;
  // a larger one partitions, its splits from the policy's allocator.
  int sm_count = 0, major = 0;
  mgpu_test::cuda_require(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, 0), "count the SMs");
  mgpu_test::cuda_require(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0), "read the arch");
  const std::size_t partitioned = std::size_t(sm_count) * mgpu::detail::cuda::merge_own_split_tiles_per_sm_sm90 *
                                    mgpu::detail::cuda::merge_tuning_sm90<4>::shape::tile_size + 12345;
  for (const std::size_t total : {std::size_t(500000), partitioned})
  {
    CAPTURE(total);
    const std::size_t n = total * 3 / 5;
    const auto hay = random_sorted<int>(n, 0, 20000, 64), needles = random_sorted<int>(total - n, 0, 20000, 65);
    auto d_hay = to_backend<backend>(hay), d_needles = to_backend<backend>(needles);
    auto lower = poisoned<backend, int>(needles.size()), upper = poisoned<backend, int>(needles.size());
    mgpu_test::device_arena arena(std::size_t(1) << 24);
    mgpu_test::stream_guard guard;
    const auto policy = thrust::cuda::par_nosync(arena.allocator()).on(guard.stream);
    // Warm-up outside the capture: the first call reads the kernels' attributes.
    mgpu::sorted_lower_bound(policy, d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), lower.begin());
    mgpu_test::cuda_require(cudaStreamSynchronize(guard.stream), "warm-up");
    thrust::fill(lower.begin(), lower.end(), mgpu_test::poison<int>());
    const auto warm_up_allocations = arena.state.allocations;
    mgpu_test::capture_and_replay(guard.stream, [&] {
      mgpu::sorted_lower_bound(policy, d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), lower.begin());
      mgpu::sorted_upper_bound(policy, d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), upper.begin());
    });
    if (total == partitioned || major < 9) // the fallback tuning always partitions
      CHECK(arena.state.allocations > warm_up_allocations);
    else
      CHECK(arena.state.allocations == 0);
    CHECK(arena.state.live == 0);
    std::vector<int> expected(needles.size());
    thrust::lower_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
    MGPU_CHECK_EQUAL_RANGES(to_std(lower), expected);
    thrust::upper_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
    MGPU_CHECK_EQUAL_RANGES(to_std(upper), expected);
  }
}
