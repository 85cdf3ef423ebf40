// mgpu::load_balance_search, transform_lbs and the interval family against
// what a Thrust/CUB user writes today, on the same device data in one process:
//   lbs/thrust_idiom:             thrust::upper_bound(offsets, counting_iterator)
//                                 minus 1 (fused through a transform_output_iterator)
//   transform_lbs/lbs_then_rank:  mgpu::load_balance_search, then a thrust::transform
//                                 computing each rank (what transform_lbs fuses)
//   interval_expand/thrust_idiom: the LBS idiom into a scratch array, then thrust::gather
//   interval_gather/cub_batched,
//   interval_move/cub_batched:    cub::DeviceMemcpy::Batched, one buffer per interval
// mgpu and the idioms are called with device_vector iterators and
// thrust::device (scratch from cudaMalloc and cudaFree in every call); at 2^26
// items, IMPL_ptr makes the same calls on raw pointers and IMPL_cached with
// iterators and thrust::cuda::par(caching allocator). The Thrust idioms
// allocate nothing and CUB's storage is allocated once, on raw pointers,
// before timing: IMPL_cached compares the algorithms alone.
// Segment counts are uniform in [0, 2 * mean] (mean1 ... mean256) or power-law
// (P(count >= k) ~ k^-1.5, capped at 2^16). Gathered intervals sit in order in
// a larger input with random gaps (sub-ranges of a bigger array); moved
// intervals also land in order with random gaps (re-spacing intervals).
// TYPE is the integer type of offsets, values, starts and results alike.
// Bytes count what the job must move: results written, offsets and
// per-segment values/starts read, and for gather/move the input read, once.
#include "bench_support.h"

#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>

#include <cub/device/device_memcpy.cuh>
#include <thrust/binary_search.h>
#include <thrust/for_each.h>
#include <thrust/gather.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/scan.h>
#include <thrust/transform.h>

#include <cmath>
#include <cstdint>
#include <string>

namespace {

struct distribution
{
  const char* name;
  int mean; // counts uniform in [0, 2 * mean]; 0 for the power law
};
const distribution distributions[] = {{"mean1", 1}, {"mean4", 4}, {"mean16", 16}, {"mean256", 256}, {"powerlaw", 0}};

// Expected count of the power law below (zeta(1.5) - 1, less the cap's share).
constexpr double power_law_mean = 1.6;

struct segment_count
{
  bench::hash_value hash; // range 2^30
  int mean;
  __host__ __device__ std::int64_t operator()(std::int64_t s) const
  {
    const std::uint64_t h = hash(std::uint64_t(s));
    if (mean > 0)
      return std::int64_t(h % std::uint64_t(2 * mean + 1));
    const double u = (double(h) + 1.0) / double(1u << 30); // (0, 1]
    const double c = floor(pow(u, -1.0 / 1.5)) - 1.0;
    return std::int64_t(c < 65536.0 ? c : 65536.0);
  }
};

// count[s] plus a random gap of up to count[s]: the stride of a gapped layout.
template <class T>
struct count_plus_gap
{
  const T* offsets;
  std::int64_t segments;
  T total;
  bench::hash_value hash; // range 2^30
  __host__ __device__ T operator()(std::int64_t s) const
  {
    const T count = (s + 1 < segments ? offsets[s + 1] : total) - offsets[s];
    return count + T(hash(std::uint64_t(s)) % std::uint64_t(count + 1));
  }
};

template <class T>
struct minus_one
{
  __host__ __device__ T operator()(T x) const { return x - 1; }
};

// rank of item i given its segment.
template <class T>
struct rank_of
{
  const T* offsets;
  __host__ __device__ T operator()(T item, T segment) const { return item - offsets[segment]; }
};

// transform_lbs's trivial functor: records (segment, rank).
template <class T>
struct write_segment_and_rank
{
  T* segments;
  T* ranks;
  __host__ __device__ void operator()(std::int64_t item, std::int64_t segment, std::int64_t rank) const
  {
    segments[item] = T(segment);
    ranks[item]    = T(rank);
  }
};

// Reference for gather and move, from the segments the Thrust idiom found.
template <class T>
struct reference_move
{
  const T* offsets;
  const T* segments;
  const T* gather;
  const T* scatter; // nullptr: store at the item's own position
  const T* input;
  T* result;
  __host__ __device__ void operator()(std::int64_t item) const
  {
    const T s = segments[item], rank = T(item) - offsets[s];
    result[scatter ? scatter[s] + rank : T(item)] = input[gather[s] + rank];
  }
};

// cub::DeviceMemcpy::Batched's view of the intervals: one buffer each.
template <class T>
struct buffer_at
{
  T* base;
  const T* starts;
  __host__ __device__ T* operator()(std::int64_t s) const { return base + starts[s]; }
};
template <class T>
struct buffer_bytes
{
  const T* offsets;
  std::int64_t segments;
  T total;
  __host__ __device__ std::size_t operator()(std::int64_t s) const
  {
    return std::size_t((s + 1 < segments ? offsets[s + 1] : total) - offsets[s]) * sizeof(T);
  }
};

template <class T>
T* raw(thrust::device_vector<T>& v)
{
  return thrust::raw_pointer_cast(v.data());
}

// One problem, shared by every family and implementation of a case.
template <class T>
struct problem
{
  std::int64_t segments = 0;
  T total = 0, input_size = 0, result_size = 0;
  thrust::device_vector<T> offsets, values, gather, scatter, input;
  thrust::device_vector<T> out, out2, scratch;        // results and the idioms' scratch
  thrust::device_vector<T> lbs, ranks, expanded, gathered, moved; // references
};

// Interval starts laid out in order with random gaps; returns the extent.
template <class T>
T gapped_layout(thrust::device_vector<T>& starts, problem<T>& p, std::uint64_t seed)
{
  starts.resize(p.segments);
  const bench::hash_value gap{seed, 1u << 30};
  auto strides = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                 count_plus_gap<T>{raw(p.offsets), p.segments, p.total, gap});
  thrust::exclusive_scan(thrust::device, strides, strides + p.segments, starts.begin());
  const T last_count = p.total - T(p.offsets.back());
  return T(starts.back()) + last_count + T(gap(std::uint64_t(p.segments - 1)) % std::uint64_t(last_count + 1));
}

template <class T>
problem<T>& inputs(std::int64_t nominal_total, const distribution& dist)
{
  static bench::input_cache<problem<T>> cache;
  return cache.get(std::to_string(nominal_total) + "/" + dist.name + "/" + std::to_string(sizeof(T)), [&] {
    problem<T> p;
    const double mean = dist.mean > 0 ? double(dist.mean) : power_law_mean;
    p.segments        = std::max<std::int64_t>(1, std::int64_t(double(nominal_total) / mean));
    p.total =
      bench::offsets_of_sizes(p.offsets, p.segments, segment_count{bench::hash_value{31, 1u << 30}, dist.mean});

    p.values      = bench::random_vector<T>(p.segments, 1u << 30, 32);
    p.input_size  = gapped_layout(p.gather, p, 33);
    p.result_size = gapped_layout(p.scatter, p, 34);
    p.input       = bench::random_vector<T>(std::size_t(p.input_size), 1u << 30, 35);
    p.out.resize(std::size_t(p.result_size));
    p.out2.resize(std::size_t(p.total));
    p.scratch.resize(std::size_t(p.total));

    // References, from the Thrust idiom, before any timing.
    p.lbs.resize(std::size_t(p.total));
    thrust::upper_bound(p.offsets.begin(), p.offsets.end(), thrust::make_counting_iterator<T>(0),
                        thrust::make_counting_iterator<T>(p.total), p.lbs.begin());
    thrust::transform(p.lbs.begin(), p.lbs.end(), p.lbs.begin(), minus_one<T>{});
    p.ranks.resize(std::size_t(p.total));
    thrust::transform(thrust::device, thrust::make_counting_iterator<T>(0), thrust::make_counting_iterator<T>(p.total),
                      p.lbs.begin(), p.ranks.begin(), rank_of<T>{raw(p.offsets)});
    p.expanded.resize(std::size_t(p.total));
    thrust::gather(p.lbs.begin(), p.lbs.end(), p.values.begin(), p.expanded.begin());
    p.gathered.resize(std::size_t(p.total));
    thrust::for_each_n(thrust::device, thrust::make_counting_iterator<std::int64_t>(0), p.total,
                       reference_move<T>{raw(p.offsets), raw(p.lbs), raw(p.gather), nullptr, raw(p.input),
                                         raw(p.gathered)});
    p.moved.resize(std::size_t(p.result_size));
    bench::poison(p.moved);
    thrust::for_each_n(thrust::device, thrust::make_counting_iterator<std::int64_t>(0), p.total,
                       reference_move<T>{raw(p.offsets), raw(p.lbs), raw(p.gather), raw(p.scatter), raw(p.input),
                                         raw(p.moved)});
    return p;
  });
}

enum class family
{
  lbs,
  transform_lbs,
  interval_expand,
  interval_gather,
  interval_move
};
const char* name_of(family f)
{
  switch (f)
  {
    case family::lbs: return "lbs";
    case family::transform_lbs: return "transform_lbs";
    case family::interval_expand: return "interval_expand";
    case family::interval_gather: return "interval_gather";
    default: return "interval_move";
  }
}
// The peer each family is measured against: a Thrust idiom or CUB.
bool peer_is_cub(family f) { return f == family::interval_gather || f == family::interval_move; }
const char* peer_of(family f)
{
  return f == family::transform_lbs ? "lbs_then_rank" : peer_is_cub(f) ? "cub_batched" : "thrust_idiom";
}

enum class impl
{
  mgpu,
  peer
};

template <class T>
void run_case(benchmark::State& state, family which, impl who, bench::form how, std::int64_t nominal_total,
              distribution dist)
{
  auto& p = inputs<T>(nominal_total, dist);
  const std::int64_t m = p.segments;
  const T n            = p.total;
  bench::poison(p.out);
  bench::poison(p.out2);

  // CUB's batched copy: buffers and sizes computed from the same offsets and
  // starts on raw pointers; its temporary storage is allocated once, before
  // the timed calls.
  auto sizes          = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                        buffer_bytes<T>{raw(p.offsets), m, n});
  auto sources        = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                        buffer_at<const T>{raw(p.input), raw(p.gather)});
  const T* out_starts = which == family::interval_move ? raw(p.scatter) : raw(p.offsets);
  auto destinations   = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                        buffer_at<T>{raw(p.out), out_starts});
  std::size_t temp_bytes = 0;
  if (which == family::interval_gather || which == family::interval_move)
    bench::cuda_check(cub::DeviceMemcpy::Batched(nullptr, temp_bytes, sources, destinations, sizes, m),
                      "cub::DeviceMemcpy::Batched");
  void* const temp = bench::peer_scratch(temp_bytes);

  auto items    = thrust::make_counting_iterator<T>(0);
  auto run_mgpu = [&](const auto& policy, auto at) {
    const auto offsets = at(p.offsets);
    switch (which)
    {
      case family::lbs: mgpu::load_balance_search(policy, offsets, offsets + m, at(p.out), at(p.out) + n); break;
      case family::transform_lbs:
        mgpu::transform_lbs(policy, offsets, offsets + m, n, write_segment_and_rank<T>{raw(p.out), raw(p.out2)});
        break;
      case family::interval_expand:
        mgpu::interval_expand(policy, offsets, offsets + m, at(p.values), at(p.out), at(p.out) + n);
        break;
      case family::interval_gather:
        mgpu::interval_gather(policy, offsets, offsets + m, at(p.gather), at(p.input), at(p.out), at(p.out) + n);
        break;
      case family::interval_move:
        mgpu::interval_move(policy, offsets, offsets + m, n, at(p.gather), at(p.scatter), at(p.input), at(p.out));
        break;
    }
  };
  auto run_idiom = [&](const auto& policy, auto at) {
    const auto offsets = at(p.offsets);
    switch (which)
    {
      case family::lbs:
        thrust::upper_bound(policy, offsets, offsets + m, items, items + n,
                            thrust::make_transform_output_iterator(at(p.out), minus_one<T>{}));
        break;
      case family::transform_lbs:
        mgpu::load_balance_search(policy, offsets, offsets + m, at(p.out), at(p.out) + n);
        thrust::transform(policy, items, items + n, at(p.out), at(p.out2), rank_of<T>{raw(p.offsets)});
        break;
      case family::interval_expand:
        thrust::upper_bound(policy, offsets, offsets + m, items, items + n,
                            thrust::make_transform_output_iterator(at(p.scratch), minus_one<T>{}));
        thrust::gather(policy, at(p.scratch), at(p.scratch) + n, at(p.values), at(p.out));
        break;
      default: break; // CUB's peers: below
    }
  };
  bench::time_calls(state, [&] {
    if (who == impl::mgpu)
      bench::in_form(how, run_mgpu);
    else if (!peer_is_cub(which))
      bench::in_form(how, run_idiom);
    else
      bench::cuda_check(cub::DeviceMemcpy::Batched(temp, temp_bytes, sources, destinations, sizes, m),
                        "cub::DeviceMemcpy::Batched");
  });

  const double item_bytes = double(n) * sizeof(T), segment_bytes = double(m) * sizeof(T);
  switch (which)
  {
    case family::lbs:
      bench::verify_prefix(state, p.out, p.lbs);
      bench::report_traffic(state, item_bytes + segment_bytes, double(n));
      break;
    case family::transform_lbs:
      bench::verify_prefix(state, p.out, p.lbs);
      bench::verify(state, p.out2, p.ranks);
      bench::report_traffic(state, 2 * item_bytes + segment_bytes, double(n));
      break;
    case family::interval_expand:
      bench::verify_prefix(state, p.out, p.expanded);
      bench::report_traffic(state, item_bytes + 2 * segment_bytes, double(n));
      break;
    case family::interval_gather:
      bench::verify_prefix(state, p.out, p.gathered);
      bench::report_traffic(state, 2 * item_bytes + 2 * segment_bytes, double(n));
      break;
    case family::interval_move:
      bench::verify(state, p.out, p.moved);
      bench::report_traffic(state, 2 * item_bytes + 3 * segment_bytes, double(n));
      break;
  }
}

// 2^26 work items: the size the targets are set at.
constexpr std::int64_t target_items = std::int64_t(1) << 26;

template <class T>
void register_type(const char* type_name)
{
  // Case-major order: every family and implementation of one case run on the
  // same cached problem before the next one is built.
  for (const auto& dist : distributions)
    for (std::int64_t total : bench::size_list)
      for (family which : {family::lbs, family::transform_lbs, family::interval_expand, family::interval_gather,
                           family::interval_move})
        for (impl who : {impl::mgpu, impl::peer})
          for (bench::form how : bench::forms_at(total, target_items))
          {
            const bool cub = who == impl::peer && peer_is_cub(which);
            if (cub && how != bench::form::iterators)
              continue; // CUB's one form: raw pointers
            const std::string name = std::string(name_of(which)) + "/" + (who == impl::mgpu ? "mgpu" : peer_of(which)) +
                                     (cub ? "" : bench::suffix_of(how)) + "/" + type_name + "/" + dist.name + "/" +
                                     std::to_string(total);
            benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
              run_case<T>(s, which, who, how, total, dist);
            })->Apply(bench::configure);
          }
}

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  return true;
}();

} // namespace
