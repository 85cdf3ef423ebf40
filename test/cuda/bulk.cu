#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/bulk_cases.h"

#include <thrust/equal.h>
#include <thrust/fill.h>
#include <thrust/tabulate.h>

TEST_CASE("bulk_remove: the 64-bit offset path on inputs spanning many tiles")
{
  const std::size_t n = 300001;
  for (int percent : {1, 33, 90})
  {
    CAPTURE(percent);
    const auto source = bulk_cases::distinct_values<int>(n, 1);
    const auto indices = bulk_cases::random_subset(n, percent, 31 + percent);
    auto d_source = to_backend<backend>(source);
    auto d_indices = to_backend<backend>(indices);
    const std::size_t kept = n - indices.size();
    auto out = poisoned<backend, int>(kept + bulk_cases::tail);
    auto policy = thrust::cuda::par;
    mgpu::detail::cuda::bulk_remove_with_offsets<std::int64_t>(policy, d_source.begin(), std::int64_t(n),
                                                               d_indices.begin(), std::int64_t(indices.size()),
                                                               out.begin(), "test");
    MGPU_CHECK_EQUAL_RANGES(to_std(out), bulk_cases::with_poisoned_tail(bulk_cases::reference_remove(source, indices)));
  }
}

TEST_CASE("bulk_insert: the 64-bit offset path on inputs spanning many tiles")
{
  const std::size_t n = 200003;
  for (int percent : {1, 33, 250})
  {
    CAPTURE(percent);
    const auto source = bulk_cases::distinct_values<int>(n, 0);
    const auto values = bulk_cases::distinct_values<int>(n * percent / 100, 1 << 24);
    const auto positions = bulk_cases::random_positions(values.size(), n, 41 + percent);
    auto d_source = to_backend<backend>(source);
    auto d_values = to_backend<backend>(values);
    auto d_positions = to_backend<backend>(positions);
    auto out = poisoned<backend, int>(n + values.size() + bulk_cases::tail);
    auto policy = thrust::cuda::par;
    mgpu::detail::cuda::bulk_insert_with_offsets<std::int64_t>(policy, d_source.begin(), std::int64_t(n),
                                                               d_values.begin(), d_positions.begin(),
                                                               std::int64_t(values.size()), out.begin(), "test");
    MGPU_CHECK_EQUAL_RANGES(to_std(out),
                            bulk_cases::with_poisoned_tail(bulk_cases::reference_insert(source, values, positions)));
  }
}

namespace {

// Runs remove and insert problems around the tile boundaries of `Tuning`
// through the tile kernels directly: every shape the tunings may pick (and
// the ones they were measured against) stays correct.
template <class Tuning>
void check_with_tuning()
{
  using namespace mgpu::detail::cuda;
  constexpr std::size_t tile = Tuning::shape::tile_size;
  std::uint64_t seed = 900 + tile;
  for (std::size_t n : {tile - 1, tile, tile + 1, 5 * tile + 3, std::size_t(100003)})
    for (int percent : {1, 33, 90})
    {
      CAPTURE(tile);
      CAPTURE(n);
      CAPTURE(percent);
      auto policy = thrust::cuda::par;
      const auto source = bulk_cases::distinct_values<int>(n, 1);
      auto d_source = to_backend<backend>(source);

      const auto indices = bulk_cases::random_subset(n, percent, seed++);
      auto d_indices = to_backend<backend>(indices);
      auto kept = poisoned<backend, int>(n - indices.size() + bulk_cases::tail);
      bulk_remove_with_hub<int, fixed_hub<Tuning>>(policy, d_source.begin(), int(n), d_indices.begin(),
                                                   int(indices.size()), kept.begin(), "test");
      MGPU_CHECK_EQUAL_RANGES(to_std(kept), bulk_cases::with_poisoned_tail(bulk_cases::reference_remove(source, indices)));

      const auto values = bulk_cases::distinct_values<int>(n * percent / 50, 1 << 24);
      const auto positions = bulk_cases::random_positions(values.size(), n, seed++);
      auto d_values = to_backend<backend>(values);
      auto d_positions = to_backend<backend>(positions);
      auto merged = poisoned<backend, int>(n + values.size() + bulk_cases::tail);
      bulk_insert_with_hub<int, fixed_hub<Tuning>>(policy, d_source.begin(), int(n), d_values.begin(),
                                                   d_positions.begin(), int(values.size()), merged.begin(), "test");
      MGPU_CHECK_EQUAL_RANGES(to_std(merged),
                              bulk_cases::with_poisoned_tail(bulk_cases::reference_insert(source, values, positions)));
    }
}

template <int Threads, int Items, bool Overlap>
using shape_tuning = mgpu::detail::cuda::bulk_tuning<mgpu::detail::cuda::tile_shape<Threads, Items>, Overlap>;

} // namespace

TEST_CASE("bulk_remove and bulk_insert: other tile shapes, with and without overlapping the partition")
{
  check_with_tuning<shape_tuning<256, 15, true>>();
  check_with_tuning<shape_tuning<128, 15, true>>();
  check_with_tuning<shape_tuning<128, 19, false>>();
  check_with_tuning<shape_tuning<128, 23, true>>();
  check_with_tuning<shape_tuning<128, 11, false>>();
  check_with_tuning<shape_tuning<64, 15, false>>();
}

namespace {

struct bulk_problem
{
  std::vector<int> source = bulk_cases::distinct_values<int>(400000, 1);
  std::vector<int> indices = bulk_cases::random_subset(source.size(), 30, 51);
  std::vector<int> values = bulk_cases::distinct_values<int>(150000, 1 << 24);
  std::vector<int> positions = bulk_cases::random_positions(values.size(), source.size(), 52);
  thrust::device_vector<int> d_source{source.begin(), source.end()}, d_indices{indices.begin(), indices.end()};
  thrust::device_vector<int> d_values{values.begin(), values.end()}, d_positions{positions.begin(), positions.end()};
  thrust::device_vector<int> kept = poisoned<backend, int>(source.size() - indices.size());
  thrust::device_vector<int> merged = poisoned<backend, int>(source.size() + values.size());

  template <class Policy>
  void run(const Policy& policy)
  {
    mgpu::bulk_remove(policy, d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(), kept.begin());
    mgpu::bulk_insert(policy, d_source.begin(), d_source.end(), d_values.begin(), d_values.end(), d_positions.begin(),
                      merged.begin());
  }
  void check()
  {
    MGPU_CHECK_EQUAL_RANGES(to_std(kept), bulk_cases::reference_remove(source, indices));
    MGPU_CHECK_EQUAL_RANGES(to_std(merged), bulk_cases::reference_insert(source, values, positions));
  }
  void repoison()
  {
    thrust::fill(kept.begin(), kept.end(), mgpu_test::poison<int>());
    thrust::fill(merged.begin(), merged.end(), mgpu_test::poison<int>());
  }
};

} // namespace

TEST_CASE("bulk_remove and bulk_insert: par, par.on(stream), par_nosync, and temporary storage from the policy")
{
  mgpu_test::stream_guard stream;
  bulk_problem problem;
  problem.run(thrust::cuda::par);
  problem.check();
  problem.repoison();
  problem.run(thrust::cuda::par.on(stream.stream));
  problem.check();
  problem.repoison();
  problem.run(thrust::cuda::par_nosync.on(stream.stream));
  mgpu_test::cuda_require(cudaStreamSynchronize(stream.stream), "sync");
  problem.check();

  // One allocation per call (the tile boundaries), returned before it ends.
  mgpu_test::device_arena arena(1 << 20);
  problem.repoison();
  problem.run(thrust::cuda::par(arena.allocator()));
  CHECK(arena.state.allocations == 2);
  CHECK(arena.state.live == 0);
  problem.check();

  // A failing allocation reaches the caller before anything is launched.
  arena.state.fail_at = arena.state.allocations;
  problem.repoison();
  CHECK_THROWS_AS(problem.run(thrust::cuda::par(arena.allocator())), std::bad_alloc);
  CHECK(arena.state.live == 0);
  CHECK(to_std(problem.kept) == std::vector<int>(problem.kept.size(), mgpu_test::poison<int>()));
  CHECK(to_std(problem.merged) == std::vector<int>(problem.merged.size(), mgpu_test::poison<int>()));
}

TEST_CASE("bulk_remove and bulk_insert: par_nosync on a captured stream stays on the stream, unsynchronized")
{
  // Global-mode capture fails on any synchronization and on work sent to
  // another stream, so a clean capture proves both.
  // The tile boundaries come from an arena allocator, which makes no CUDA
  // call while the stream is captured.
  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(1 << 20);
  bulk_problem problem;
  mgpu_test::capture_and_replay(stream.stream,
                                [&] { problem.run(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream)); });
  problem.check();
}

namespace {

// Large-input oracles, evaluated on the device.
struct byte_at
{
  __host__ __device__ std::int8_t operator()(std::int64_t i) const { return static_cast<std::int8_t>(i % 127); }
};
struct times_three_64
{
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return 3 * i; }
};
// Output k of removing every third element keeps source 3 * (k / 2) + 1 + k % 2.
struct kept_after_every_third
{
  __host__ __device__ std::int8_t operator()(std::int64_t k) const { return byte_at{}(3 * (k / 2) + 1 + k % 2); }
};
struct times_32_64
{
  __host__ __device__ std::int64_t operator()(std::int64_t j) const { return 32 * j; }
};
struct inserted_value
{
  __host__ __device__ std::int8_t operator()(std::int64_t j) const { return static_cast<std::int8_t>(-1 - j % 100); }
};
// Value j lands at output 33 j; any other output k holds source
// k - (values at or before k).
struct merged_at
{
  std::int64_t value_count;
  __host__ __device__ std::int8_t operator()(std::int64_t k) const
  {
    if (k % 33 == 0 && k / 33 < value_count)
      return inserted_value{}(k / 33);
    const std::int64_t before = k / 33 + 1 < value_count ? k / 33 + 1 : value_count;
    return byte_at{}(k - before);
  }
};

} // namespace

TEST_CASE("bulk_remove and bulk_insert: more than 2^31 elements (int8, 64-bit offsets)")
{
  const std::int64_t n = (std::int64_t(1) << 31) + 12345;
  thrust::device_vector<std::int8_t> source(n);
  thrust::tabulate(source.begin(), source.end(), byte_at{});
  {
    auto every_third = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0), times_three_64{});
    const std::int64_t removed = (n + 2) / 3;
    thrust::device_vector<std::int8_t> kept(n - removed, std::int8_t(0x5a));
    auto end = mgpu::bulk_remove(thrust::device, source.begin(), source.end(), every_third, every_third + removed,
                                 kept.begin());
    CHECK(end == kept.end());
    auto expected = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                    kept_after_every_third{});
    CHECK(thrust::equal(thrust::device, kept.begin(), kept.end(), expected));
  }
  {
    const std::int64_t m = (n + 31) / 32; // positions 0, 32, ..., all <= n
    auto positions = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0), times_32_64{});
    auto values = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0), inserted_value{});
    thrust::device_vector<std::int8_t> merged(n + m, std::int8_t(0x5a));
    auto end = mgpu::bulk_insert(thrust::device, source.begin(), source.end(), values, values + m, positions,
                                 merged.begin());
    CHECK(end == merged.end());
    auto expected = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0), merged_at{m});
    CHECK(thrust::equal(thrust::device, merged.begin(), merged.end(), expected));
  }
}
