// The tile-shape sweep behind segmented_reduce's sm_90 tuning (not part of
// the published comparison): 2^26 int32 values summed, segment sizes uniform
// in [0, 2 * mean], each shape as a fixed policy, called with device_vector
// iterators on the caching allocator (the tiles' work, not cudaMalloc).
// Names: tuning/segmented_reduce/NTxVT/rRESIDENT/meanMEAN.
#include "bench_support.h"

#include <mgpu/detail/cuda/dispatch/segmented_reduce.h>

#include <thrust/functional.h>
#include <thrust/scan.h>

#include <cstdint>
#include <string>

namespace {

using namespace mgpu::detail::cuda;

constexpr int value_count = 1 << 26;

struct problem
{
  int segments = 0, total = 0;
  thrust::device_vector<int> offsets, values, out, expected;
};

problem& inputs(int mean)
{
  static bench::input_cache<problem> cache;
  return cache.get(std::to_string(mean), [&] {
    problem p;
    p.segments = value_count / mean;
    p.total = bench::offsets_of_sizes(p.offsets, p.segments,
                                      bench::uniform_size{bench::hash_value{41, 1u << 30}, mean});
    p.values = bench::random_vector<int>(std::size_t(p.total), 16, 42);
    p.out.resize(p.segments);
    // The reference: the current tuning's answer.
    p.expected.resize(p.segments);
    auto policy = thrust::cuda::par;
    segmented_reduce<int>(policy, p.values.begin(), p.offsets.begin(), p.segments, p.total, p.expected.begin(), 0,
                          thrust::plus<int>{}, "reference");
    bench::cuda_check(cudaDeviceSynchronize(), "reference");
    return p;
  });
}

template <int NT, int VT, int Resident>
void shape(benchmark::State& state, int mean)
{
  using hub = fixed_hub<segmented_reduce_policy<tile_shape<NT, VT>, Resident, load_balance_launch_sm90, 200>>;
  problem& p = inputs(mean);
  bench::poison(p.out);
  auto policy = thrust::cuda::par(bench::cached_blocks());
  bench::time_calls(state, [&] {
    segmented_reduce_with_hub<int, hub>(policy, p.values.begin(), p.offsets.begin(), p.segments, p.total,
                                        p.out.begin(), 0, thrust::plus<int>{}, "tuning");
  });
  bench::verify(state, p.out, p.expected);
  bench::report_traffic(state, (double(p.total) + 2.0 * p.segments) * sizeof(int), double(p.total));
}

template <int NT, int VT, int Resident>
void register_shape()
{
  for (int mean : {1, 16, 1000})
  {
    const std::string name = "tuning/segmented_reduce/" + std::to_string(NT) + "x" + std::to_string(VT) + "/r" +
                             std::to_string(Resident) + "/mean" + std::to_string(mean);
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { shape<NT, VT, Resident>(s, mean); })
      ->Apply(bench::configure);
  }
}

const bool registered = [] {
  register_shape<256, 23, 2048>(); // the shipped tuning
  register_shape<256, 23, 1536>();
  register_shape<256, 15, 2048>();
  register_shape<256, 19, 2048>();
  register_shape<256, 27, 2048>();
  register_shape<256, 31, 2048>();
  register_shape<128, 23, 2048>();
  register_shape<128, 27, 2048>();
  register_shape<128, 31, 2048>();
  register_shape<128, 15, 2048>();
  register_shape<512, 11, 2048>();
  register_shape<512, 15, 2048>();
  return true;
}();

} // namespace
