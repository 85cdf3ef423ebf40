// Tile-shape exploration for the merge kernels (not part of the published
// comparison): times mgpu's merge with explicit tile shapes, and the
// partition kernel alone, at 2^27 total elements.
#include "bench_support.h"

#include <mgpu/merge.h>

#include <thrust/merge.h>

namespace {

using namespace mgpu::detail::cuda;

template <class Key, bool Pairs>
struct tuning_data
{
  thrust::device_vector<Key> a = bench::sorted_random_vector<Key>(std::size_t(1) << 26, 1u << 30, 1);
  thrust::device_vector<Key> b = bench::sorted_random_vector<Key>(std::size_t(1) << 26, 1u << 30, 2);
  thrust::device_vector<Key> av = bench::random_vector<Key>(std::size_t(1) << 26, 1u << 30, 3);
  thrust::device_vector<Key> bv = bench::random_vector<Key>(std::size_t(1) << 26, 1u << 30, 4);
  thrust::device_vector<Key> keys = thrust::device_vector<Key>(std::size_t(1) << 27);
  thrust::device_vector<Key> values = thrust::device_vector<Key>(std::size_t(1) << 27);
};

template <class Key, bool Pairs>
tuning_data<Key, Pairs>& data()
{
  static tuning_data<Key, Pairs> d;
  return d;
}

template <class Key, bool Pairs, int NT, int VT>
void shape(benchmark::State& state)
{
  auto& d = data<Key, Pairs>();
  auto policy = thrust::cuda::par;
  const int n = int(d.a.size());
  const Key* a = thrust::raw_pointer_cast(d.a.data());
  const Key* b = thrust::raw_pointer_cast(d.b.data());
  using hub = fixed_hub<merge_policy<tile_shape<NT, VT>, merge_own_split_tiles_per_sm_sm90>>;
  bench::time_calls(state, [&] {
    if constexpr (Pairs)
      merge_with_hub<int, hub>(policy, a, n, b, n, thrust::raw_pointer_cast(d.av.data()),
                               thrust::raw_pointer_cast(d.bv.data()), thrust::raw_pointer_cast(d.keys.data()),
                               thrust::raw_pointer_cast(d.values.data()), ::cuda::std::less<>{}, "tuning");
    else
      merge_with_hub<int, hub>(policy, a, n, b, n, mgpu::detail::no_values{}, mgpu::detail::no_values{},
                               thrust::raw_pointer_cast(d.keys.data()), mgpu::detail::no_values{},
                               ::cuda::std::less<>{}, "tuning");
  });
  bench::report_traffic(state, (Pairs ? 4.0 : 2.0) * 2 * n * sizeof(Key), 2.0 * n);
}

void partition_only(benchmark::State& state)
{
  auto& d = data<int, false>();
  const int n = int(d.a.size()), tile = 3840, tiles = (2 * n + tile - 1) / tile;
  thrust::device_vector<int> splits(tiles + 1);
  bench::time_calls(state, [&] {
    launch_merge_partition<mgpu::bounds::lower>(nullptr, thrust::raw_pointer_cast(d.a.data()), n,
                                                thrust::raw_pointer_cast(d.b.data()), n, tile, tiles,
                                                thrust::raw_pointer_cast(splits.data()), ::cuda::std::less<>{}, "tuning");
  });
}

#define MGPU_SHAPE(KEY, PAIRS, NT, VT)                                                                 \
  BENCHMARK(shape<KEY, PAIRS, NT, VT>)                                                                 \
    ->Name("tuning/" #KEY "/" #PAIRS "/" #NT "x" #VT)                                                  \
    ->Apply(bench::configure)

MGPU_SHAPE(int, false, 256, 15);
MGPU_SHAPE(int, false, 256, 19);
MGPU_SHAPE(int, false, 256, 23);
MGPU_SHAPE(int, false, 128, 23);
MGPU_SHAPE(int, false, 256, 31);
MGPU_SHAPE(int, true, 256, 11);
MGPU_SHAPE(int, true, 256, 15);
MGPU_SHAPE(int, true, 128, 15);
MGPU_SHAPE(int, true, 256, 19);
BENCHMARK(partition_only)->Name("tuning/partition_only/2^27")->Apply(bench::configure);

} // namespace
