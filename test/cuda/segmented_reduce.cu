#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/segmented_reduce_cases.h"

// The partitioned binary runs the shared cases only: the ones below choose
// their own policies.
#ifndef MGPU_TEST_PARTITION_EVERY_LAUNCH

#include <mgpu/detail/cuda/runtime/launch.h>

#include <thrust/device_vector.h>
#include <thrust/fill.h>
#include <thrust/iterator/counting_iterator.h>

#include <cstdint>
#include <new>
#include <vector>

namespace {

// Sizes uniform in [0, 2 * mean], for a problem of about `values` values.
segreduce_cases::size_list uniform_sizes(std::int64_t values, int mean, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  segreduce_cases::size_list sizes(std::size_t(values / mean));
  for (auto& size : sizes)
    size = std::int64_t(engine() % std::uint64_t(2 * mean + 1));
  return sizes;
}

} // namespace

TEST_CASE("segmented_reduce on the CUDA backend: launches of many waves of tiles, partitioned")
{
  // Six waves of 256 x 23-step tiles (up to 8 per SM) on this device: the
  // partition runs, and on sm_90 the first wave finds its own ranges beside
  // it. Mean sizes 1 and 16, non-commutative and packed (4-byte) carries.
  const std::int64_t steps = std::int64_t(mgpu::detail::cuda::current_sm_count("test")) * 8 * 256 * 23 * 6;
  for (int mean : {1, 16})
  {
    CAPTURE(mean);
    const auto sizes = uniform_sizes(steps * mean / (mean + 1), mean, 20 + mean);
    const std::size_t n = std::size_t(segreduce_cases::total_of(sizes));
    segreduce_cases::check_reduce(sizes, mgpu_test::random_values<int>(n, -1000, 1000, 21), 7, segreduce_cases::plus_op{});
    segreduce_cases::check_reduce(sizes, segreduce_cases::affine_values<std::uint16_t>(n), segreduce_cases::affine<std::uint16_t>{3, 5},
                                  segreduce_cases::then<std::uint16_t>{});
    segreduce_cases::check_reduce(sizes, segreduce_cases::affine_values<std::uint32_t>(n), segreduce_cases::affine<std::uint32_t>{3, 5},
                                  segreduce_cases::then<std::uint32_t>{});
  }
}

TEST_CASE("segmented_reduce on the CUDA backend: one segment of 2^26 values, and 2^26 segments of one")
{
  const std::int64_t n = std::int64_t(1) << 26;
  const auto ints      = mgpu_test::random_values<int>(std::size_t(n), -1000, 1000, 22);
  segreduce_cases::check_reduce(segreduce_cases::size_list{n}, ints, 7, segreduce_cases::plus_op{});
  segreduce_cases::check_reduce(segreduce_cases::size_list{n}, segreduce_cases::affine_values<std::uint16_t>(std::size_t(n)),
                                segreduce_cases::affine<std::uint16_t>{3, 5}, segreduce_cases::then<std::uint16_t>{});
  segreduce_cases::check_reduce(segreduce_cases::size_list(std::size_t(n), 1), ints, 7, segreduce_cases::plus_op{});
  // 2^26 segments, nearly all empty, and 2^26 empty ones over no value.
  segreduce_cases::size_list sparse(std::size_t(n), 0);
  for (std::size_t s = 0; s < sparse.size(); s += 4099)
    sparse[s] = 3;
  segreduce_cases::check_reduce(sparse,
                                std::vector<int>(ints.begin(), ints.begin() + segreduce_cases::total_of(sparse)), 7,
                                segreduce_cases::plus_op{});
  segreduce_cases::check_reduce(segreduce_cases::size_list(std::size_t(n), 0), std::vector<int>{}, 7,
                                segreduce_cases::plus_op{});
}

TEST_CASE("segmented_reduce on the CUDA backend: more than 2^31 values (64-bit indices)")
{
  // Values 0, 1, 2, ... from a counting_iterator, so nothing is stored: each
  // segment's sum is an arithmetic series.
  const std::int64_t total = (std::int64_t(1) << 31) + 12345;
  const std::vector<std::int64_t> host_offsets = {0, 5, (std::int64_t(1) << 30) + 7, (std::int64_t(1) << 30) + 7,
                                                  (std::int64_t(1) << 31) - 3};
  thrust::device_vector<std::int64_t> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<std::int64_t> sums(host_offsets.size(), mgpu_test::poison<std::int64_t>());
  mgpu::segmented_reduce(thrust::device, thrust::make_counting_iterator<std::int64_t>(0),
                         thrust::make_counting_iterator<std::int64_t>(total), offsets.begin(), offsets.end(),
                         sums.begin(), std::int64_t(1), segreduce_cases::plus_op{});
  std::vector<std::int64_t> expected(host_offsets.size());
  for (std::size_t s = 0; s < host_offsets.size(); ++s)
  {
    const std::int64_t first = host_offsets[s], end = s + 1 < host_offsets.size() ? host_offsets[s + 1] : total;
    expected[s] = 1 + (end - first) * (first + end - 1) / 2;
  }
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), expected);
}

TEST_CASE("segmented_reduce on the CUDA backend: streams, par_nosync, allocators")
{
  const auto sizes = segreduce_cases::random_split(200000, 1000000, 23);
  const auto ints  = mgpu_test::random_values<int>(1000000, -1000, 1000, 24);
  const auto host_offsets = segreduce_cases::offsets_of<int>(sizes);
  const auto expected     = segreduce_cases::reference_reduce(ints, host_offsets, 7, segreduce_cases::plus_op{});
  thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end()), values(ints.begin(), ints.end());
  thrust::device_vector<int> sums(sizes.size());

  mgpu_test::stream_guard stream;
  auto run = [&](const auto& policy) {
    thrust::fill(sums.begin(), sums.end(), mgpu_test::poison<int>());
    mgpu::segmented_reduce(policy, values.begin(), values.end(), offsets.begin(), offsets.end(), sums.begin(), 7,
                           segreduce_cases::plus_op{});
  };
  run(thrust::cuda::par.on(stream.stream));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), expected);
  run(thrust::cuda::par_nosync.on(stream.stream));
  mgpu_test::cuda_require(cudaStreamSynchronize(stream.stream), "sync");
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), expected);

  // A launch of more than one tile takes its look-back state from the
  // policy's allocator, and returns it.
  mgpu_test::device_arena arena(64 << 20);
  run(thrust::cuda::par(arena.allocator()));
  CHECK(arena.state.allocations > 0);
  CHECK(arena.state.live == 0);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), expected);

  // A failed temporary allocation propagates, leaks nothing, writes nothing.
  arena.state.fail_at = arena.state.allocations;
  thrust::fill(sums.begin(), sums.end(), mgpu_test::poison<int>());
  CHECK_THROWS_AS(mgpu::segmented_reduce(thrust::cuda::par(arena.allocator()), values.begin(), values.end(),
                                         offsets.begin(), offsets.end(), sums.begin(), 7, segreduce_cases::plus_op{}),
                  std::bad_alloc);
  CHECK(arena.state.live == 0);
  CHECK(mgpu_test::to_std(sums) == std::vector<int>(sizes.size(), mgpu_test::poison<int>()));

  // One tile: no look-back and, with the sm_90 tuning (whose small launches
  // skip the partition), no scratch.
  arena.state.fail_at = -1;
  const long before   = arena.state.allocations;
  thrust::device_vector<int> three(3, mgpu_test::poison<int>()), small_offsets(std::vector<int>{0, 4, 4});
  mgpu::segmented_reduce(thrust::cuda::par(arena.allocator()), values.begin(), values.begin() + 10,
                         small_offsets.begin(), small_offsets.end(), three.begin(), 7, segreduce_cases::plus_op{});
  if (mgpu_test::runs_sm90_tuning())
    CHECK(arena.state.allocations == before);
  CHECK(arena.state.live == 0);
  const std::vector<int> small_expected = {7 + ints[0] + ints[1] + ints[2] + ints[3], 7,
                                           7 + ints[4] + ints[5] + ints[6] + ints[7] + ints[8] + ints[9]};
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(three), small_expected);
}

TEST_CASE("segmented_reduce on a captured stream: stream-ordered, no synchronization, replayable")
{
  const auto sizes = segreduce_cases::random_split(30000, 400000, 25);
  const auto maps  = segreduce_cases::affine_values<std::uint32_t>(400000);
  using map        = segreduce_cases::affine<std::uint32_t>;
  const auto host_offsets = segreduce_cases::offsets_of<int>(sizes);
  thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<map> values(maps.begin(), maps.end());
  thrust::device_vector<map> composed(sizes.size(), map{0, 0});

  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  mgpu_test::capture_and_replay(stream.stream, [&] {
    mgpu::segmented_reduce(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream), values.begin(), values.end(),
                           offsets.begin(), offsets.end(), composed.begin(), map{3, 1},
                           segreduce_cases::then<std::uint32_t>{});
  });
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(composed),
                          segreduce_cases::reference_reduce(maps, host_offsets, map{3, 1},
                                                            segreduce_cases::then<std::uint32_t>{}));
}

#endif // MGPU_TEST_PARTITION_EVERY_LAUNCH
