// mgpu::segmented_reduce against what a CUB or Thrust user writes today, on
// the same device data in one process:
//   cub_segmented:         cub::DeviceSegmentedReduce::Sum over the offsets
//                          (begin = offsets, end = offsets + 1, one extra
//                          offset holding the total), raw pointers, its
//                          temporary storage allocated once before timing.
//   thrust_reduce_by_key:  thrust::reduce_by_key over segment ids built
//                          before timing: the Thrust call alone, for a user
//                          who already holds a key per value. It writes no
//                          result for an empty segment (they are filled in,
//                          untimed, only to check the sums).
//   thrust_idiom:          the whole job from the same offsets: segment ids
//                          by thrust::upper_bound of a counting iterator in the
//                          offsets, minus 1 (through a transform_output_iterator),
//                          reduce_by_key, then fill with init and scatter the
//                          sums to their segments, all timed.
// mgpu and the Thrust forms are called with device_vector iterators and
// thrust::device (scratch from cudaMalloc and cudaFree in every call); at
// 2^26 values, IMPL_ptr makes the same calls on raw pointers and IMPL_cached
// with iterators and thrust::cuda::par(caching allocator).
// int32 values in [0, 16) summed with init 0; wide values (bytes32, bytes64,
// bytes128: records of 8, 16 or 32 such ints, summed lane by lane, CUB through
// DeviceSegmentedReduce::Reduce) at one size each, iterators only. Segment
// sizes are uniform in [0, 2 * mean] (mean1, mean16, mean1000) or one segment
// of every value (one).
// Bytes count what the job must move: the values and offsets read and the
// results written, once each (the copy roofline is copy/cudaMemcpy_d2d).
#include "bench_support.h"

#include <mgpu/segmented_reduce.h>

#include <cub/device/device_segmented_reduce.cuh>
#include <thrust/binary_search.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>

namespace {

struct distribution
{
  const char* name;
  int mean; // sizes uniform in [0, 2 * mean]; 0: one segment of every value
};
const distribution distributions[] = {{"mean1", 1}, {"mean16", 16}, {"mean1000", 1000}, {"one", 0}};

// The sizes of the comparison: up to 2^26 values, where the targets are set.
const std::int64_t value_counts[] = {1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 26};
constexpr std::int64_t target_values = std::int64_t(1) << 26;

// K ints added lane by lane: a value as wide as a user's record.
template <int K>
struct ints
{
  int lane[K];

  ints() = default;
  __host__ __device__ explicit ints(int x)
  {
    for (int& l : lane)
      l = x;
  }
  friend __host__ __device__ ints operator+(const ints& a, const ints& b)
  {
    ints sum;
    for (int k = 0; k < K; ++k)
      sum.lane[k] = a.lane[k] + b.lane[k];
    return sum;
  }
  friend __host__ __device__ bool operator==(const ints& a, const ints& b)
  {
    for (int k = 0; k < K; ++k)
      if (a.lane[k] != b.lane[k])
        return false;
    return true;
  }
};

// Record i: each of its lanes hashed on its own, as a scalar value is.
template <int K>
struct hashed_lanes
{
  bench::hash_value hash;
  __host__ __device__ ints<K> operator()(std::uint64_t i) const
  {
    ints<K> v;
    for (int k = 0; k < K; ++k)
      v.lane[k] = int(hash(i * K + k));
    return v;
  }
};

// What fills a problem's values: bench::hashed_as for scalars.
template <class T>
struct value_source
{
  using type = bench::hashed_as<T>;
};
template <int K>
struct value_source<ints<K>>
{
  using type = hashed_lanes<K>;
};

template <class T>
const char* value_name();
template <>
const char* value_name<int>() { return "int32"; }
template <>
const char* value_name<ints<8>>() { return "bytes32"; }
template <>
const char* value_name<ints<16>>() { return "bytes64"; }
template <>
const char* value_name<ints<32>>() { return "bytes128"; }

template <class T>
struct minus_one
{
  __host__ __device__ T operator()(T x) const { return x - 1; }
};

template <class T>
T* raw(thrust::device_vector<T>& v)
{
  return thrust::raw_pointer_cast(v.data());
}

// One problem, shared by every implementation of a case.
template <class T>
struct problem
{
  std::int64_t segments = 0;
  int total             = 0;
  thrust::device_vector<int> offsets; // segments + 1: the last is the total (CUB's end offsets)
  thrust::device_vector<T> values;
  thrust::device_vector<int> keys, keys_out, scratch; // segment ids: given, compacted, built by the idiom
  thrust::device_vector<T> out, sums_out;             // results and reduce_by_key's sums
  thrust::device_vector<T> expected;
};

// segment ids of the values (the Thrust idiom's first step) into `keys`.
template <class Policy, class OffsetIt, class KeyIt>
void segment_ids(const Policy& policy, OffsetIt offsets, std::int64_t segments, int total, KeyIt keys)
{
  const auto items = thrust::make_counting_iterator(0);
  thrust::upper_bound(policy, offsets, offsets + segments, items, items + total,
                      thrust::make_transform_output_iterator(keys, minus_one<int>{}));
}

template <class T>
problem<T>& inputs(std::int64_t nominal_total, const distribution& dist)
{
  static bench::input_cache<problem<T>> cache;
  return cache.get(std::to_string(nominal_total) + "/" + dist.name, [&] {
    problem<T> p;
    p.segments = dist.mean > 0 ? std::max<std::int64_t>(1, nominal_total / dist.mean) : 1;
    thrust::device_vector<int> sizes(p.segments);
    if (dist.mean > 0)
      thrust::tabulate(sizes.begin(), sizes.end(), bench::uniform_size{bench::hash_value{41, 1u << 30}, dist.mean});
    else
      sizes[0] = int(nominal_total);
    p.offsets.resize(p.segments + 1);
    thrust::exclusive_scan(sizes.begin(), sizes.end(), p.offsets.begin());
    p.total                 = int(p.offsets[p.segments - 1]) + int(sizes.back());
    p.offsets[p.segments]   = p.total;
    // Values (every lane) below 16: even one segment of 2^26 sums within int32.
    p.values.resize(std::size_t(p.total));
    thrust::tabulate(p.values.begin(), p.values.end(), typename value_source<T>::type{bench::hash_value{42, 16}});
    p.keys.resize(std::size_t(p.total));
    segment_ids(thrust::device, p.offsets.begin(), p.segments, p.total, p.keys.begin());
    p.out.resize(std::size_t(p.segments));
    p.keys_out.resize(std::size_t(p.segments));
    p.sums_out.resize(std::size_t(p.segments));
    p.scratch.resize(std::size_t(p.total));

    // The reference, from the Thrust idiom, before any timing.
    p.expected.resize(std::size_t(p.segments));
    thrust::fill(p.expected.begin(), p.expected.end(), T(0));
    const auto ends = thrust::reduce_by_key(p.keys.begin(), p.keys.end(), p.values.begin(), p.keys_out.begin(),
                                            p.sums_out.begin());
    thrust::scatter(p.sums_out.begin(), ends.second, p.keys_out.begin(), p.expected.begin());
    return p;
  });
}

enum class impl
{
  mgpu,
  cub_segmented,
  thrust_reduce_by_key,
  thrust_idiom
};
const char* name_of(impl i)
{
  switch (i)
  {
    case impl::mgpu: return "mgpu";
    case impl::cub_segmented: return "cub_segmented";
    case impl::thrust_reduce_by_key: return "thrust_reduce_by_key";
    default: return "thrust_idiom";
  }
}

// CUB's call: Sum for int32, Reduce with plus and init 0 for the records.
template <class T>
cudaError_t cub_reduce(void* temp, std::size_t& temp_bytes, problem<T>& p)
{
  const int* const offsets = raw(p.offsets);
  if constexpr (std::is_same_v<T, int>)
    return cub::DeviceSegmentedReduce::Sum(temp, temp_bytes, raw(p.values), raw(p.out), p.segments, offsets,
                                           offsets + 1);
  else
    return cub::DeviceSegmentedReduce::Reduce(temp, temp_bytes, raw(p.values), raw(p.out), p.segments, offsets,
                                              offsets + 1, thrust::plus<T>{}, T(0));
}

template <class T>
void run_case(benchmark::State& state, impl who, bench::form how, std::int64_t nominal_total, distribution dist)
{
  auto& p              = inputs<T>(nominal_total, dist);
  const std::int64_t m = p.segments;
  const int n          = p.total;
  bench::poison(p.out);

  std::size_t temp_bytes = 0;
  if (who == impl::cub_segmented)
    bench::cuda_check(cub_reduce(nullptr, temp_bytes, p), "cub::DeviceSegmentedReduce");
  void* const temp = bench::peer_scratch(temp_bytes);

  int compacted = 0; // reduce_by_key's output count
  auto run_mgpu = [&](const auto& policy, auto at) {
    mgpu::segmented_reduce(policy, at(p.values), at(p.values) + n, at(p.offsets), at(p.offsets) + m, at(p.out),
                           T(0), thrust::plus<T>{});
  };
  auto run_reduce_by_key = [&](const auto& policy, auto at) {
    const auto ends = thrust::reduce_by_key(policy, at(p.keys), at(p.keys) + n, at(p.values), at(p.keys_out),
                                            at(p.sums_out));
    compacted       = int(ends.first - at(p.keys_out));
  };
  auto run_idiom = [&](const auto& policy, auto at) {
    segment_ids(policy, at(p.offsets), m, n, at(p.scratch));
    const auto ends = thrust::reduce_by_key(policy, at(p.scratch), at(p.scratch) + n, at(p.values), at(p.keys_out),
                                            at(p.sums_out));
    thrust::fill(policy, at(p.out), at(p.out) + m, T(0));
    thrust::scatter(policy, at(p.sums_out), ends.second, at(p.keys_out), at(p.out));
  };
  bench::time_calls(state, [&] {
    switch (who)
    {
      case impl::mgpu: bench::in_form(how, run_mgpu); break;
      case impl::cub_segmented:
        bench::cuda_check(cub_reduce(temp, temp_bytes, p), "cub::DeviceSegmentedReduce");
        break;
      case impl::thrust_reduce_by_key: bench::in_form(how, run_reduce_by_key); break;
      case impl::thrust_idiom: bench::in_form(how, run_idiom); break;
    }
  });

  if (who == impl::thrust_reduce_by_key)
  {
    // Untimed: the empty segments' init, to compare the whole result.
    thrust::fill(p.out.begin(), p.out.end(), T(0));
    thrust::scatter(p.sums_out.begin(), p.sums_out.begin() + compacted, p.keys_out.begin(), p.out.begin());
  }
  bench::verify(state, p.out, p.expected);
  bench::report_traffic(state, double(n) * sizeof(T) + double(m) * (sizeof(int) + sizeof(T)), double(n));
}

template <class T>
void register_cases(std::int64_t total, std::int64_t target, distribution dist)
{
  for (impl who : {impl::mgpu, impl::cub_segmented, impl::thrust_reduce_by_key, impl::thrust_idiom})
    for (bench::form how : bench::forms_at(total, target))
    {
      if (who == impl::cub_segmented && how != bench::form::iterators)
        continue; // CUB's one form: raw pointers
      const std::string name = std::string("segmented_reduce/") + name_of(who) +
                               (who == impl::cub_segmented ? "" : bench::suffix_of(how)) + "/" + value_name<T>() +
                               "/" + dist.name + "/" + std::to_string(total);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { run_case<T>(s, who, how, total, dist); })
        ->Apply(bench::configure);
    }
}

const bool registered = [] {
  // Case-major order: every implementation of one case runs on the same
  // cached problem before the next one is built.
  for (const auto& dist : distributions)
    for (std::int64_t total : value_counts)
      register_cases<int>(total, target_values, dist);
  // Records at 128 MiB of values or less; no second form (target 0).
  for (const auto& dist : distributions)
  {
    register_cases<ints<8>>(std::int64_t(1) << 22, 0, dist);
    register_cases<ints<16>>(std::int64_t(1) << 21, 0, dist);
    register_cases<ints<32>>(std::int64_t(1) << 20, 0, dist);
  }
  return true;
}();

} // namespace
