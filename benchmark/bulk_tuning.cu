// Tuning exploration for bulk remove and bulk insert (not part of the
// published comparison), at 2^26 int32 source elements with the bar's
// patterns (remove every 3rd; insert before every 5th): the whole call with
// explicit tunings, the tile kernel alone, the partition alone with a cold
// L2, and the cost of the partition's scratch. The measurements behind the
// chosen shapes are in docs/tuning.md. Names start with
// tuning/bulk_ (filter: '^tuning/(bulk_|tile_only/bulk|partition_cold/bulk|allocation)').
#include "bench_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/merge.h>
#include <thrust/remove.h>

namespace {

using namespace mgpu::detail::cuda;
constexpr int n = 1 << 26;

struct times_k
{
  int k;
  __host__ __device__ int operator()(int j) const { return k * j; }
};
struct multiple_of_3
{
  __host__ __device__ bool operator()(int i) const { return i % 3 == 0; }
};

struct tuning_data
{
  thrust::device_vector<int> source = bench::random_vector<int>(n, 1u << 30, 11);
  thrust::device_vector<int> indices = make_multiples(3, (n + 2) / 3);
  thrust::device_vector<int> positions = make_multiples(5, n / 5);
  thrust::device_vector<int> values = bench::random_vector<int>(n / 5, 1u << 30, 23);
  thrust::device_vector<int> kept = thrust::device_vector<int>(n - (n + 2) / 3);
  thrust::device_vector<int> merged = thrust::device_vector<int>(n + n / 5);
  thrust::device_vector<int> kept_expected = thrust::device_vector<int>(n - (n + 2) / 3);
  thrust::device_vector<int> merged_expected = thrust::device_vector<int>(n + n / 5);
  thrust::device_vector<int> splits = thrust::device_vector<int>(n + 1);

  static thrust::device_vector<int> make_multiples(int k, int count)
  {
    thrust::device_vector<int> v(count);
    thrust::tabulate(v.begin(), v.end(), times_k{k});
    return v;
  }
  tuning_data()
  {
    thrust::remove_copy_if(source.begin(), source.end(), thrust::make_counting_iterator(0), kept_expected.begin(),
                           multiple_of_3{});
    thrust::merge_by_key(positions.begin(), positions.end(), thrust::make_counting_iterator(0),
                         thrust::make_counting_iterator(n), values.begin(), source.begin(),
                         thrust::make_discard_iterator(), merged_expected.begin());
  }
};

tuning_data& data()
{
  static tuning_data d;
  return d;
}

template <class Tuning>
void remove_case(benchmark::State& state)
{
  auto& d = data();
  bench::poison(d.kept);
  auto policy = thrust::cuda::par;
  const int* source = thrust::raw_pointer_cast(d.source.data());
  const int* indices = thrust::raw_pointer_cast(d.indices.data());
  int* out = thrust::raw_pointer_cast(d.kept.data());
  const int m = int(d.indices.size());
  bench::time_calls(state, [&] {
    bulk_remove_with_hub<int, fixed_hub<Tuning>>(policy, source, n, indices, m, out, "tuning");
  });
  bench::verify(state, d.kept, d.kept_expected);
  bench::report_traffic(state, 4.0 * (double(n) + m + (n - m)), n);
}

template <class Tuning>
void insert_case(benchmark::State& state)
{
  auto& d = data();
  bench::poison(d.merged);
  auto policy = thrust::cuda::par;
  const int* source = thrust::raw_pointer_cast(d.source.data());
  const int* values = thrust::raw_pointer_cast(d.values.data());
  const int* positions = thrust::raw_pointer_cast(d.positions.data());
  int* out = thrust::raw_pointer_cast(d.merged.data());
  const int m = int(d.values.size());
  bench::time_calls(state, [&] {
    bulk_insert_with_hub<int, fixed_hub<Tuning>>(policy, source, n, values, positions, m, out, "tuning");
  });
  bench::verify(state, d.merged, d.merged_expected);
  bench::report_traffic(state, 4.0 * (2.0 * m + n + (n + m)), n + m);
}

// What the partition's scratch costs under thrust::cuda::par (cudaMalloc and
// cudaFree, as in the published comparison).
void allocation_case(benchmark::State& state)
{
  auto policy = thrust::cuda::par;
  bench::time_calls(state, [&] { temporary_buffer<int, decltype(policy)> splits(policy, 20000); });
}
BENCHMARK(allocation_case)->Name("tuning/allocation/bulk_splits_80KB")->Apply(bench::configure);

template <int NT, int VT>
using shape = tile_shape<NT, VT>;

// The tile kernel alone, behind an untimed partition into preallocated
// splits: how close the streaming part comes to the copy bandwidth.
template <class Tuning, bool Insert>
void tile_only_case(benchmark::State& state)
{
  auto& d = data();
  int* splits = thrust::raw_pointer_cast(d.splits.data());
  const int* source = thrust::raw_pointer_cast(d.source.data());
  constexpr int tile = Tuning::shape::tile_size;
  const int m = int(Insert ? d.values.size() : d.indices.size());
  const int tiles = ceil_div(Insert ? n + m : n, tile);
  if constexpr (Insert)
  {
    const int* positions = thrust::raw_pointer_cast(d.positions.data());
    partition_sorted_keys(cudaStream_t{}, insertion_keys<int, const int*>{positions, m, n}, tile, tiles, splits,
                          "tuning");
    bench::time_calls(state, [&] {
      bulk_insert_kernel<fixed_hub<Tuning>><<<tiles, Tuning::shape::threads>>>(
        (const int*)splits, source, n, thrust::raw_pointer_cast(d.values.data()), m, positions,
        thrust::raw_pointer_cast(d.merged.data()));
    });
    bench::verify(state, d.merged, d.merged_expected);
    bench::report_traffic(state, 4.0 * (2.0 * m + n + (n + m)), n + m);
  }
  else
  {
    const int* indices = thrust::raw_pointer_cast(d.indices.data());
    partition_sorted_keys(cudaStream_t{}, removal_keys<int, const int*>{indices, m, n}, tile, tiles, splits,
                          "tuning");
    bench::time_calls(state, [&] {
      bulk_remove_kernel<fixed_hub<Tuning>><<<tiles, Tuning::shape::threads>>>(
        (const int*)splits, source, n, indices, m, thrust::raw_pointer_cast(d.kept.data()));
    });
    bench::verify(state, d.kept, d.kept_expected);
    bench::report_traffic(state, 4.0 * (double(n) + m + (n - m)), n);
  }
}

// The partition alone with the L2 cache flushed before each call (as it is
// after the tile kernel of the previous call has streamed ~700 MB), with the
// partition CTA shape `PartitionShape`.
template <class PartitionShape, bool Insert>
void partition_cold_case(benchmark::State& state)
{
  auto& d = data();
  const int tile = Insert ? bulk_insert_tuning_sm90<4>::shape::tile_size : bulk_remove_tuning_sm90<4>::shape::tile_size;
  int* splits = thrust::raw_pointer_cast(d.splits.data());
  static thrust::device_vector<int> flush(64 << 20);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (auto _ : state)
  {
    cudaMemsetAsync(thrust::raw_pointer_cast(flush.data()), 0, flush.size() * sizeof(int));
    cudaEventRecord(start);
    if constexpr (Insert)
    {
      const int m = int(d.positions.size());
      partition_sorted_keys<PartitionShape>(
        cudaStream_t{}, insertion_keys<int, const int*>{thrust::raw_pointer_cast(d.positions.data()), m, n}, tile,
        ceil_div(n + m, tile), splits, "tuning");
    }
    else
      partition_sorted_keys<PartitionShape>(
        cudaStream_t{}, removal_keys<int, const int*>{thrust::raw_pointer_cast(d.indices.data()), int(d.indices.size()), n},
        tile, ceil_div(n, tile), splits, "tuning");
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    state.SetIterationTime(ms / 1000.0);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

template <int NT, int VT>
using shape = tile_shape<NT, VT>;

#define MGPU_REMOVE(NAME, ...)                                                                                          \
  BENCHMARK(remove_case<bulk_tuning<__VA_ARGS__>>)->Name("tuning/bulk_remove/" NAME)->Apply(bench::configure)
#define MGPU_INSERT(NAME, ...)                                                                                          \
  BENCHMARK(insert_case<bulk_tuning<__VA_ARGS__>>)->Name("tuning/bulk_insert/" NAME)->Apply(bench::configure)

MGPU_REMOVE("128x23/pdl", shape<128, 23>, true); // the default
MGPU_REMOVE("128x23/nopdl", shape<128, 23>, false);
MGPU_REMOVE("256x19/pdl", shape<256, 19>, true);
MGPU_REMOVE("128x15/pdl", shape<128, 15>, true);

MGPU_INSERT("128x15/min10", shape<128, 15>, false, 10); // the default
MGPU_INSERT("128x15/uncapped", shape<128, 15>, false);
MGPU_INSERT("128x15/min10/pdl", shape<128, 15>, true, 10);
MGPU_INSERT("256x15/min5", shape<256, 15>, false, 5);

BENCHMARK(tile_only_case<bulk_remove_tuning_sm90<4>, false>)->Name("tuning/tile_only/bulk_remove")->Apply(bench::configure);
BENCHMARK(tile_only_case<bulk_insert_tuning_sm90<4>, true>)->Name("tuning/tile_only/bulk_insert")->Apply(bench::configure);

// The default partition CTA against wider CTAs that sample more keys.
struct wide_partition_shape
{
  static constexpr int threads            = 1024;
  static constexpr int samples_per_thread = 2;
  static constexpr int rounds             = 2;
};
#define MGPU_PARTITION_COLD(NAME, SHAPE, INSERT)                                                                       \
  BENCHMARK(partition_cold_case<SHAPE, INSERT>)->Name("tuning/partition_cold/" NAME)->Apply(bench::configure)

MGPU_PARTITION_COLD("bulk_remove/256x1", sorted_key_partition_shape, false); // the default
MGPU_PARTITION_COLD("bulk_remove/1024x2", wide_partition_shape, false);
MGPU_PARTITION_COLD("bulk_insert/256x1", sorted_key_partition_shape, true); // the default
MGPU_PARTITION_COLD("bulk_insert/1024x2", wide_partition_shape, true);

} // namespace
