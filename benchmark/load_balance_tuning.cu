// Measurements behind the load-balanced engine's choices (not part of the
// published comparison): 2^26 work items, int32, counts uniform in
// [0, 2 * mean]. The partition kernels alone (one binary search per split vs
// the sampled CTA-wide search), and the engine timed three ways: as a call
// that allocates its split array, the same while the process holds another
// small device allocation (as the family benchmarks do), and the two kernels
// alone. On an H200 the first costs ~100 us more per call than the second
// (likely the driver mapping and releasing a page for a lone small allocation);
// the second is within ~5 us of the kernels alone.
#include "bench_support.h"

#include <mgpu/detail/cuda/dispatch/transform_lbs.h>
#include <mgpu/detail/cuda/partition/path_partition.h>
#include <mgpu/detail/interval_ops.h>

#include <thrust/binary_search.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <cstdint>
#include <map>
#include <string>

namespace {

using namespace mgpu::detail::cuda;
using mgpu::detail::interval_expand_op;
using mgpu::detail::interval_gather_op;
using mgpu::detail::interval_move_op;
using mgpu::detail::lbs_search_op;

constexpr int total_items = 1 << 26;

struct count_plus_gap
{
  const int* offsets;
  int segments;
  int total;
  bench::hash_value hash;
  __host__ __device__ int operator()(int s) const
  {
    const int count = (s + 1 < segments ? offsets[s + 1] : total) - offsets[s];
    return count + int(hash(std::uint64_t(s)) % std::uint64_t(count + 1));
  }
};

struct minus_one
{
  __host__ __device__ int operator()(int x) const { return x - 1; }
};

struct problem
{
  int segments = 0, total = 0;
  thrust::device_vector<int> offsets, values, gather, scatter, input, out, lbs;
};

int* raw(thrust::device_vector<int>& v) { return thrust::raw_pointer_cast(v.data()); }

int gapped(thrust::device_vector<int>& starts, problem& p, std::uint64_t seed)
{
  starts.resize(p.segments);
  auto strides = thrust::make_transform_iterator(thrust::make_counting_iterator(0),
                                                 count_plus_gap{raw(p.offsets), p.segments, p.total,
                                                                bench::hash_value{seed, 1u << 30}});
  thrust::exclusive_scan(strides, strides + p.segments, starts.begin());
  return int(starts.back()) + 2 * (p.total - int(p.offsets.back())) + 1;
}

problem& inputs(int mean)
{
  static std::map<int, problem> cache;
  auto found = cache.find(mean);
  if (found != cache.end())
    return found->second;
  problem& p = cache[mean];
  p.segments = total_items / mean;
  p.total    = bench::offsets_of_sizes(p.offsets, p.segments,
                                       bench::uniform_size{bench::hash_value{31, 1u << 30}, mean});
  p.values = bench::random_vector<int>(p.segments, 1u << 30, 32);
  p.input  = bench::random_vector<int>(std::size_t(gapped(p.gather, p, 33)), 1u << 30, 35);
  p.out.resize(std::size_t(gapped(p.scatter, p, 34)));
  p.lbs.resize(p.total);
  thrust::upper_bound(p.offsets.begin(), p.offsets.end(), thrust::make_counting_iterator(0),
                      thrust::make_counting_iterator(p.total), p.lbs.begin());
  thrust::transform(p.lbs.begin(), p.lbs.end(), p.lbs.begin(), minus_one{});
  return p;
}

enum class op_kind
{
  lbs,
  expand,
  gather,
  move
};

// The operation with its vector stores turned off: one store per item.
template <class Op>
struct one_store_per_item : Op
{
  static constexpr bool stores_at_item = false;
};

// How the engine is timed: through transform_lbs_with_hub (allocating its
// split array through the policy), the same with a small device allocation
// kept alive meanwhile (as the family benchmarks have), or the two kernels
// alone on a preallocated split array.
enum class harness
{
  allocating,
  keep_alive,
  kernels_only
};

template <op_kind Kind, int NT, int VT, int MinTiles, harness Mode = harness::allocating, bool VectorStores = true>
void engine(benchmark::State& state, int mean)
{
  problem& p = inputs(mean);
  auto policy = thrust::cuda::par;
  const int* offsets = raw(p.offsets);
  const int m = p.segments, n = p.total;
  using shape = tile_shape<NT, VT>;
  // MinTiles > 0 caps the registers for that many tiles per SM.
  constexpr int lean_threads = MinTiles > 0 ? MinTiles * NT : 2048;
  using hub = fixed_hub<load_balance_policy<shape, (MinTiles > 0 ? MinTiles * NT : 1280), lean_threads, lean_threads,
                                            load_balance_launch_sm90>>;
  bench::poison(p.out);
  auto run = [&](const auto& vector_op) {
    using vector_op_t = std::decay_t<decltype(vector_op)>;
    const auto op = [&] {
      if constexpr (VectorStores)
        return vector_op;
      else
        return one_store_per_item<vector_op_t>{vector_op};
    }();
    if constexpr (Mode == harness::kernels_only)
    {
      static thrust::device_vector<int> splits(std::size_t(1) << 20);
      const int tiles = int((std::int64_t(n) + m + shape::tile_size - 1) / shape::tile_size);
      partition_load_balance(nullptr, offsets, m, n, shape::tile_size, tiles, raw(splits), "t");
      transform_lbs_tile_kernel<hub, int><<<tiles, NT>>>(offsets, m, n, raw(splits), 0, op);
      bench::cuda_check(cudaStreamSynchronize(nullptr), "kernels");
    }
    else
      transform_lbs_with_hub<int, hub>(policy, offsets, m, n, op, "t");
  };
  thrust::device_vector<char> kept(Mode == harness::keep_alive ? 1 : 0);
  bench::time_calls(state, [&] {
    if constexpr (Kind == op_kind::lbs)
      run(lbs_search_op<int*>{{}, raw(p.out)});
    else if constexpr (Kind == op_kind::expand)
      run(interval_expand_op<const int*, int*>{{{}, raw(p.values)}, raw(p.out)});
    else if constexpr (Kind == op_kind::gather)
      run(interval_gather_op<const int*, const int*, int*>{{{}, raw(p.gather)}, raw(p.input), raw(p.out)});
    else
      run(interval_move_op<const int*, const int*, const int*, int*>{{}, raw(p.gather), raw(p.scatter), raw(p.input),
                                                                       raw(p.out)});
  });
  const double items = double(n) * 4, segs = double(m) * 4;
  if constexpr (Kind == op_kind::lbs)
    bench::verify(state, thrust::device_vector<int>(p.out.begin(), p.out.begin() + n), p.lbs);
  if constexpr (Kind == op_kind::expand)
  {
    thrust::device_vector<int> expected(n);
    thrust::gather(p.lbs.begin(), p.lbs.end(), p.values.begin(), expected.begin());
    bench::verify(state, thrust::device_vector<int>(p.out.begin(), p.out.begin() + n), expected);
  }
  double bytes = Kind == op_kind::lbs ? items + segs
               : Kind == op_kind::expand ? items + 2 * segs
               : Kind == op_kind::gather ? 2 * items + 2 * segs
                                         : 2 * items + 3 * segs;
  bench::report_traffic(state, bytes, double(n));
}

struct item_precedes_offset
{
  __device__ bool operator()(int item, int offset) const { return item < offset; }
};

// Partition alone: the merge-path kernel (one full binary search per split)
// or the sampled kernel with the given shape.
template <int NT, int SPT, int Rounds>
struct sampled_shape
{
  static constexpr int threads = NT, samples_per_thread = SPT, rounds = Rounds;
};

template <class PartitionShape, int Tile>
void partition(benchmark::State& state, int mean)
{
  problem& p = inputs(mean);
  const int m = p.segments, n = p.total, tiles = int((std::int64_t(n) + m + Tile - 1) / Tile);
  thrust::device_vector<int> splits(tiles + 1), reference(tiles + 1);
  launch_merge_partition<mgpu::bounds::upper>(nullptr, thrust::make_counting_iterator(0), n, raw(p.offsets), m, Tile,
                                              tiles, raw(reference), item_precedes_offset{}, "t");
  bench::time_calls(state, [&] {
    if constexpr (std::is_void_v<PartitionShape>)
      launch_merge_partition<mgpu::bounds::upper>(nullptr, thrust::make_counting_iterator(0), n, raw(p.offsets), m,
                                                  Tile, tiles, raw(splits), item_precedes_offset{}, "t");
    else
      partition_load_balance<PartitionShape>(nullptr, raw(p.offsets), m, n, Tile, tiles, raw(splits), "t");
  });
  bench::verify(state, splits, reference);
  state.counters["splits"] = double(tiles + 1);
}

template <class Bench>
void add(const std::string& name, Bench bench)
{
  for (int mean : {1, 16})
    benchmark::RegisterBenchmark(("tuning/load_balance/" + name + "/mean" + std::to_string(mean)).c_str(),
                                 [=](benchmark::State& s) { bench(s, mean); })
      ->Apply(bench::configure);
}

const bool registered = [] {
  add("partition/mergepath/1920", partition<void, 1920>);
  add("partition/mergepath/5888", partition<void, 5888>);
  add("partition/s256x1r2/5888", partition<sampled_shape<256, 1, 2>, 5888>);
  add("partition/s256x1r2/3840", partition<sampled_shape<256, 1, 2>, 3840>);

  add("lbs/256x23/allocating", engine<op_kind::lbs, 256, 23, 6, harness::allocating>);
  add("lbs/256x23/kernels_only/one_store_per_item",
      engine<op_kind::lbs, 256, 23, 6, harness::kernels_only, false>);
  add("expand/256x15/kernels_only/one_store_per_item",
      engine<op_kind::expand, 256, 15, 5, harness::kernels_only, false>);
  add("lbs/256x23/keep_alive", engine<op_kind::lbs, 256, 23, 6, harness::keep_alive>);
  add("lbs/256x23/kernels_only", engine<op_kind::lbs, 256, 23, 6, harness::kernels_only>);
  add("expand/256x15/allocating", engine<op_kind::expand, 256, 15, 5, harness::allocating>);
  add("expand/256x15/keep_alive", engine<op_kind::expand, 256, 15, 5, harness::keep_alive>);
  add("expand/256x15/kernels_only", engine<op_kind::expand, 256, 15, 5, harness::kernels_only>);
  add("gather/256x15/kernels_only", engine<op_kind::gather, 256, 15, 5, harness::kernels_only>);
  add("move/256x11/kernels_only", engine<op_kind::move, 256, 11, 5, harness::kernels_only>);
  add("move/256x15/kernels_only", engine<op_kind::move, 256, 15, 4, harness::kernels_only>);
  add("lbs/256x27/allocating", engine<op_kind::lbs, 256, 27, 6, harness::allocating>);
  add("lbs/256x31/allocating", engine<op_kind::lbs, 256, 31, 6, harness::allocating>);
  add("lbs/256x19/allocating", engine<op_kind::lbs, 256, 19, 6, harness::allocating>);
  add("expand/256x19/allocating", engine<op_kind::expand, 256, 19, 4, harness::allocating>);
  add("expand/256x23/allocating", engine<op_kind::expand, 256, 23, 4, harness::allocating>);
  add("gather/256x23/kernels_only", engine<op_kind::gather, 256, 23, 4, harness::kernels_only>);
  add("gather/256x19/kernels_only", engine<op_kind::gather, 256, 19, 4, harness::kernels_only>);
  return true;
}();

} // namespace
