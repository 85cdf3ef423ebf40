// mgpu::merge / merge_by_key against thrust::merge / merge_by_key and
// cub::DeviceMerge, on the same device data in one process.
//
// Names: merge_keys|merge_pairs/IMPL/TYPE/DIST/SIZE, SIZE the total of the
// two equal inputs. IMPL mgpu and thrust call with device_vector iterators
// and thrust::device; at 2^27 (2 x 2^26), mgpu_ptr and thrust_ptr make the
// same calls on raw pointers, and mgpu_cached and thrust_cached with
// iterators and thrust::cuda::par(caching allocator). cub is
// cub::DeviceMerge on raw pointers, its storage allocated before timing.
#include "bench_support.h"

#include <mgpu/merge.h>

#include <cub/device/device_merge.cuh>
#include <thrust/merge.h>

#include <functional>

namespace {

template <class Key>
struct merge_data
{
  thrust::device_vector<Key> a_keys, b_keys, a_values, b_values;
  thrust::device_vector<Key> keys_out, values_out, expected_keys, expected_values;
};

enum class impl
{
  mgpu,
  thrust,
  cub
};
const char* impl_name(impl i) { return i == impl::mgpu ? "mgpu" : i == impl::thrust ? "thrust" : "cub"; }

template <class Key>
merge_data<Key>& inputs(std::int64_t total, std::uint64_t key_range)
{
  static bench::input_cache<merge_data<Key>> cache;
  return cache.get(std::to_string(total) + "/" + std::to_string(key_range), [&] {
    merge_data<Key> d;
    const std::size_t half = std::size_t(total / 2);
    d.a_keys   = bench::sorted_random_vector<Key>(half, key_range, 1);
    d.b_keys   = bench::sorted_random_vector<Key>(total - half, key_range, 2);
    d.a_values = bench::random_vector<Key>(half, 1u << 30, 3);
    d.b_values = bench::random_vector<Key>(total - half, 1u << 30, 4);
    d.keys_out.resize(total);
    d.values_out.resize(total);
    d.expected_keys.resize(total);
    d.expected_values.resize(total);
    thrust::merge_by_key(d.a_keys.begin(), d.a_keys.end(), d.b_keys.begin(), d.b_keys.end(), d.a_values.begin(),
                         d.b_values.begin(), d.expected_keys.begin(), d.expected_values.begin());
    return d;
  });
}

template <class Key>
void merge_keys(benchmark::State& state, impl which, bench::form how, std::int64_t total, std::uint64_t key_range)
{
  auto& d = inputs<Key>(total, key_range);
  bench::poison(d.keys_out);
  const std::int64_t na = d.a_keys.size(), nb = d.b_keys.size();
  // CUB: raw pointers, temporary storage allocated before the timed calls.
  const Key* a = thrust::raw_pointer_cast(d.a_keys.data());
  const Key* b = thrust::raw_pointer_cast(d.b_keys.data());
  Key* out     = thrust::raw_pointer_cast(d.keys_out.data());
  std::size_t temp_bytes = 0;
  cub::DeviceMerge::MergeKeys(nullptr, temp_bytes, a, na, b, nb, out);
  void* const temp = bench::peer_scratch(temp_bytes);
  bench::time_calls(state, [&] {
    if (which == impl::cub)
      bench::cuda_check(cub::DeviceMerge::MergeKeys(temp, temp_bytes, a, na, b, nb, out), "cub::DeviceMerge::MergeKeys");
    else
      bench::in_form(how, [&](const auto& policy, auto at) {
        if (which == impl::mgpu)
          mgpu::merge(policy, at(d.a_keys), at(d.a_keys) + na, at(d.b_keys), at(d.b_keys) + nb, at(d.keys_out));
        else
          thrust::merge(policy, at(d.a_keys), at(d.a_keys) + na, at(d.b_keys), at(d.b_keys) + nb, at(d.keys_out));
      });
  });
  bench::verify(state, d.keys_out, d.expected_keys);
  bench::report_traffic(state, 2.0 * total * sizeof(Key), double(total));
}

template <class Key>
void merge_pairs(benchmark::State& state, impl which, bench::form how, std::int64_t total, std::uint64_t key_range)
{
  auto& d = inputs<Key>(total, key_range);
  bench::poison(d.keys_out);
  bench::poison(d.values_out);
  const std::int64_t na = d.a_keys.size(), nb = d.b_keys.size();
  const Key* a  = thrust::raw_pointer_cast(d.a_keys.data());
  const Key* b  = thrust::raw_pointer_cast(d.b_keys.data());
  const Key* av = thrust::raw_pointer_cast(d.a_values.data());
  const Key* bv = thrust::raw_pointer_cast(d.b_values.data());
  Key* keys     = thrust::raw_pointer_cast(d.keys_out.data());
  Key* values   = thrust::raw_pointer_cast(d.values_out.data());
  std::size_t temp_bytes = 0;
  cub::DeviceMerge::MergePairs(nullptr, temp_bytes, a, av, na, b, bv, nb, keys, values);
  void* const temp = bench::peer_scratch(temp_bytes);
  bench::time_calls(state, [&] {
    if (which == impl::cub)
      bench::cuda_check(cub::DeviceMerge::MergePairs(temp, temp_bytes, a, av, na, b, bv, nb, keys, values),
                        "cub::DeviceMerge::MergePairs");
    else
      bench::in_form(how, [&](const auto& policy, auto at) {
        if (which == impl::mgpu)
          mgpu::merge_by_key(policy, at(d.a_keys), at(d.a_keys) + na, at(d.b_keys), at(d.b_keys) + nb,
                             at(d.a_values), at(d.b_values), at(d.keys_out), at(d.values_out));
        else
          thrust::merge_by_key(policy, at(d.a_keys), at(d.a_keys) + na, at(d.b_keys), at(d.b_keys) + nb,
                               at(d.a_values), at(d.b_values), at(d.keys_out), at(d.values_out));
      });
  });
  bench::verify(state, d.keys_out, d.expected_keys);
  bench::verify(state, d.values_out, d.expected_values);
  bench::report_traffic(state, 4.0 * total * sizeof(Key), double(total));
}

// Two inputs of 2^26 keys: the size the targets are set at.
constexpr std::int64_t target_total = std::int64_t(1) << 27;

template <class Key>
void register_type(const char* type_name)
{
  const std::pair<const char*, std::uint64_t> distributions[] = {{"uniform", 1ull << 30}, {"few_keys", 1000}};
  for (const auto& distribution : distributions)
    for (std::int64_t total : bench::size_list)
      for (bench::form how : bench::forms_at(total, target_total))
        for (impl which : {impl::mgpu, impl::thrust, impl::cub})
        {
          if (which == impl::cub && how != bench::form::iterators)
            continue; // CUB's one form: raw pointers
          const char* dist_name     = distribution.first;
          const std::uint64_t range = distribution.second;
          const std::string suffix  = std::string(impl_name(which)) + (which == impl::cub ? "" : bench::suffix_of(how)) +
                                     "/" + type_name + "/" + dist_name + "/" + std::to_string(total);
          benchmark::RegisterBenchmark(("merge_keys/" + suffix).c_str(), [=](benchmark::State& s) {
            merge_keys<Key>(s, which, how, total, range);
          })->Apply(bench::configure);
          benchmark::RegisterBenchmark(("merge_pairs/" + suffix).c_str(), [=](benchmark::State& s) {
            merge_pairs<Key>(s, which, how, total, range);
          })->Apply(bench::configure);
        }
}

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  return true;
}();

} // namespace
