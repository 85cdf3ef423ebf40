// What leaving the count in device memory costs: the set operations' count_to
// forms (mgpu::count_to(it) as the last argument) against the forms that
// return an end (the count read back), on the same device data in one
// process.
//
// Names: FAMILY/IMPL/int32/DIST/SIZE as in set_operations.cu (FAMILY the
// Thrust algorithm's name, DIST as in set_operations_data.h, SIZE the total
// of both inputs: two inputs of 2^26 keys, where the targets are set). IMPL:
//   mgpu_returning         the form that returns an end, device_vector
//                          iterators and thrust::device: the call timed as
//                          `mgpu` in set_operations.cu, timed here again
//                          beside the count_to form
//   mgpu_count_to          mgpu::count_to(count.begin()) into a one-element
//                          device_vector<long long>, same iterators and policy
//   mgpu_returning_nosync, the same two with thrust::cuda::par_nosync: the
//   mgpu_count_to_nosync   returning form still waits for its count, the
//                          count_to form waits for nothing (the timer's stop
//                          event follows the call's work on the stream)
// Bytes as in set_operations.cu.
#include "set_operations_data.h"

#include <mgpu/set_operations.h>

#include <thrust/system/cuda/execution_policy.h>

#include <cstdint>
#include <string>

namespace {

using namespace set_bench;

enum class impl
{
  returning,
  count_to,
  returning_nosync,
  count_to_nosync
};

const char* impl_name(impl i)
{
  switch (i)
  {
    case impl::returning: return "mgpu_returning";
    case impl::count_to: return "mgpu_count_to";
    case impl::returning_nosync: return "mgpu_returning_nosync";
    default: return "mgpu_count_to_nosync";
  }
}

bool writes_count(impl i)
{
  return i == impl::count_to || i == impl::count_to_nosync;
}

// mgpu::set_`F` on keys, or mgpu::set_union_by_key; `tail` follows the
// outputs (nothing, or the count_to argument).
template <family F, bool ByKey, class Policy, class KeyIt, class KeyOut, class... Tail>
decltype(auto) mgpu_set(const Policy& policy, KeyIt a, std::int64_t na, KeyIt b, std::int64_t nb, KeyIt av, KeyIt bv,
                        KeyOut keys_out, KeyOut values_out, Tail... tail)
{
  static_assert(!ByKey || F == family::union_, "the by-key case is set_union_by_key");
  if constexpr (ByKey)
    return mgpu::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out, tail...);
  else if constexpr (F == family::intersection)
    return mgpu::set_intersection(policy, a, a + na, b, b + nb, keys_out, tail...);
  else if constexpr (F == family::union_)
    return mgpu::set_union(policy, a, a + na, b, b + nb, keys_out, tail...);
  else if constexpr (F == family::difference)
    return mgpu::set_difference(policy, a, a + na, b, b + nb, keys_out, tail...);
  else
    return mgpu::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out, tail...);
}

template <class It>
It keys_end(It end)
{
  return end;
}
template <class It>
It keys_end(const thrust::pair<It, It>& ends)
{
  return ends.first;
}

template <family F, bool ByKey>
void bench_count_to(benchmark::State& state, impl which, std::int64_t total, distribution dist)
{
  auto& d = inputs<std::int32_t>(total, dist);
  prepare_reference<F, ByKey>(d);
  bench::poison(d.keys_out);
  if (ByKey)
    bench::poison(d.values_out);
  thrust::device_vector<long long> count(1, -1); // allocated before the timed calls
  const std::int64_t na = d.a_keys.size(), nb = d.b_keys.size();
  std::int64_t returned = -1;
  auto call = [&](const auto& policy) {
    if (writes_count(which))
      mgpu_set<F, ByKey>(policy, d.a_keys.begin(), na, d.b_keys.begin(), nb, d.a_values.begin(), d.b_values.begin(),
                         d.keys_out.begin(), d.values_out.begin(), mgpu::count_to(count.begin()));
    else
      returned = keys_end(mgpu_set<F, ByKey>(policy, d.a_keys.begin(), na, d.b_keys.begin(), nb, d.a_values.begin(),
                                             d.b_values.begin(), d.keys_out.begin(), d.values_out.begin())) -
                 d.keys_out.begin();
  };
  const bool nosync = which == impl::returning_nosync || which == impl::count_to_nosync;
  bench::time_calls(state, [&] {
    if (nosync)
      call(thrust::cuda::par_nosync);
    else
      call(thrust::device);
  });
  bench::cuda_check(cudaDeviceSynchronize(), "count_to calls");
  const std::int64_t outputs = writes_count(which) ? std::int64_t(count[0]) : returned;
  verify_outputs(state, d.keys_out, outputs, d.expected_keys);
  if (ByKey)
    verify_outputs(state, d.values_out, outputs, d.expected_values);
  bench::report_traffic(state, traffic(d, outputs, ByKey), double(total));
}

constexpr std::int64_t target_total = std::int64_t(1) << 27;

template <family F, bool ByKey>
void register_family(distribution dist)
{
  const std::string family = std::string(family_name(F)) + (ByKey ? "_by_key" : "");
  for (impl which : {impl::returning, impl::count_to, impl::returning_nosync, impl::count_to_nosync})
  {
    const std::string name =
      family + "/" + impl_name(which) + "/int32/" + dist.name() + "/" + std::to_string(target_total);
    benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
      bench_count_to<F, ByKey>(s, which, target_total, dist);
    })->Apply(bench::configure);
  }
}

const bool registered = [] {
  // Data sets outermost, so consecutive benchmarks share one input set.
  for (const distribution dist : {distribution{keys_kind::wide, 1}, distribution{keys_kind::narrow, 1}})
  {
    register_family<family::union_, false>(dist);
    register_family<family::intersection, false>(dist);
    register_family<family::difference, false>(dist);
    register_family<family::symmetric_difference, false>(dist);
    register_family<family::union_, true>(dist);
  }
  return true;
}();

} // namespace
