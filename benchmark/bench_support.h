// Benchmark harness: CUDA-event timing of one call per repetition (medians
// over repetitions) on a settled device, device-generated sorted inputs
// shared by every implementation of a case, correctness checks after timing
// (in place: nothing large is allocated or freed inside the repetitions), and
// the device's copy bandwidth as the roofline.
#pragma once

#include <benchmark/benchmark.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/equal.h>
#include <thrust/fill.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/tabulate.h>

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace bench {

inline void cuda_check(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
  {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(status));
    std::exit(1);
  }
}

// Bytes and elements per second, computed by the framework from the manual
// times; bytes count every input read once and every output written once.
inline void report_traffic(benchmark::State& state, double bytes, double elements)
{
  state.counters["bytes"]     = bytes;
  state.counters["GB/s"]      = benchmark::Counter(bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["Melem/s"]   = benchmark::Counter(elements / 1e6, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["elements"]  = elements;
}

// A stateless integer hash: reproducible pseudo-random values on the device.
struct hash_value
{
  std::uint64_t seed;
  std::uint64_t range; // values in [0, range)
  __host__ __device__ std::uint64_t operator()(std::uint64_t i) const
  {
    std::uint64_t x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    x ^= x >> 33;
    return x % range;
  }
};

// Segment sizes uniform in [0, 2 * mean], hashed from the segment's index.
struct uniform_size
{
  hash_value hash;
  int mean;
  __host__ __device__ int operator()(std::int64_t s) const { return int(hash(std::uint64_t(s)) % std::uint64_t(2 * mean + 1)); }
};

// offsets[s] = the sum of size_of(0 .. s - 1) for `segments` segments;
// returns the sum of all their sizes.
template <class T, class SizeOf>
T offsets_of_sizes(thrust::device_vector<T>& offsets, std::int64_t segments, SizeOf size_of)
{
  thrust::device_vector<T> sizes(segments);
  thrust::tabulate(sizes.begin(), sizes.end(), size_of);
  offsets.resize(segments);
  thrust::exclusive_scan(sizes.begin(), sizes.end(), offsets.begin());
  return T(offsets.back()) + T(sizes.back());
}

template <class T>
struct hashed_as
{
  hash_value hash;
  __host__ __device__ T operator()(std::uint64_t i) const { return static_cast<T>(hash(i)); }
};

// Milliseconds that `call` takes on the default stream, timed with the
// given events.
template <class Call>
float elapsed_ms(cudaEvent_t start, cudaEvent_t stop, Call&& call)
{
  cuda_check(cudaEventRecord(start), "record");
  call();
  cuda_check(cudaEventRecord(stop), "record");
  cuda_check(cudaEventSynchronize(stop), "sync");
  float ms = 0;
  cuda_check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
  return ms;
}

// A cudaFree of a large buffer is followed by milliseconds in which the
// device moves data more slowly: on an H200, a 1 GiB copy took 570 us for
// some 15 ms after 22 GiB had been freed, against 510 us on a device left
// alone, in the same process. The harness rebuilds its inputs between
// cases, so each timed call first waits until a probe copy runs as fast as
// the fastest probe seen: no case pays for the memory an earlier one freed.
// The probe reads hashed values, not zeros. Gives up after about half a
// second (a device shared with other work may never settle).
inline void settle()
{
  constexpr std::size_t probe_count = std::size_t(1) << 26; // 256 MiB of int32 each way
  static thrust::device_vector<int> probe_source, probe_target;
  static float fastest = 0;
  static cudaEvent_t start, stop;
  auto probe = [&] {
    const float ms = elapsed_ms(start, stop, [] {
      cuda_check(cudaMemcpyAsync(thrust::raw_pointer_cast(probe_target.data()),
                                 thrust::raw_pointer_cast(probe_source.data()), probe_count * sizeof(int),
                                 cudaMemcpyDeviceToDevice),
                 "settle probe");
    });
    fastest = fastest == 0 || ms < fastest ? ms : fastest;
    return ms;
  };
  auto pause = [] { std::this_thread::sleep_for(std::chrono::milliseconds(1)); };
  if (fastest == 0)
  {
    cuda_check(cudaEventCreate(&start), "event");
    cuda_check(cudaEventCreate(&stop), "event");
    probe_source.resize(probe_count);
    probe_target.resize(probe_count);
    thrust::tabulate(probe_source.begin(), probe_source.end(), hashed_as<int>{hash_value{7, 1u << 30}});
    for (int i = 0; i < 20; ++i, pause())
      probe();
  }
  for (int i = 0; i < 400; ++i, pause())
    if (probe() <= 1.03f * fastest)
      return;
}

// A caching allocator for thrust::cuda::par(allocator): blocks freed by a
// call are kept for the next call of the same size, so timed calls make no
// cudaMalloc/cudaFree. It puts mgpu and a peer on one footing where the peer
// allocates nothing per call (Thrust's search idiom) or allocates outside the
// timed region (CUB's temporary storage), as pooled allocators do for
// applications. time_calls() returns the blocks to the device before each
// repetition.
class caching_allocator
{
public:
  using value_type = char;

  char* allocate(std::ptrdiff_t bytes)
  {
    auto cached = free_blocks_.find(bytes);
    if (cached != free_blocks_.end())
    {
      char* block = cached->second;
      free_blocks_.erase(cached);
      return block;
    }
    void* block = nullptr;
    cuda_check(cudaMalloc(&block, std::size_t(bytes)), "caching_allocator cudaMalloc");
    sizes_[static_cast<char*>(block)] = bytes;
    return static_cast<char*>(block);
  }
  void deallocate(char* block, std::size_t) { free_blocks_.emplace(sizes_.at(block), block); }

  // Returns every cached block to the device (none may be in use).
  void release()
  {
    for (const auto& [block, bytes] : sizes_)
      cuda_check(cudaFree(block), "caching_allocator cudaFree");
    sizes_.clear();
    free_blocks_.clear();
  }

  ~caching_allocator()
  {
    for (const auto& [block, bytes] : sizes_)
      cudaFree(block);
  }

private:
  std::multimap<std::ptrdiff_t, char*> free_blocks_; // size -> block, returned by earlier calls
  std::map<char*, std::ptrdiff_t> sizes_;            // every block held, in use or free
};

// The process's caching allocator (one GPU, one thread).
inline caching_allocator& cached_blocks()
{
  static caching_allocator allocator;
  return allocator;
}

// The three ways each mgpu and Thrust case is called, named IMPL, IMPL_ptr
// and IMPL_cached:
//   iterators  thrust::device_vector iterators and thrust::device, as a user
//              writes it: the headline;
//   pointers   the same call on raw pointers (thrust::raw_pointer_cast);
//   cached     iterators and thrust::cuda::par(cached_blocks()): no
//              cudaMalloc/cudaFree in the timed calls.
// CUB's cases take raw pointers and keep their own name.
enum class form
{
  iterators,
  pointers,
  cached
};

inline const char* suffix_of(form f)
{
  return f == form::iterators ? "" : f == form::pointers ? "_ptr" : "_cached";
}

// The headline form at every size; all three at the size where the targets
// are set.
inline std::vector<form> forms_at(std::int64_t size, std::int64_t target_size)
{
  if (size == target_size)
    return {form::iterators, form::pointers, form::cached};
  return {form::iterators};
}

// What a call in each form passes for a vector: its begin() or its raw pointer.
struct as_iterator
{
  template <class Vector>
  auto operator()(Vector& v) const
  {
    return v.begin();
  }
};
struct as_pointer
{
  template <class Vector>
  auto operator()(Vector& v) const
  {
    return thrust::raw_pointer_cast(v.data());
  }
};

// Runs call(policy, at) with the policy and the vector access of `f`.
template <class Call>
void in_form(form f, Call&& call)
{
  switch (f)
  {
    case form::iterators: call(thrust::device, as_iterator{}); break;
    case form::pointers: call(thrust::device, as_pointer{}); break;
    case form::cached: call(thrust::cuda::par(cached_blocks()), as_iterator{}); break;
  }
}

// Times `call` once per benchmark iteration with CUDA events on the default
// stream, after settle() and one untimed warm-up call (which fills the
// caching allocator for the `_cached` cases).
// The caching allocator starts every repetition empty: blocks it kept from
// earlier cases made each cudaMalloc/cudaFree of a later thrust::device call
// cost 65-120 us instead of 3-12 (on an H200, mgpu and Thrust alike; see
// docs/benchmarks.md). MGPU_BENCH_KEEP_CACHE=1 keeps them, to reproduce that.
template <class Call>
void time_calls(benchmark::State& state, Call&& call)
{
  if (!std::getenv("MGPU_BENCH_KEEP_CACHE"))
    cached_blocks().release();
  settle();
  call();
  cuda_check(cudaDeviceSynchronize(), "warm-up");
  cudaEvent_t start, stop;
  cuda_check(cudaEventCreate(&start), "event");
  cuda_check(cudaEventCreate(&stop), "event");
  for (auto _ : state)
    state.SetIterationTime(elapsed_ms(start, stop, call) / 1000.0);
  cuda_check(cudaGetLastError(), "timed calls");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
}

template <class T>
thrust::device_vector<T> random_vector(std::size_t count, std::uint64_t range, std::uint64_t seed)
{
  thrust::device_vector<T> values(count);
  thrust::tabulate(values.begin(), values.end(), hashed_as<T>{hash_value{seed, range}});
  return values;
}

template <class T>
thrust::device_vector<T> sorted_random_vector(std::size_t count, std::uint64_t range, std::uint64_t seed)
{
  auto values = random_vector<T>(count, range, seed);
  thrust::sort(values.begin(), values.end());
  return values;
}

// Keeps the most recently built input set, so consecutive benchmarks of one
// case (one per implementation) time the same data without rebuilding it.
template <class Data>
class input_cache
{
public:
  template <class Make>
  Data& get(const std::string& key, Make&& make)
  {
    if (key != key_)
    {
      data_.reset(); // free the previous set before building the next
      data_ = std::make_unique<Data>(make());
      key_  = key;
    }
    return *data_;
  }

private:
  std::string key_;
  std::unique_ptr<Data> data_;
};

template <class Vector>
void poison(Vector& v)
{
  using T = typename Vector::value_type;
  thrust::fill(v.begin(), v.end(), static_cast<T>(0x5eadbeef));
}

// Marks the run as failed when the output differs from the reference.
template <class Vector>
void verify(benchmark::State& state, const Vector& actual, const Vector& expected)
{
  if (actual.size() != expected.size() || !thrust::equal(actual.begin(), actual.end(), expected.begin()))
    state.SkipWithError("wrong result");
}

// The same for the first expected.size() elements of a longer output,
// compared in place (a copy would allocate and free inside the repetitions).
template <class Vector>
void verify_prefix(benchmark::State& state, const Vector& actual, const Vector& expected)
{
  if (actual.size() < expected.size() ||
      !thrust::equal(thrust::device, actual.begin(), actual.begin() + expected.size(), expected.begin()))
    state.SkipWithError("wrong result");
}

// Temporary storage for the CUB peers, kept for the whole run and grown when
// a case needs more, so that no repetition allocates or frees it.
inline void* peer_scratch(std::size_t bytes)
{
  static thrust::device_vector<char> storage;
  if (storage.size() < bytes + 1)
  {
    storage.clear();
    storage.shrink_to_fit();
    storage.resize(bytes + 1);
  }
  return thrust::raw_pointer_cast(storage.data());
}

// The benchmark sizes: 2^16 ... 2^28 total elements, every power of 4, plus
// 2^27 (two inputs of 2^26, where the performance targets are set).
inline const std::int64_t size_list[] = {1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26, 1 << 27, 1 << 28};

// One timed call per repetition; the median over repetitions is the figure.
// MGPU_BENCH_REPETITIONS overrides the default 15 (long sweeps use fewer).
inline int repetitions()
{
  const char* text = std::getenv("MGPU_BENCH_REPETITIONS");
  const int parsed = text ? std::atoi(text) : 0;
  return parsed > 0 ? parsed : 15;
}

inline void configure(benchmark::internal::Benchmark* b)
{
  b->UseManualTime()
    ->Unit(benchmark::kMicrosecond)
    ->Iterations(1)
    ->Repetitions(repetitions())
    ->ReportAggregatesOnly(true);
}

} // namespace bench
