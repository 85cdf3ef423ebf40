#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/load_balance_cases.h"

#include <mgpu/detail/cuda/dispatch/transform_lbs.h>
#include <mgpu/segmented_reduce.h>

#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/fill.h>
#include <thrust/sequence.h>
#include <thrust/tabulate.h>

namespace {

// The partition cuts the upper-bound merge of item indices with offsets at
// every multiple of the tile size, so each tile holds exactly tile_size items
// + segments (the last one the remainder) whatever the counts look like: no
// tile has more work than another. Checks every cut against the definition.
void check_tiles_balanced(const thrust::device_vector<std::int64_t>& offsets, std::int64_t total, std::int64_t tile_size)
{
  CAPTURE(tile_size);
  const std::int64_t m = std::int64_t(offsets.size());
  const std::int64_t num_tiles = (total + m + tile_size - 1) / tile_size;
  thrust::device_vector<std::int64_t> splits(num_tiles + 1);
  mgpu::detail::cuda::partition_load_balance(
    cudaStream_t{}, offsets.begin(), m, total, tile_size, num_tiles, thrust::raw_pointer_cast(splits.data()), "test");
  const auto items_before = mgpu_test::to_std(splits);
  const auto off          = mgpu_test::to_std(offsets);
  int wrong_cuts = 0, unequal_tiles = 0;
  for (std::int64_t p = 0; p <= num_tiles; ++p)
  {
    const std::int64_t diag = std::min(p * tile_size, total + m);
    const std::int64_t a = items_before[p], b = diag - a; // items and offsets before the cut
    const bool in_range   = 0 <= a && a <= total && 0 <= b && b <= m;
    // Offsets before the cut are <= the first item after it; items before
    // the cut are < the first offset after it.
    const bool upper_bound = in_range && (b == 0 || a == total || off[std::size_t(b - 1)] <= a) &&
                             (a == 0 || b == m || a - 1 < off[std::size_t(b)]);
    wrong_cuts += upper_bound ? 0 : 1;
    if (p < num_tiles)
    {
      const std::int64_t next_diag = std::min((p + 1) * tile_size, total + m);
      const std::int64_t items = items_before[p + 1] - a, segments = (next_diag - items_before[p + 1]) - b;
      const bool last = p + 1 == num_tiles;
      unequal_tiles += items >= 0 && segments >= 0 && (last || items + segments == tile_size) ? 0 : 1;
    }
  }
  CHECK(wrong_cuts == 0);
  CHECK(unequal_tiles == 0);
}

// Writes a byte that depends on the segment and the rank of each item.
struct stamp_byte
{
  std::uint8_t* out;
  __device__ void operator()(std::int64_t item, std::int64_t segment, std::int64_t rank) const
  {
    out[item] = std::uint8_t(segment * 61 + rank);
  }
};

// The byte stamp_byte writes, computed from the (few) offsets directly.
struct expected_byte
{
  const std::int64_t* offsets;
  int count;
  __device__ std::uint8_t operator()(std::int64_t item) const
  {
    int segment = 0;
    while (segment + 1 < count && offsets[segment + 1] <= item)
      ++segment;
    return std::uint8_t(segment * 61 + (item - offsets[segment]));
  }
};

} // namespace

TEST_CASE("load_balance partition: every tile gets the same work for any distribution of counts")
{
  // The partition narrows the window of each CTA's splits with sampled rounds
  // before its per-split searches: tiny tiles give windows narrower than the
  // samples (no rounds), the engine's tiles windows far wider.
  const std::int64_t tile_sizes[] = {3, 128 * 15, 256 * 23};
  // One segment of a billion items.
  for (std::int64_t tile : {std::int64_t(256 * 9), std::int64_t(256 * 23)})
    check_tiles_balanced(thrust::device_vector<std::int64_t>(1, 0), std::int64_t(1) << 30, tile);
  // Hundreds of thousands of empty segments around a few large ones.
  {
    std::vector<std::int64_t> offsets(600000, 0);
    for (std::size_t s = 200000; s < offsets.size(); ++s)
      offsets[s] = s < 400000 ? 1000000 : 3000000;
    thrust::device_vector<std::int64_t> d(offsets.begin(), offsets.end());
    for (std::int64_t tile : tile_sizes)
      check_tiles_balanced(d, 5000000, tile);
  }
  // Uniform, power-law and mostly empty counts.
  lbs_cases::count_list sparse(1 << 20, 0);
  for (std::size_t s = 0; s < sparse.size(); s += 977)
    sparse[s] = std::int64_t(s % 5000);
  for (const auto& counts : {lbs_cases::count_list(1 << 20, 1), lbs_cases::power_law_counts(1 << 18, 1 << 20, 31),
                             lbs_cases::random_split(1 << 20, 1 << 22, 33), sparse})
  {
    const auto offsets = lbs_cases::offsets_of<std::int64_t>(counts);
    thrust::device_vector<std::int64_t> d(offsets.begin(), offsets.end());
    for (std::int64_t tile : tile_sizes)
      check_tiles_balanced(d, lbs_cases::total_of(counts), tile);
  }
}

TEST_CASE("transform_lbs: more than 2^31 work items in a few huge segments (64-bit indices)")
{
  const std::int64_t total = (std::int64_t(1) << 31) + 12345;
  const std::vector<std::int64_t> host_offsets = {0, 5, (std::int64_t(1) << 30) + 7, (std::int64_t(1) << 30) + 7,
                                                  (std::int64_t(1) << 31) - 3};
  thrust::device_vector<std::int64_t> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<std::uint8_t> stamped(total, std::uint8_t(0x5a));
  mgpu::transform_lbs(thrust::device, offsets.begin(), offsets.end(), total,
                      stamp_byte{thrust::raw_pointer_cast(stamped.data())});
  {
    thrust::device_vector<std::uint8_t> expected(total);
    thrust::tabulate(expected.begin(), expected.end(),
                     expected_byte{thrust::raw_pointer_cast(offsets.data()), int(host_offsets.size())});
    CHECK(thrust::equal(stamped.begin(), stamped.end(), expected.begin()));
  }
}

TEST_CASE("load_balance_search and intervals: launches of many waves of tiles, the first wave finding its own ranges")
{
  // Six waves of the largest tiles (256 x 23 steps, 8 per SM) on this
  // device, at mean count 2: the partition runs, and on sm_90 the tiles of
  // the first wave search for their own item ranges beside it
  // (lbs_head_waves_sm90) while the rest read the partition's.
  const std::int64_t steps = std::int64_t(mgpu::detail::cuda::current_sm_count("test")) * 8 * 256 * 23 * 6;
  lbs_cases::check_all(lbs_cases::random_split(std::size_t(steps / 3), steps - steps / 3, 61), 62);
}

TEST_CASE("load_balance_search and intervals on the CUDA backend: streams, par_nosync, allocators")
{
  const auto counts = lbs_cases::power_law_counts(200000, 100000, 41);
  const auto ref    = lbs_cases::reference_of(counts);
  const std::size_t n = ref.segment.size();
  const auto host_offsets = lbs_cases::offsets_of<int>(counts);
  thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<int> segments(n);

  mgpu_test::stream_guard stream;
  auto run = [&](const auto& policy) {
    thrust::fill(segments.begin(), segments.end(), mgpu_test::poison<int>());
    mgpu::load_balance_search(policy, offsets.begin(), offsets.end(), segments.begin(), segments.end());
  };
  run(thrust::cuda::par.on(stream.stream));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(segments), ref.segment);
  run(thrust::cuda::par_nosync.on(stream.stream));
  mgpu_test::cuda_require(cudaStreamSynchronize(stream.stream), "sync");
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(segments), ref.segment);

  // With the sm_90 tuning this launch, of about a hundred tiles (under a
  // wave), takes no scratch: its tiles find their own item ranges. The
  // fallback tuning partitions it, with scratch from the policy's allocator.
  const bool partitioned = !mgpu_test::runs_sm90_tuning();
  mgpu_test::device_arena arena(64 << 20);
  run(thrust::cuda::par(arena.allocator()));
  CHECK((arena.state.allocations > 0) == partitioned);
  CHECK(arena.state.live == 0);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(segments), ref.segment);

  // A failed temporary allocation propagates, leaks nothing, writes nothing:
  // on a launch of some 25,000 tiles, which every tuning partitions.
  const auto big_host_offsets = lbs_cases::offsets_of<int>(lbs_cases::random_split(1 << 20, 1 << 25, 46));
  const thrust::device_vector<int> big_offsets(big_host_offsets.begin(), big_host_offsets.end());
  thrust::device_vector<int> big_segments(std::size_t(1) << 25);
  mgpu_test::device_arena big_arena(64 << 20);
  mgpu::load_balance_search(thrust::cuda::par(big_arena.allocator()), big_offsets.begin(), big_offsets.end(),
                            big_segments.begin(), big_segments.end());
  REQUIRE(big_arena.state.allocations > 0);
  big_arena.state.fail_at = big_arena.state.allocations;
  thrust::fill(big_segments.begin(), big_segments.end(), mgpu_test::poison<int>());
  CHECK_THROWS_AS(mgpu::load_balance_search(thrust::cuda::par(big_arena.allocator()), big_offsets.begin(),
                                            big_offsets.end(), big_segments.begin(), big_segments.end()),
                  std::bad_alloc);
  CHECK(big_arena.state.live == 0);
  CHECK(std::size_t(thrust::count(big_segments.begin(), big_segments.end(), mgpu_test::poison<int>())) ==
        big_segments.size());
}

TEST_CASE("interval_move on a captured stream: stream-ordered, no synchronization, no stray calls")
{
  const auto counts = lbs_cases::random_split(20000, 300000, 43);
  const lbs_cases::interval_data data(counts, 44);
  const auto ref = lbs_cases::reference_of(counts);
  const std::int64_t total = lbs_cases::total_of(counts);
  const auto host_offsets = lbs_cases::offsets_of<int>(counts);
  thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end()), input(data.input.begin(), data.input.end());
  thrust::device_vector<std::int64_t> gather(data.gather.begin(), data.gather.end()),
    scatter(data.scatter.begin(), data.scatter.end());
  thrust::device_vector<int> moved(total, mgpu_test::poison<int>());

  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  mgpu_test::capture_and_replay(stream.stream, [&] {
    mgpu::interval_move(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream), offsets.begin(), offsets.end(),
                        total, gather.begin(), scatter.begin(), input.begin(), moved.begin());
  });
  std::vector<int> expected(static_cast<std::size_t>(total));
  for (std::size_t i = 0; i < expected.size(); ++i)
    expected[std::size_t(data.scatter[ref.segment[i]] + ref.rank[i])] =
      data.input[std::size_t(data.gather[ref.segment[i]] + ref.rank[i])];
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(moved), expected);
}

TEST_CASE("transform_lbs: an extended __device__ lambda")
{
  const auto counts = lbs_cases::random_split(1000, 10000, 45);
  const auto ref    = lbs_cases::reference_of(counts);
  const auto host_offsets = lbs_cases::offsets_of<int>(counts);
  thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<int> packed(10000, mgpu_test::poison<int>());
  int* out = thrust::raw_pointer_cast(packed.data());
  mgpu::transform_lbs(thrust::device, offsets.begin(), offsets.end(), 10000,
                      [out] __device__(std::ptrdiff_t i, std::ptrdiff_t s, std::ptrdiff_t r) {
                        out[i] = int(s * 100000 + r);
                      });
  std::vector<int> expected(10000);
  for (std::size_t i = 0; i < expected.size(); ++i)
    expected[i] = ref.segment[i] * 100000 + ref.rank[i];
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(packed), expected);
}

TEST_CASE("segmented_reduce: extended lambdas reduce in init's type or in what the operator returns")
{
  const auto device_sum = [] __device__(double a, double b) { return a + b; };
  const auto hd_sum     = [] __host__ __device__(double a, double b) { return a + b; };
  // A __device__ lambda's return type is hidden from host code: partials stay in init's type.
  static_assert(std::is_same_v<mgpu::detail::reduction_type<decltype(device_sum), int, double>::type, int>);
  static_assert(std::is_same_v<mgpu::detail::reduction_type<decltype(hd_sum), int, double>::type, double>);

  const thrust::device_vector<double> values(7, 0.5);
  const std::vector<int> host_offsets{0, 3, 3, 4};
  const thrust::device_vector<int> offsets(host_offsets.begin(), host_offsets.end());
  thrust::device_vector<double> sums(4, mgpu_test::poison<double>());

  mgpu::segmented_reduce(thrust::device, values.begin(), values.end(), offsets.begin(), offsets.end(), sums.begin(),
                         0, hd_sum);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), (std::vector<double>{1.5, 0.0, 0.5, 1.5}));

  thrust::fill(sums.begin(), sums.end(), mgpu_test::poison<double>());
  mgpu::segmented_reduce(thrust::device, values.begin(), values.end(), offsets.begin(), offsets.end(), sums.begin(),
                         0, device_sum); // each 0 + 0.5 truncates to int 0
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), (std::vector<double>(4, 0.0)));
}
