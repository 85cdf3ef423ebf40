// mgpu's multiset operations against thrust::set_* and thrust::set_*_by_key,
// on the same device data in one process.
//
// Names: FAMILY/IMPL/TYPE/DIST/SIZE with FAMILY the Thrust algorithm's name,
// TYPE the key (and value) type, SIZE the total of both inputs and DIST as in
// set_operations_data.h. IMPL:
//   mgpu, thrust   mgpu's general overload and Thrust, with device_vector
//                  iterators and thrust::device
//   mgpu_unique    the unique_keys overload, the same way, only on
//                  duplicate-free data
//   mgpu_ptr, thrust_ptr        (2^27 only) the same calls on raw pointers
//   mgpu_cached, thrust_cached  (2^27 only) iterators and
//                               thrust::cuda::par(caching allocator)
// The tile-shape sweeps (set_*_tuning) are in set_operations_tuning.cu.
#include "set_operations_data.h"

#include <mgpu/set_operations.h>

#include <cstdint>
#include <string>

namespace {

using namespace set_bench;

enum class impl
{
  mgpu,
  mgpu_unique,
  thrust
};

const char* impl_name(impl i)
{
  return i == impl::mgpu ? "mgpu" : i == impl::mgpu_unique ? "mgpu_unique" : "thrust";
}

// mgpu::set_`F` (or its _by_key form); `tail` is empty or (less,
// mgpu::unique_keys). Returns the number of outputs.
template <family F, bool ByKey, class Policy, class KeyIt, class ValueIt, class KeyOut, class ValueOut, class... Tail>
std::int64_t mgpu_set(const Policy& policy, KeyIt a, std::int64_t na, KeyIt b, std::int64_t nb, ValueIt av,
                      ValueIt bv, KeyOut keys_out, ValueOut values_out, Tail... tail)
{
  if constexpr (!ByKey)
  {
    if constexpr (F == family::intersection)
      return mgpu::set_intersection(policy, a, a + na, b, b + nb, keys_out, tail...) - keys_out;
    else if constexpr (F == family::union_)
      return mgpu::set_union(policy, a, a + na, b, b + nb, keys_out, tail...) - keys_out;
    else if constexpr (F == family::difference)
      return mgpu::set_difference(policy, a, a + na, b, b + nb, keys_out, tail...) - keys_out;
    else
      return mgpu::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out, tail...) - keys_out;
  }
  else if constexpr (F == family::intersection)
    return mgpu::set_intersection_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out, tail...).first -
           keys_out;
  else if constexpr (F == family::union_)
    return mgpu::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out, tail...).first -
           keys_out;
  else if constexpr (F == family::difference)
    return mgpu::set_difference_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out, tail...).first -
           keys_out;
  else
    return mgpu::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out,
                                                 tail...)
             .first -
           keys_out;
}

template <family F, bool ByKey, class Key>
void bench_set(benchmark::State& state, impl which, bench::form how, std::int64_t total, distribution dist)
{
  auto& d = inputs<Key>(total, dist);
  prepare_reference<F, ByKey>(d);
  bench::poison(d.keys_out);
  if (ByKey)
    bench::poison(d.values_out);
  const std::int64_t na = d.a_keys.size(), nb = d.b_keys.size();
  std::int64_t count = 0;
  if (which == impl::mgpu_unique) // headline form only
    bench::time_calls(state, [&] {
      count = mgpu_set<F, ByKey>(thrust::device, d.a_keys.begin(), na, d.b_keys.begin(), nb, d.a_values.begin(),
                                 d.b_values.begin(), d.keys_out.begin(), d.values_out.begin(),
                                 ::cuda::std::less<>{}, mgpu::unique_keys);
    });
  else
    bench::time_calls(state, [&] {
      bench::in_form(how, [&](const auto& policy, auto at) {
        count = which == impl::mgpu
                  ? mgpu_set<F, ByKey>(policy, at(d.a_keys), na, at(d.b_keys), nb, at(d.a_values), at(d.b_values),
                                       at(d.keys_out), at(d.values_out))
                  : thrust_set<F, ByKey>(policy, at(d.a_keys), na, at(d.b_keys), nb, at(d.a_values),
                                         at(d.b_values), at(d.keys_out), at(d.values_out));
      });
    });
  verify_outputs(state, d.keys_out, count, d.expected_keys);
  if (ByKey)
    verify_outputs(state, d.values_out, count, d.expected_values);
  bench::report_traffic(state, traffic(d, count, ByKey), double(total));
}

// Two inputs of 2^26 keys in all (1:1): the size the targets are set at.
constexpr std::int64_t target_total = std::int64_t(1) << 27;

template <family F, bool ByKey, class Key>
void register_family(const char* type_name, std::int64_t total, distribution dist)
{
  const std::string family = std::string(family_name(F)) + (ByKey ? "_by_key" : "");
  for (bench::form how : bench::forms_at(total, target_total))
    for (impl which : {impl::mgpu, impl::mgpu_unique, impl::thrust})
    {
      if (which == impl::mgpu_unique && (dist.kind != keys_kind::unique || how != bench::form::iterators))
        continue; // the unique_keys promise holds only for duplicate-free data
      const std::string name = family + "/" + impl_name(which) + bench::suffix_of(how) + "/" + type_name + "/" +
                               dist.name() + "/" + std::to_string(total);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
        bench_set<F, ByKey, Key>(s, which, how, total, dist);
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

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  return true;
}();

} // namespace
