// mgpu's multiset operations against thrust::set_* and thrust::set_*_by_key,
// on the same device data in one process.
//
// Names: FAMILY/IMPL/TYPE/DIST/SIZE with FAMILY the Thrust algorithm's name,
// IMPL mgpu (general overload), mgpu_unique (the unique_keys overload, only
// on duplicate-free data) or thrust, all with thrust::device, or mgpu_cached
// and thrust_cached (2^27 only), the same calls with a caching allocator;
// TYPE the key (and value) type, SIZE the total of both inputs and DIST the
// keys and the size ratio of A to B:
//   wide_*    keys in [0, 2^30]: few duplicates, few matches
//   narrow_*  keys in [0, 1000]: long runs of duplicates, many matches
//   unique_*  strictly increasing keys spread over [0, 2^30]: no duplicates
//   *_1to1, *_1to10: |A| : |B|.
// Bytes count every input key read once, one input value read per output
// value, and every output written once.
//
// The set_*_tuning families time other tile shapes of the mgpu kernels
// (IMPL mgpu_<threads>x<items per thread>m<min CTAs per SM>) at 2^27 int32
// and int64 keys.
#include "bench_support.h"

#include <mgpu/set_operations.h>

#include <thrust/set_operations.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace {

enum class family
{
  intersection,
  union_,
  difference,
  symmetric_difference
};

const char* family_name(family f)
{
  switch (f)
  {
    case family::intersection: return "set_intersection";
    case family::union_: return "set_union";
    case family::difference: return "set_difference";
    default: return "set_symmetric_difference";
  }
}

constexpr mgpu::detail::set_op internal_op(family f)
{
  using mgpu::detail::set_op;
  return f == family::intersection ? set_op::intersection
         : f == family::union_     ? set_op::union_
         : f == family::difference ? set_op::difference
                                   : set_op::symmetric_difference;
}

// mgpu_cached and thrust_cached run mgpu's general overload and Thrust with
// thrust::cuda::par(caching allocator): no cudaMalloc/cudaFree in the timed
// calls, on either side.
enum class impl
{
  mgpu,
  mgpu_unique,
  thrust,
  mgpu_cached,
  thrust_cached
};

const char* impl_name(impl i)
{
  switch (i)
  {
    case impl::mgpu: return "mgpu";
    case impl::mgpu_unique: return "mgpu_unique";
    case impl::thrust: return "thrust";
    case impl::mgpu_cached: return "mgpu_cached";
    default: return "thrust_cached";
  }
}

enum class keys_kind
{
  wide,
  narrow,
  unique
};

struct distribution
{
  keys_kind kind;
  int ratio; // |B| = ratio * |A|
  std::string name() const
  {
    const char* k = kind == keys_kind::wide ? "wide" : kind == keys_kind::narrow ? "narrow" : "unique";
    return std::string(k) + "_1to" + std::to_string(ratio);
  }
};

// Strictly increasing keys: key i lies in its own stride-wide slot of
// [0, 2^30), at a hashed offset.
template <class Key>
struct unique_key
{
  std::uint64_t stride;
  bench::hash_value hash;
  __host__ __device__ Key operator()(std::uint64_t i) const
  {
    return static_cast<Key>(i * stride + (stride > 1 ? hash(i) % stride : 0));
  }
};

template <class Key>
thrust::device_vector<Key> make_keys(std::size_t count, keys_kind kind, std::uint64_t seed)
{
  if (kind == keys_kind::unique)
  {
    thrust::device_vector<Key> keys(count);
    const std::uint64_t stride = count ? std::max<std::uint64_t>(1, (std::uint64_t(1) << 30) / count) : 1;
    thrust::tabulate(keys.begin(), keys.end(), unique_key<Key>{stride, bench::hash_value{seed, 1u << 30}});
    return keys;
  }
  return bench::sorted_random_vector<Key>(count, kind == keys_kind::wide ? (1ull << 30) + 1 : 1001, seed);
}

template <class Key>
struct set_data
{
  thrust::device_vector<Key> a_keys, b_keys, a_values, b_values, keys_out, values_out;
  // Thrust's result of the most recent family, the reference of the others.
  std::string expected_for;
  thrust::device_vector<Key> expected_keys, expected_values;
  std::int64_t expected_count = 0;
};

template <class Key>
set_data<Key>& inputs(std::int64_t total, distribution dist)
{
  static bench::input_cache<set_data<Key>> cache;
  return cache.get(std::to_string(total) + "/" + dist.name(), [&] {
    set_data<Key> d;
    const std::size_t na = std::size_t(total / (dist.ratio + 1)), nb = std::size_t(total) - na;
    d.a_keys   = make_keys<Key>(na, dist.kind, 1);
    d.b_keys   = make_keys<Key>(nb, dist.kind, 2);
    d.a_values = bench::random_vector<Key>(na, 1u << 30, 3);
    d.b_values = bench::random_vector<Key>(nb, 1u << 30, 4);
    d.keys_out.resize(total);
    d.values_out.resize(total);
    return d;
  });
}

// The operation `F` through `which` (mgpu, mgpu_unique or thrust) on
// `policy`; returns the number of outputs.
template <family F, bool ByKey, class Key, class Policy>
std::int64_t run_on(const Policy& policy, impl which, set_data<Key>& d, Key* keys_out, Key* values_out)
{
  const Key* a  = thrust::raw_pointer_cast(d.a_keys.data());
  const Key* b  = thrust::raw_pointer_cast(d.b_keys.data());
  const Key* av = thrust::raw_pointer_cast(d.a_values.data());
  const Key* bv = thrust::raw_pointer_cast(d.b_values.data());
  const std::int64_t na = d.a_keys.size(), nb = d.b_keys.size();
  ::cuda::std::less<> less;
  if constexpr (!ByKey)
  {
    Key* end = nullptr;
    const bool unique = which == impl::mgpu_unique;
    if (which == impl::thrust)
    {
      if constexpr (F == family::intersection)
        end = thrust::set_intersection(policy, a, a + na, b, b + nb, keys_out);
      else if constexpr (F == family::union_)
        end = thrust::set_union(policy, a, a + na, b, b + nb, keys_out);
      else if constexpr (F == family::difference)
        end = thrust::set_difference(policy, a, a + na, b, b + nb, keys_out);
      else
        end = thrust::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out);
    }
    else if constexpr (F == family::intersection)
      end = unique ? mgpu::set_intersection(policy, a, a + na, b, b + nb, keys_out, less, mgpu::unique_keys)
                   : mgpu::set_intersection(policy, a, a + na, b, b + nb, keys_out);
    else if constexpr (F == family::union_)
      end = unique ? mgpu::set_union(policy, a, a + na, b, b + nb, keys_out, less, mgpu::unique_keys)
                   : mgpu::set_union(policy, a, a + na, b, b + nb, keys_out);
    else if constexpr (F == family::difference)
      end = unique ? mgpu::set_difference(policy, a, a + na, b, b + nb, keys_out, less, mgpu::unique_keys)
                   : mgpu::set_difference(policy, a, a + na, b, b + nb, keys_out);
    else
      end = unique ? mgpu::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out, less,
                                                    mgpu::unique_keys)
                   : mgpu::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out);
    return end - keys_out;
  }
  else
  {
    thrust::pair<Key*, Key*> ends;
    if constexpr (F == family::intersection)
      ends = which == impl::thrust
               ? thrust::set_intersection_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out)
             : which == impl::mgpu_unique
               ? mgpu::set_intersection_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out, less,
                                               mgpu::unique_keys)
               : mgpu::set_intersection_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out);
    else if constexpr (F == family::union_)
      ends = which == impl::thrust
               ? thrust::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out)
             : which == impl::mgpu_unique
               ? mgpu::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out, less,
                                        mgpu::unique_keys)
               : mgpu::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out);
    else if constexpr (F == family::difference)
      ends = which == impl::thrust
               ? thrust::set_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out)
             : which == impl::mgpu_unique
               ? mgpu::set_difference_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out, less,
                                             mgpu::unique_keys)
               : mgpu::set_difference_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out);
    else
      ends = which == impl::thrust
               ? thrust::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out,
                                                         values_out)
             : which == impl::mgpu_unique
               ? mgpu::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out,
                                                       values_out, less, mgpu::unique_keys)
               : mgpu::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out,
                                                       values_out);
    return ends.first - keys_out;
  }
}

template <family F, bool ByKey, class Key>
std::int64_t run(impl which, set_data<Key>& d, Key* keys_out, Key* values_out)
{
  if (which == impl::mgpu_cached)
    return run_on<F, ByKey>(thrust::cuda::par(bench::cached_blocks()), impl::mgpu, d, keys_out, values_out);
  if (which == impl::thrust_cached)
    return run_on<F, ByKey>(thrust::cuda::par(bench::cached_blocks()), impl::thrust, d, keys_out, values_out);
  return run_on<F, ByKey>(thrust::device, which, d, keys_out, values_out);
}

// Thrust's result for this family and data, computed once.
template <family F, bool ByKey, class Key>
void prepare_reference(set_data<Key>& d)
{
  const std::string name = std::string(family_name(F)) + (ByKey ? "_by_key" : "");
  if (d.expected_for == name)
    return;
  d.expected_keys.resize(d.keys_out.size());
  d.expected_values.resize(ByKey ? d.values_out.size() : 0);
  d.expected_count = run<F, ByKey>(impl::thrust, d, thrust::raw_pointer_cast(d.expected_keys.data()),
                                   thrust::raw_pointer_cast(d.expected_values.data()));
  d.expected_keys.resize(d.expected_count);
  if (ByKey)
    d.expected_values.resize(d.expected_count);
  d.expected_for = name;
}

// The call's output count, then its outputs, against the reference.
template <class Vector>
void verify_outputs(benchmark::State& state, const Vector& actual, std::int64_t count, const Vector& expected)
{
  if (count != std::int64_t(expected.size()))
    state.SkipWithError("wrong result");
  else
    bench::verify_prefix(state, actual, expected);
}

template <class Key>
double traffic(const set_data<Key>& d, std::int64_t outputs, bool by_key)
{
  const double keys_read = double(d.a_keys.size() + d.b_keys.size()) * sizeof(Key);
  const double per_output = (by_key ? 3.0 : 1.0) * sizeof(Key); // key written, value read and written
  return keys_read + double(outputs) * per_output;
}

template <family F, bool ByKey, class Key>
void bench_set(benchmark::State& state, impl which, std::int64_t total, distribution dist)
{
  auto& d = inputs<Key>(total, dist);
  prepare_reference<F, ByKey>(d);
  bench::poison(d.keys_out);
  if (ByKey)
    bench::poison(d.values_out);
  Key* keys_out   = thrust::raw_pointer_cast(d.keys_out.data());
  Key* values_out = thrust::raw_pointer_cast(d.values_out.data());
  std::int64_t count = 0;
  bench::time_calls(state, [&] { count = run<F, ByKey>(which, d, keys_out, values_out); });
  verify_outputs(state, d.keys_out, count, d.expected_keys);
  if (ByKey)
    verify_outputs(state, d.values_out, count, d.expected_values);
  bench::report_traffic(state, traffic(d, count, ByKey), double(total));
}

template <family F, bool ByKey, class Key>
void register_family(const char* type_name, std::int64_t total, distribution dist)
{
  const std::string family = std::string(family_name(F)) + (ByKey ? "_by_key" : "");
  for (impl which : {impl::mgpu, impl::mgpu_unique, impl::thrust, impl::mgpu_cached, impl::thrust_cached})
  {
    if (which == impl::mgpu_unique && dist.kind != keys_kind::unique)
      continue; // the unique_keys promise holds only for duplicate-free data
    if ((which == impl::mgpu_cached || which == impl::thrust_cached) && total != (std::int64_t(1) << 27))
      continue; // at the size the targets are set
    const std::string name =
      family + "/" + impl_name(which) + "/" + type_name + "/" + dist.name() + "/" + std::to_string(total);
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
      bench_set<F, ByKey, Key>(s, which, total, dist);
    })->Apply(bench::configure);
  }
}

template <class Key>
void register_type(const char* type_name)
{
  const distribution distributions[] = {{keys_kind::wide, 1},   {keys_kind::narrow, 1}, {keys_kind::unique, 1},
                                        {keys_kind::wide, 10},  {keys_kind::narrow, 10}, {keys_kind::unique, 10}};
  // Data sets outermost, so consecutive benchmarks share one input set.
  for (const auto& dist : distributions)
    for (std::int64_t total : bench::size_list)
    {
      register_family<family::intersection, false, Key>(type_name, total, dist);
      register_family<family::union_, false, Key>(type_name, total, dist);
      register_family<family::difference, false, Key>(type_name, total, dist);
      register_family<family::symmetric_difference, false, Key>(type_name, total, dist);
      register_family<family::intersection, true, Key>(type_name, total, dist);
      register_family<family::union_, true, Key>(type_name, total, dist);
      register_family<family::difference, true, Key>(type_name, total, dist);
      register_family<family::symmetric_difference, true, Key>(type_name, total, dist);
    }
}

// ---------------------------------------------------------------------------
// Tile shapes
// ---------------------------------------------------------------------------

template <family F, bool ByKey, class Tuning, class Key>
void bench_shape(benchmark::State& state, std::int64_t total, distribution dist)
{
  auto& d     = inputs<Key>(total, dist);
  prepare_reference<F, ByKey>(d);
  bench::poison(d.keys_out);
  const Key* a  = thrust::raw_pointer_cast(d.a_keys.data());
  const Key* b  = thrust::raw_pointer_cast(d.b_keys.data());
  const Key* av = thrust::raw_pointer_cast(d.a_values.data());
  const Key* bv = thrust::raw_pointer_cast(d.b_values.data());
  Key* keys_out   = thrust::raw_pointer_cast(d.keys_out.data());
  Key* values_out = thrust::raw_pointer_cast(d.values_out.data());
  const std::int32_t na = std::int32_t(d.a_keys.size()), nb = std::int32_t(d.b_keys.size());
  auto policy = thrust::device;
  using hub = mgpu::detail::cuda::fixed_hub<mgpu::detail::cuda::set_policy<Tuning, MGPU_SET_OWN_CUT_WAVES>>;
  std::int64_t count = 0;
  bench::time_calls(state, [&] {
    constexpr auto op = internal_op(F);
    constexpr auto multiplicity = mgpu::key_multiplicity::duplicates;
    if constexpr (ByKey)
      count = mgpu::detail::cuda::set_operation_with_hub<std::int32_t, hub, op, multiplicity>(
        policy, a, na, b, nb, av, bv, keys_out, values_out, ::cuda::std::less<>{}, "benchmark");
    else
      count = mgpu::detail::cuda::set_operation_with_hub<std::int32_t, hub, op, multiplicity>(
        policy, a, na, b, nb, mgpu::detail::no_values{}, mgpu::detail::no_values{}, keys_out,
        mgpu::detail::no_values{}, ::cuda::std::less<>{}, "benchmark");
  });
  verify_outputs(state, d.keys_out, count, d.expected_keys);
  if (ByKey)
    verify_outputs(state, d.values_out, count, d.expected_values);
  bench::report_traffic(state, traffic(d, count, ByKey), double(total));
}

// Registers FAMILY_tuning/mgpu_<variant>/TYPE/DIST/SIZE with `Tuning`.
template <family F, bool ByKey, class Tuning, class Key = std::int32_t>
void register_tuning(std::int64_t total, distribution dist, const std::string& variant)
{
  const std::string name = std::string(family_name(F)) + (ByKey ? "_by_key" : "") + "_tuning/mgpu_" + variant +
                           (sizeof(Key) == 4 ? "/int32/" : "/int64/") + dist.name() + "/" + std::to_string(total);
  benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
    bench_shape<F, ByKey, Tuning, Key>(s, total, dist);
  })->Apply(bench::configure);
}

// A tile shape with the engine's look-back sleeps: <threads>x<items>m<min CTAs per SM>.
template <family F, bool ByKey, int Threads, int ItemsPerThread, int MinCtas, class Key = std::int32_t>
void register_shape(std::int64_t total, distribution dist)
{
  using tuning = mgpu::detail::cuda::set_tuning<mgpu::detail::cuda::tile_shape<Threads, ItemsPerThread>, MinCtas>;
  register_tuning<F, ByKey, tuning, Key>(
    total, dist, std::to_string(Threads) + "x" + std::to_string(ItemsPerThread) + "m" + std::to_string(MinCtas));
}

// The look-back's sleeps on the engine's shape: s<first>p<poll>, in ns.
template <family F, bool ByKey, unsigned FirstSleep, unsigned PollSleep>
void register_delay(std::int64_t total, distribution dist)
{
  using engine = mgpu::detail::cuda::set_operation_tuning_sm90<4>;
  using tuning = mgpu::detail::cuda::set_tuning<typename engine::shape, engine::min_ctas_per_sm, FirstSleep, PollSleep>;
  register_tuning<F, ByKey, tuning>(total, dist,
                                    std::to_string(engine::shape::threads) + "x" +
                                      std::to_string(engine::shape::items_per_thread) + "m" +
                                      std::to_string(engine::min_ctas_per_sm) + "_s" + std::to_string(FirstSleep) +
                                      "p" + std::to_string(PollSleep));
}

template <family F, bool ByKey>
void register_delays(std::int64_t total, distribution dist)
{
  register_delay<F, ByKey, 1000, 350>(total, dist);
  register_delay<F, ByKey, 600, 350>(total, dist);
  register_delay<F, ByKey, 1500, 350>(total, dist);
  register_delay<F, ByKey, 2000, 350>(total, dist);
  register_delay<F, ByKey, 1000, 200>(total, dist);
  register_delay<F, ByKey, 1000, 600>(total, dist);
}

// The shapes near the engine's (tuning.h records the wider sweeps).
template <family F, bool ByKey>
void register_shapes(std::int64_t total, distribution dist)
{
  // m<N>: at least N CTAs per SM (caps the registers).
  register_shape<F, ByKey, 256, 23, 4>(total, dist);
  register_shape<F, ByKey, 256, 23, 6>(total, dist);
  register_shape<F, ByKey, 256, 25, 5>(total, dist);
  register_shape<F, ByKey, 256, 27, 5>(total, dist);
  register_shape<F, ByKey, 256, 27, 6>(total, dist);
  register_shape<F, ByKey, 256, 29, 5>(total, dist);
  register_shape<F, ByKey, 256, 31, 5>(total, dist);
  register_shape<F, ByKey, 128, 27, 10>(total, dist);
}

// 8-byte keys (and values).
template <family F, bool ByKey>
void register_wide_shapes(std::int64_t total, distribution dist)
{
  register_shape<F, ByKey, 256, 11, 1, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 11, 4, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 15, 3, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 15, 4, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 19, 3, std::int64_t>(total, dist);
  register_shape<F, ByKey, 128, 15, 8, std::int64_t>(total, dist);
}

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  for (const distribution dist : {distribution{keys_kind::wide, 1}, distribution{keys_kind::narrow, 1}})
  {
    const std::int64_t total = std::int64_t(1) << 27;
    register_shapes<family::intersection, false>(total, dist);
    register_shapes<family::union_, false>(total, dist);
    // By key, intersection and difference gather a sparse subset of A's
    // values, union and symmetric difference nearly all of both sides'.
    register_shapes<family::intersection, true>(total, dist);
    register_shapes<family::union_, true>(total, dist);
    register_shapes<family::difference, true>(total, dist);
    register_shapes<family::symmetric_difference, true>(total, dist);
    register_delays<family::intersection, false>(total, dist);
    register_delays<family::union_, true>(total, dist);
    register_wide_shapes<family::intersection, false>(total, dist);
    register_wide_shapes<family::union_, false>(total, dist);
    register_wide_shapes<family::intersection, true>(total, dist);
    register_wide_shapes<family::union_, true>(total, dist);
  }
  return true;
}();

} // namespace
