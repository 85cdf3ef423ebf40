// mgpu::join_size + mgpu::join (inner) against the Thrust idiom for a
// relational join, on the same device data in one process:
//   thrust_idiom: thrust::lower_bound and thrust::upper_bound of A's keys in
//                 B (vectorized), an inclusive scan of the run lengths (the
//                 counts, fused through a transform_iterator) read back for
//                 the total, then the expansion: thrust::upper_bound of every
//                 row index in the scan (minus 1: the A row, fused through a
//                 transform_output_iterator) and a thrust::transform that
//                 gathers the row's B index from the lower bounds and the scan.
// The idiom's intermediate arrays are allocated before timing (it allocates
// only what Thrust's own calls take); mgpu takes its scratch from the policy.
// thrust_idiom_allocating is the same idiom as a join function that owns its
// arrays writes it: three device_vectors constructed in every call.
//
// Names: join_inner|join_size_inner/IMPL/int32/runs1to4/SIZE, SIZE the keys
// on each side. Both sides hold every key of [0, K) with a run of 1 to 4
// equal copies each (hashed, independently per side), K such that each side
// has SIZE keys: about 6.25 rows per distinct key, 2.5 rows per A key. IMPL
// as in merge.cu: mgpu and thrust_idiom with device_vector iterators and
// thrust::device; at 2^24, _ptr (raw pointers) and _cached
// (thrust::cuda::par(caching allocator)) forms too. join_inner times
// join_size and join together, as a caller sizing its outputs runs them.
// Bytes: both key columns read once and both index columns written once.
#include "bench_support.h"

#include <mgpu/join.h>

#include <thrust/binary_search.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>

#include <cstdint>
#include <string>

namespace {

// 1 + (hash of key k) % 4: the run length of key k on one side.
struct run_length
{
  bench::hash_value hash;
  __host__ __device__ std::int64_t operator()(std::int64_t key) const { return 1 + std::int64_t(hash(key)); }
};

// Key of position i: the last run starting at or before i.
struct key_at
{
  const std::int64_t* run_starts;
  std::int64_t key_count;
  __host__ __device__ std::int32_t operator()(std::int64_t i) const
  {
    std::int64_t lo = 0, hi = key_count; // first run starting after i
    while (lo < hi)
    {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (run_starts[mid] <= i)
        lo = mid + 1;
      else
        hi = mid;
    }
    return static_cast<std::int32_t>(lo - 1);
  }
};

// `count` sorted keys: runs of 1 to 4 copies of 0, 1, 2, ..., as far as they go.
thrust::device_vector<std::int32_t> keys_in_runs(std::int64_t count, std::uint64_t seed)
{
  const std::int64_t key_count = count; // runs of at least 1 copy: enough keys for any lengths
  thrust::device_vector<std::int64_t> run_starts(key_count);
  auto lengths = thrust::make_transform_iterator(thrust::counting_iterator<std::int64_t>(0),
                                                 run_length{bench::hash_value{seed, 4}});
  thrust::exclusive_scan(lengths, lengths + key_count, run_starts.begin());
  thrust::device_vector<std::int32_t> keys(count);
  thrust::tabulate(keys.begin(), keys.end(), key_at{thrust::raw_pointer_cast(run_starts.data()), key_count});
  return keys;
}

// The length of a key's run in B: upper - lower.
struct run_in_b
{
  __host__ __device__ std::int32_t operator()(const thrust::tuple<std::int32_t, std::int32_t>& bounds) const
  {
    return thrust::get<1>(bounds) - thrust::get<0>(bounds);
  }
};

struct minus_one
{
  __host__ __device__ std::int32_t operator()(std::int32_t x) const { return x - 1; }
};

// Row r of A row a: B index lower[a] + (r - first_row[a]).
struct b_of_row
{
  const std::int32_t* lower;
  const std::int32_t* first_row;
  __host__ __device__ std::int32_t operator()(std::int32_t row, std::int32_t a) const
  {
    return lower[a] + (row - first_row[a]);
  }
};

// The idiom's intermediates: bounds of each A key in B, and the scan of its
// rows with a leading 0 (first_row[i]; first_row[n] = rows).
struct idiom_arrays
{
  thrust::device_vector<std::int32_t> lower, upper, first_row;
  idiom_arrays() = default;
  explicit idiom_arrays(std::int64_t n) : lower(n), upper(n), first_row(n + 1, 0) {}
};

struct join_data
{
  thrust::device_vector<std::int32_t> a, b;
  std::int64_t rows = 0;
  thrust::device_vector<std::int32_t> a_out, b_out, expected_a, expected_b;
  idiom_arrays kept; // allocated once, before timing
};

// The Thrust idiom on `policy`, vectors accessed through `at`, intermediates
// in `arrays`; returns the rows.
template <class Policy, class At>
std::int64_t thrust_join(const Policy& policy, At at, join_data& d, idiom_arrays& arrays)
{
  const std::int64_t n = d.a.size(), m = d.b.size();
  auto& lower = arrays.lower;
  auto& upper = arrays.upper;
  auto& first_row = arrays.first_row;
  thrust::lower_bound(policy, at(d.b), at(d.b) + m, at(d.a), at(d.a) + n, at(lower));
  thrust::upper_bound(policy, at(d.b), at(d.b) + m, at(d.a), at(d.a) + n, at(upper));
  auto runs = thrust::make_transform_iterator(thrust::make_zip_iterator(at(lower), at(upper)), run_in_b{});
  thrust::inclusive_scan(policy, runs, runs + n, at(first_row) + 1);
  std::int32_t rows = 0;
  bench::cuda_check(cudaMemcpy(&rows, thrust::raw_pointer_cast(first_row.data()) + n, sizeof(rows),
                               cudaMemcpyDeviceToHost),
                    "read back the row count");
  thrust::upper_bound(policy, at(first_row), at(first_row) + n, thrust::counting_iterator<std::int32_t>(0),
                      thrust::counting_iterator<std::int32_t>(rows),
                      thrust::make_transform_output_iterator(at(d.a_out), minus_one{}));
  thrust::transform(policy, thrust::counting_iterator<std::int32_t>(0), thrust::counting_iterator<std::int32_t>(rows),
                    at(d.a_out), at(d.b_out),
                    b_of_row{thrust::raw_pointer_cast(lower.data()), thrust::raw_pointer_cast(first_row.data())});
  return rows;
}

join_data& inputs(std::int64_t keys_per_side)
{
  static bench::input_cache<join_data> cache;
  return cache.get(std::to_string(keys_per_side), [&] {
    join_data d;
    d.a = keys_in_runs(keys_per_side, 1);
    d.b = keys_in_runs(keys_per_side, 2);
    d.kept = idiom_arrays(keys_per_side);
    d.rows = mgpu::join_size(thrust::device, d.a.begin(), d.a.end(), d.b.begin(), d.b.end(), mgpu::join_kind::inner);
    d.a_out.resize(d.rows);
    d.b_out.resize(d.rows);
    const std::int64_t idiom_rows = thrust_join(thrust::device, bench::as_iterator{}, d, d.kept);
    if (idiom_rows != d.rows)
      d.rows = -1; // reported as an error by every case
    d.expected_a = d.a_out;
    d.expected_b = d.b_out;
    return d;
  });
}

enum class impl
{
  mgpu,
  mgpu_size_only,
  thrust_idiom,
  thrust_idiom_allocating
};

void join_inner(benchmark::State& state, impl which, bench::form how, std::int64_t keys_per_side)
{
  auto& d = inputs(keys_per_side);
  if (d.rows < 0)
  {
    state.SkipWithError("join_size and the Thrust idiom disagree on the row count");
    return;
  }
  bench::poison(d.a_out);
  bench::poison(d.b_out);
  const std::int64_t n = d.a.size(), m = d.b.size();
  std::int64_t rows = 0;
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (which == impl::thrust_idiom)
        rows = thrust_join(policy, at, d, d.kept);
      else if (which == impl::thrust_idiom_allocating)
      {
        idiom_arrays arrays(n);
        rows = thrust_join(policy, at, d, arrays);
      }
      else
      {
        rows = mgpu::join_size(policy, at(d.a), at(d.a) + n, at(d.b), at(d.b) + m, mgpu::join_kind::inner);
        if (which == impl::mgpu)
          mgpu::join(policy, at(d.a), at(d.a) + n, at(d.b), at(d.b) + m, at(d.a_out), at(d.b_out),
                     mgpu::join_kind::inner);
      }
    });
  });
  if (rows != d.rows)
    state.SkipWithError("wrong row count");
  if (which != impl::mgpu_size_only)
  {
    bench::verify(state, d.a_out, d.expected_a);
    bench::verify(state, d.b_out, d.expected_b);
  }
  const double written = which == impl::mgpu_size_only ? 0.0 : 2.0 * double(d.rows) * sizeof(std::int32_t);
  bench::report_traffic(state, double(n + m) * sizeof(std::int32_t) + written, double(d.rows));
}

// 2^24 keys on each side: the size the target is set at.
constexpr std::int64_t target_keys = std::int64_t(1) << 24;

const bool registered = [] {
  const std::int64_t sizes[] = {1 << 16, 1 << 18, 1 << 20, 1 << 22, 1 << 24};
  const std::pair<impl, const char*> impls[] = {
    {impl::mgpu, "join_inner/mgpu"}, {impl::thrust_idiom, "join_inner/thrust_idiom"},
    {impl::thrust_idiom_allocating, "join_inner/thrust_idiom_allocating"},
    {impl::mgpu_size_only, "join_size_inner/mgpu"}};
  for (std::int64_t keys : sizes)
    for (bench::form how : bench::forms_at(keys, target_keys))
      for (const auto& named : impls)
      {
        const impl which = named.first;
        if (which == impl::thrust_idiom_allocating && how != bench::form::iterators)
          continue; // its arrays come from device_vector's allocator whatever the policy
        const std::string name = std::string(named.second) + bench::suffix_of(how) + "/int32/runs1to4/" + std::to_string(keys);
        benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) { join_inner(s, which, how, keys); })
          ->Apply(bench::configure);
      }
  return true;
}();

} // namespace
