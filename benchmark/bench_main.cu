// Benchmark entry point: names the GPU in the JSON context and measures the
// device's copy bandwidth (the roofline every other figure is read against).
#include "bench_support.h"

#include <thrust/copy.h>
#include <thrust/count.h>

namespace {

void copy_bandwidth(benchmark::State& state)
{
  const std::size_t count = std::size_t(1) << 28; // 1 GiB of int32
  // Made once: freeing them between repetitions would slow the next ones.
  static const auto source = bench::random_vector<int>(count, 1u << 30, 99);
  static thrust::device_vector<int> target(count);
  bench::time_calls(state, [&] {
    bench::cuda_check(cudaMemcpyAsync(thrust::raw_pointer_cast(target.data()), thrust::raw_pointer_cast(source.data()),
                                      count * sizeof(int), cudaMemcpyDeviceToDevice),
                      "copy");
  });
  bench::verify(state, target, source);
  bench::report_traffic(state, 2.0 * count * sizeof(int), double(count));
}
BENCHMARK(copy_bandwidth)->Name("copy/cudaMemcpy_d2d/1GiB")->Apply(bench::configure);

// What a job that only writes can reach: the roofline of outputs made
// without reading (load_balance_search at high mean counts is one).
void write_bandwidth(benchmark::State& state)
{
  const std::size_t count = std::size_t(1) << 28; // 1 GiB of int32
  const int pattern       = 0x5a5a5a5a;
  static thrust::device_vector<int> target(count);
  bench::time_calls(state, [&] {
    bench::cuda_check(cudaMemsetAsync(thrust::raw_pointer_cast(target.data()), 0x5a, count * sizeof(int)), "memset");
  });
  if (thrust::count(target.begin(), target.end(), pattern) != std::ptrdiff_t(count))
    state.SkipWithError("memset wrote something else");
  bench::report_traffic(state, double(count) * sizeof(int), double(count));
}
BENCHMARK(write_bandwidth)->Name("write/cudaMemset/1GiB")->Apply(bench::configure);

} // namespace

int main(int argc, char** argv)
{
  cudaDeviceProp properties{};
  bench::cuda_check(cudaGetDeviceProperties(&properties, 0), "device properties");
  // A small allocation alive for the whole run, as in any application that
  // holds device memory: without one, the driver returns the pages behind
  // each call's small temporary buffer on cudaFree and maps them again on the
  // next cudaMalloc (about 100 us a call on an H200), which would swamp what
  // Thrust's and mgpu's calls actually cost.
  thrust::device_vector<char> keep_small_allocations_cheap(1 << 20);
  benchmark::AddCustomContext("gpu", properties.name);
  benchmark::AddCustomContext("sm_count", std::to_string(properties.multiProcessorCount));
  benchmark::AddCustomContext("l2_bytes", std::to_string(properties.l2CacheSize));
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
