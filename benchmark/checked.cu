// What checked mode (MGPU_CHECK_PRECONDITIONS) costs: each algorithm timed
// unchecked and checked on the same device data in one process. The macro is
// compile-time, so this file is built without it and the checked form calls
// what a checked build runs: the call's precondition check
// (mgpu/detail/preconditions.h), then the algorithm.
//
// Names: checked/ALGORITHM/MODE/int32/DIST/SIZE, MODE unchecked or checked,
// with device_vector iterators and thrust::device (the algorithm's temporary
// storage from cudaMalloc and cudaFree, the check's verdict word from its
// pool); MODE_cached makes the same calls with thrust::cuda::par(caching
// allocator).
//   merge                   2 x 2^25 sorted keys in [0, 2^30] (uniform)
//   set_union               2 x 2^25 sorted keys in [0, 2^30] (uniform)
//   set_union_unique_keys   2 x 2^25 strictly increasing keys, mgpu::unique_keys
//   bulk_remove             2^26 source elements, every third removed (every3)
//   bulk_insert             2^26 source elements, one value per 5 (every5)
//   load_balance_search     2^26 nominal items, segment counts uniform in
//                           [0, 32] (mean16)
// Bytes are the algorithm's own traffic in both modes, so GB/s compares the
// two directly: the check adds one read of the inputs it validates.
#include "bench_support.h"
#include "set_operations_data.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/load_balance.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <cuda/std/functional>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/merge.h>
#include <thrust/scan.h>
#include <thrust/set_operations.h>
#include <thrust/transform.h>

#include <cstdint>
#include <string>

namespace {

constexpr std::int64_t total_size = std::int64_t(1) << 26;
constexpr std::int64_t half_size  = total_size / 2;

// The policy object a check takes, as the algorithms obtain it.
template <class Policy>
auto& check_policy(const Policy& policy)
{
  return mgpu::detail::derived_policy(policy);
}

struct not_multiple_of
{
  int divisor;
  __host__ __device__ bool operator()(int i) const { return i % divisor != 0; }
};

struct multiple
{
  int factor;
  __host__ __device__ int operator()(int j) const { return factor * j; }
};

struct count_up_to
{
  bench::hash_value hash; // range 2 * mean + 1
  __host__ __device__ int operator()(std::int64_t s) const { return int(hash(std::uint64_t(s))); }
};

struct minus_one
{
  __host__ __device__ int operator()(int x) const { return x - 1; }
};

// ---------------------------------------------------------------------------
// merge and set_union: two sorted inputs

enum class two_input_case
{
  merge,
  set_union,
  set_union_unique_keys
};

struct two_inputs
{
  thrust::device_vector<int> a, b, out, expected;
};

two_inputs& two_input_data(two_input_case which)
{
  static bench::input_cache<two_inputs> cache;
  return cache.get(std::to_string(int(which)), [&] {
    two_inputs d;
    const auto kind = which == two_input_case::set_union_unique_keys ? set_bench::keys_kind::unique
                                                                     : set_bench::keys_kind::wide;
    d.a = set_bench::make_keys<int>(half_size, kind, 1);
    d.b = set_bench::make_keys<int>(half_size, kind, 2);
    d.out.resize(total_size);
    // The reference: Thrust's result, before any timing.
    d.expected.resize(total_size);
    const auto end = which == two_input_case::merge
                       ? thrust::merge(d.a.begin(), d.a.end(), d.b.begin(), d.b.end(), d.expected.begin())
                       : thrust::set_union(d.a.begin(), d.a.end(), d.b.begin(), d.b.end(), d.expected.begin());
    d.expected.resize(end - d.expected.begin());
    return d;
  });
}

void two_input_run(benchmark::State& state, two_input_case which, bool checked, bench::form how)
{
  auto& d = two_input_data(which);
  bench::poison(d.out);
  const std::int64_t na = d.a.size(), nb = d.b.size();
  const ::cuda::std::less<> less;
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      const auto a = at(d.a), b = at(d.b);
      switch (which)
      {
        case two_input_case::merge:
          if (checked)
            mgpu::detail::require_sorted_inputs<int>(check_policy(policy), a, a + na, b, b + nb, less,
                                                     "mgpu::merge");
          mgpu::merge(policy, a, a + na, b, b + nb, at(d.out), less);
          break;
        case two_input_case::set_union:
          if (checked)
            mgpu::detail::require_sorted_inputs<int>(check_policy(policy), a, a + na, b, b + nb, less,
                                                     "mgpu::set_union");
          mgpu::set_union(policy, a, a + na, b, b + nb, at(d.out), less);
          break;
        case two_input_case::set_union_unique_keys:
          if (checked)
            mgpu::detail::require_sorted_inputs<int, true>(check_policy(policy), a, a + na, b, b + nb, less,
                                                           "mgpu::set_union");
          mgpu::set_union(policy, a, a + na, b, b + nb, at(d.out), less, mgpu::unique_keys);
          break;
      }
    });
  });
  bench::verify_prefix(state, d.out, d.expected);
  bench::report_traffic(state, double(na + nb + std::int64_t(d.expected.size())) * sizeof(int), double(na + nb));
}

// ---------------------------------------------------------------------------
// bulk_remove and bulk_insert

struct bulk_data
{
  thrust::device_vector<int> source, indices, values, out, expected;
};

bulk_data& remove_data()
{
  static bench::input_cache<bulk_data> cache;
  return cache.get("every3", [] {
    bulk_data d;
    d.source = bench::random_vector<int>(total_size, 1u << 30, 11);
    d.indices.resize((total_size + 2) / 3);
    thrust::tabulate(d.indices.begin(), d.indices.end(), multiple{3});
    d.out.resize(total_size - d.indices.size());
    // The reference: the elements whose position is not a multiple of 3.
    d.expected.resize(d.out.size());
    thrust::copy_if(d.source.begin(), d.source.end(), thrust::make_counting_iterator(0), d.expected.begin(),
                    not_multiple_of{3});
    return d;
  });
}

void bulk_remove_run(benchmark::State& state, bool checked, bench::form how)
{
  auto& d = remove_data();
  bench::poison(d.out);
  const std::int64_t n = d.source.size(), m = d.indices.size();
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (checked)
        mgpu::detail::require_valid_removal_indices(check_policy(policy), at(d.indices), at(d.indices) + m, n,
                                                    "mgpu::bulk_remove");
      mgpu::bulk_remove(policy, at(d.source), at(d.source) + n, at(d.indices), at(d.indices) + m, at(d.out));
    });
  });
  bench::verify(state, d.out, d.expected);
  bench::report_traffic(state, double(n + m + (n - m)) * sizeof(int), double(n));
}

bulk_data& insert_data()
{
  static bench::input_cache<bulk_data> cache;
  return cache.get("every5", [] {
    bulk_data d;
    d.source = bench::random_vector<int>(total_size, 1u << 30, 21);
    d.indices.resize(total_size / 5);
    thrust::tabulate(d.indices.begin(), d.indices.end(), multiple{5});
    d.values = bench::random_vector<int>(d.indices.size(), 1u << 30, 23);
    d.out.resize(total_size + d.indices.size());
    // The reference: values before the source element at their position.
    d.expected.resize(d.out.size());
    thrust::merge_by_key(d.indices.begin(), d.indices.end(), thrust::make_counting_iterator(0),
                         thrust::make_counting_iterator(int(total_size)), d.values.begin(), d.source.begin(),
                         thrust::make_discard_iterator(), d.expected.begin());
    return d;
  });
}

void bulk_insert_run(benchmark::State& state, bool checked, bench::form how)
{
  auto& d = insert_data();
  bench::poison(d.out);
  const std::int64_t n = d.source.size(), m = d.indices.size();
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (checked)
        mgpu::detail::require_valid_insertion_positions(check_policy(policy), at(d.indices), at(d.indices) + m, n,
                                                        "mgpu::bulk_insert");
      mgpu::bulk_insert(policy, at(d.source), at(d.source) + n, at(d.values), at(d.values) + m, at(d.indices),
                        at(d.out));
    });
  });
  bench::verify(state, d.out, d.expected);
  bench::report_traffic(state, double(2 * m + n + (n + m)) * sizeof(int), double(n + m));
}

// ---------------------------------------------------------------------------
// load_balance_search

struct lbs_data
{
  int total = 0;
  thrust::device_vector<int> offsets, out, expected;
};

lbs_data& lbs_inputs()
{
  static bench::input_cache<lbs_data> cache;
  return cache.get("mean16", [] {
    lbs_data d;
    constexpr int mean = 16;
    thrust::device_vector<int> counts(total_size / mean);
    thrust::tabulate(counts.begin(), counts.end(), count_up_to{bench::hash_value{31, 2 * mean + 1}});
    d.offsets.resize(counts.size());
    thrust::exclusive_scan(counts.begin(), counts.end(), d.offsets.begin());
    d.total = int(d.offsets.back()) + int(counts.back());
    d.out.resize(d.total);
    // The reference: the Thrust idiom, upper_bound minus 1.
    d.expected.resize(d.total);
    thrust::upper_bound(d.offsets.begin(), d.offsets.end(), thrust::make_counting_iterator(0),
                        thrust::make_counting_iterator(d.total), d.expected.begin());
    thrust::transform(d.expected.begin(), d.expected.end(), d.expected.begin(), minus_one{});
    return d;
  });
}

void lbs_run(benchmark::State& state, bool checked, bench::form how)
{
  auto& d = lbs_inputs();
  bench::poison(d.out);
  const std::int64_t m = d.offsets.size(), n = d.total;
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (checked)
        mgpu::detail::require_valid_offsets(check_policy(policy), at(d.offsets), at(d.offsets) + m, n,
                                            "mgpu::load_balance_search");
      mgpu::load_balance_search(policy, at(d.offsets), at(d.offsets) + m, at(d.out), at(d.out) + n);
    });
  });
  bench::verify(state, d.out, d.expected);
  bench::report_traffic(state, double(m + n) * sizeof(int), double(n));
}

// ---------------------------------------------------------------------------

template <class Run>
void register_case(const char* algorithm, const char* dist, Run run)
{
  for (bench::form how : {bench::form::iterators, bench::form::cached})
    for (bool checked : {false, true})
    {
      const std::string name = std::string("checked/") + algorithm + "/" + (checked ? "checked" : "unchecked") +
                               bench::suffix_of(how) + "/int32/" + dist + "/" + std::to_string(total_size);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { run(s, checked, how); })
        ->Apply(bench::configure);
    }
}

// In a checked build every call is checked already: nothing to compare.
const bool registered = mgpu::detail::checking_preconditions || [] {
  register_case("merge", "uniform", [](benchmark::State& s, bool checked, bench::form how) {
    two_input_run(s, two_input_case::merge, checked, how);
  });
  register_case("set_union", "uniform", [](benchmark::State& s, bool checked, bench::form how) {
    two_input_run(s, two_input_case::set_union, checked, how);
  });
  register_case("set_union_unique_keys", "unique", [](benchmark::State& s, bool checked, bench::form how) {
    two_input_run(s, two_input_case::set_union_unique_keys, checked, how);
  });
  register_case("bulk_remove", "every3", bulk_remove_run);
  register_case("bulk_insert", "every5", bulk_insert_run);
  register_case("load_balance_search", "mean16", lbs_run);
  return true;
}();

} // namespace
