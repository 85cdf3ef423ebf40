// Calls from device code, as Thrust's algorithms take them: each thread runs
// every algorithm on a problem of its own, once with thrust::seq and once
// with thrust::device (which device code also runs sequentially; a
// dispatcher that missed its device-code branch would leave those calls
// out). The same function also runs the problems on the host. Results are
// compared with std and the tests' own references.
#include "common/bulk_reference.h"
#include "common/join_reference.h"
#include "common/merge_reference.h"
#include "common/test_support.h"

#include <mgpu/mgpu.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

constexpr int problems   = 96;
constexpr int max_a      = 24;
constexpr int max_b      = 20;
constexpr int stride     = 128;                         // room for each problem's longest output
constexpr int row_stride = max_a * max_b + max_a + max_b; // a full outer join's most rows
constexpr int max_counts = 32;

int a_count(int p) { return 5 + p % 20; }
int b_count(int p) { return 3 + (p * 7) % 18; }

// Output slots, each `stride` ints per problem.
enum slot : int
{
  merged,
  merged_by_key,
  set_union_keys,
  set_intersection_keys,
  set_difference_keys,
  set_symmetric_difference_keys,
  set_union_by_key_keys,
  set_intersection_by_key_keys,
  set_difference_by_key_keys,
  set_symmetric_difference_by_key_keys,
  set_union_unique_keys,
  lower_bounds,
  upper_bounds,
  semi_joined,
  anti_joined,
  lbs,
  expanded,
  gathered,
  scattered,
  moved,
  transformed,
  removed,
  inserted,
  reduced,
  reduced_empty,
  slot_count
};

// Where each count goes among a problem's counts.
enum count_index : int
{
  union_count,
  intersection_count,
  difference_count,
  symmetric_difference_count,
  union_by_key_count,
  intersection_by_key_count,
  difference_by_key_count,
  symmetric_difference_by_key_count,
  union_unique_count,
  join_size_inner, // then left, right, full: join_size of each kind
  join_rows_inner = join_size_inner + 4, // then left, right, full: rows join wrote
  semi_count      = join_rows_inner + 4,
  anti_count,
  removed_count,
  inserted_count,
  reduced_count,
  reduced_empty_count,
  count_total
};
static_assert(count_total <= max_counts);

// The four join kinds, in the order of their counts.
__host__ __device__ mgpu::join_kind join_kind_of(int k)
{
  return k == 0 ? mgpu::join_kind::inner
       : k == 1 ? mgpu::join_kind::left_outer
       : k == 2 ? mgpu::join_kind::right_outer
                : mgpu::join_kind::full_outer;
}

// Every problem's inputs and outputs, at fixed strides in flat arrays.
struct problem_set
{
  const int* a;        // sorted keys, max_a per problem
  const int* b;        // sorted keys, max_b per problem
  const int* unique_a; // a and b without repeats, same strides
  const int* unique_b;
  const int* a_counts;
  const int* b_counts;
  const int* unique_a_counts;
  const int* unique_b_counts;
  int* out;            // stride ints per slot and problem
  int* out_values;
  int* rows_a;         // row_stride per join kind and problem
  int* rows_b;
  std::int64_t* counts; // max_counts per problem
};

// transform_lbs's function: writes segment * 1000 + rank at each item.
struct mark_item
{
  int* out;
  template <class Index>
  __host__ __device__ void operator()(Index item, Index segment, Index rank) const
  {
    out[item] = int(segment) * 1000 + int(rank);
  }
};

__host__ __device__ int* slot_of(int* base, int s, int p) { return base + (std::int64_t(s) * problems + p) * stride; }

// Problem p's calls, every one through `policy`.
template <class Policy>
__host__ __device__ void run_problem(const problem_set& d, int p, const Policy& policy)
{
  const int na = d.a_counts[p], nb = d.b_counts[p];
  const int* a = d.a + p * max_a;
  const int* b = d.b + p * max_b;
  std::int64_t* count = d.counts + p * max_counts;
  const ::cuda::std::less<> less;
  auto out    = [&](int s) { return slot_of(d.out, s, p); };
  auto values = [&](int s) { return slot_of(d.out_values, s, p); };

  mgpu::merge(policy, a, a + na, b, b + nb, out(merged), less);
  // Values are the keys' tags: 1000 + i in A, 2000 + j in B.
  const thrust::counting_iterator<int> a_tags(1000), b_tags(2000);
  mgpu::merge_by_key(policy, a, a + na, b, b + nb, a_tags, b_tags, out(merged_by_key), values(merged_by_key));

  count[union_count] = mgpu::set_union(policy, a, a + na, b, b + nb, out(set_union_keys)) - out(set_union_keys);
  count[intersection_count] =
    mgpu::set_intersection(policy, a, a + na, b, b + nb, out(set_intersection_keys)) - out(set_intersection_keys);
  count[difference_count] =
    mgpu::set_difference(policy, a, a + na, b, b + nb, out(set_difference_keys), less) - out(set_difference_keys);
  mgpu::set_symmetric_difference(policy, a, a + na, b, b + nb, out(set_symmetric_difference_keys), less,
                                 mgpu::count_to(count + symmetric_difference_count));
  count[union_by_key_count] = mgpu::set_union_by_key(policy, a, a + na, b, b + nb, a_tags, b_tags,
                                                     out(set_union_by_key_keys), values(set_union_by_key_keys))
                                .first -
                              out(set_union_by_key_keys);
  count[intersection_by_key_count] =
    mgpu::set_intersection_by_key(policy, a, a + na, b, b + nb, a_tags, out(set_intersection_by_key_keys),
                                  values(set_intersection_by_key_keys))
      .first -
    out(set_intersection_by_key_keys);
  count[difference_by_key_count] =
    mgpu::set_difference_by_key(policy, a, a + na, b, b + nb, a_tags, b_tags, out(set_difference_by_key_keys),
                                values(set_difference_by_key_keys), less)
      .first -
    out(set_difference_by_key_keys);
  mgpu::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, a_tags, b_tags,
                                        out(set_symmetric_difference_by_key_keys),
                                        values(set_symmetric_difference_by_key_keys), less,
                                        mgpu::count_to(count + symmetric_difference_by_key_count));
  const int* ua = d.unique_a + p * max_a;
  const int* ub = d.unique_b + p * max_b;
  count[union_unique_count] = mgpu::set_union(policy, ua, ua + d.unique_a_counts[p], ub, ub + d.unique_b_counts[p],
                                              out(set_union_unique_keys), less, mgpu::unique_keys) -
                              out(set_union_unique_keys);

  mgpu::sorted_lower_bound(policy, a, a + na, b, b + nb, out(lower_bounds));
  mgpu::sorted_upper_bound(policy, a, a + na, b, b + nb, out(upper_bounds), less);

  for (int k = 0; k < 4; ++k)
  {
    int* rows_a                = d.rows_a + (std::int64_t(k) * problems + p) * row_stride;
    int* rows_b                = d.rows_b + (std::int64_t(k) * problems + p) * row_stride;
    count[join_size_inner + k] = mgpu::join_size(policy, a, a + na, b, b + nb, join_kind_of(k));
    count[join_rows_inner + k] =
      mgpu::join(policy, a, a + na, b, b + nb, rows_a, rows_b, join_kind_of(k)).first - rows_a;
  }
  count[semi_count] = mgpu::semi_join(policy, a, a + na, b, b + nb, out(semi_joined)) - out(semi_joined);
  count[anti_count] = mgpu::anti_join(policy, a, a + na, b, b + nb, out(anti_joined), less) - out(anti_joined);

  // A segment of a[i] % 4 items for each key of A; interval sources 10 * i
  // apart, destinations with the segments in reverse order.
  int offsets[max_a], gather[max_a], scatter[max_a];
  int total = 0;
  for (int i = 0; i < na; ++i)
  {
    offsets[i] = total;
    gather[i]  = 10 * i;
    total += a[i] % 4;
  }
  for (int i = 0; i < na; ++i)
    scatter[i] = total - offsets[i] - a[i] % 4;
  const thrust::counting_iterator<int> sources(1000);
  mgpu::load_balance_search(policy, offsets, offsets + na, out(lbs), out(lbs) + total);
  mgpu::interval_expand(policy, offsets, offsets + na, a, out(expanded), out(expanded) + total);
  mgpu::interval_gather(policy, offsets, offsets + na, gather, sources, out(gathered), out(gathered) + total);
  mgpu::interval_scatter(policy, offsets, offsets + na, scatter, sources, sources + total, out(scattered));
  mgpu::interval_move(policy, offsets, offsets + na, total, gather, scatter, sources, out(moved));
  mgpu::transform_lbs(policy, offsets, offsets + na, total, mark_item{out(transformed)});

  // Every third position of A removed; B inserted at evenly spread positions.
  int removals[max_a], positions[max_b];
  int removal_count = 0;
  for (int i = 0; i < na; i += 3)
    removals[removal_count++] = i;
  for (int j = 0; j < nb; ++j)
    positions[j] = j * na / nb;
  count[removed_count] = mgpu::bulk_remove(policy, a, a + na, removals, removals + removal_count, out(removed)) -
                         out(removed);
  count[inserted_count] = mgpu::bulk_insert(policy, a, a + na, b, b + nb, positions, out(inserted)) - out(inserted);

  const int segment_starts[4] = {0, na / 4, na / 2, na / 2};
  count[reduced_count] = mgpu::segmented_reduce(policy, a, a + na, segment_starts, segment_starts + 4, out(reduced),
                                                100, ::cuda::std::plus<>{}) -
                         out(reduced);
  count[reduced_empty_count] = mgpu::segmented_reduce(policy, a, a + na, segment_starts, segment_starts,
                                                      out(reduced_empty), 100, ::cuda::std::plus<>{}) -
                               out(reduced_empty);
}

template <class Policy>
__global__ void run_problems(problem_set d, Policy policy)
{
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < problems)
    run_problem(d, p, policy);
}

// The inputs on the host.
struct inputs
{
  std::vector<int> a, b, unique_a, unique_b, na, nb, unique_na, unique_nb;

  inputs()
      : a(problems * max_a), b(problems * max_b), unique_a(a.size()), unique_b(b.size()), na(problems),
        nb(problems), unique_na(problems), unique_nb(problems)
  {
    for (int p = 0; p < problems; ++p)
    {
      na[p] = a_count(p), nb[p] = b_count(p);
      const auto ka = mgpu_test::random_sorted<int>(na[p], 0, 12, 300 + p);
      const auto kb = mgpu_test::random_sorted<int>(nb[p], 0, 12, 700 + p);
      std::copy(ka.begin(), ka.end(), a.begin() + p * max_a);
      std::copy(kb.begin(), kb.end(), b.begin() + p * max_b);
      unique_na[p] = int(std::unique_copy(ka.begin(), ka.end(), unique_a.begin() + p * max_a) -
                         (unique_a.begin() + p * max_a));
      unique_nb[p] = int(std::unique_copy(kb.begin(), kb.end(), unique_b.begin() + p * max_b) -
                         (unique_b.begin() + p * max_b));
    }
  }
};

constexpr int poison = -7;

// What one run wrote, back on the host.
struct results
{
  std::vector<int> out, values, rows_a, rows_b;
  std::vector<std::int64_t> counts;

  std::vector<int> slice(int s, int p, std::int64_t count) const
  {
    const auto first = out.begin() + (std::int64_t(s) * problems + p) * stride;
    return {first, first + count};
  }
  std::vector<int> value_slice(int s, int p, std::int64_t count) const
  {
    const auto first = values.begin() + (std::int64_t(s) * problems + p) * stride;
    return {first, first + count};
  }
  // The poisoned int just past `count` outputs of slot s.
  int past(int s, int p, std::int64_t count) const { return out[(std::int64_t(s) * problems + p) * stride + count]; }
};

// The std references of the by-key set operations: (key, tag) pairs ordered by key alone.
using tagged_keys = std::vector<std::pair<int, int>>;
tagged_keys tagged(const std::vector<int>& keys, int first_tag)
{
  tagged_keys pairs;
  for (std::size_t i = 0; i < keys.size(); ++i)
    pairs.push_back({keys[i], first_tag + int(i)});
  return pairs;
}

void check_results(const inputs& in, const results& r)
{
  for (int p = 0; p < problems; ++p)
  {
    CAPTURE(p);
    const std::vector<int> ka(in.a.begin() + p * max_a, in.a.begin() + p * max_a + in.na[p]);
    const std::vector<int> kb(in.b.begin() + p * max_b, in.b.begin() + p * max_b + in.nb[p]);
    const std::int64_t* count = r.counts.data() + p * max_counts;
    const auto n = std::int64_t(ka.size() + kb.size());

    // Stable: equal keys take A's tags first, each side in order.
    std::vector<int> a_tags(ka.size()), b_tags(kb.size());
    std::iota(a_tags.begin(), a_tags.end(), 1000);
    std::iota(b_tags.begin(), b_tags.end(), 2000);
    const auto [expected, expected_tags] = mgpu_test::reference_merge_pairs(ka, a_tags, kb, b_tags, std::less<>{});
    CHECK(r.slice(merged, p, n) == expected);
    CHECK(r.past(merged, p, n) == poison);
    CHECK(r.slice(merged_by_key, p, n) == expected);
    CHECK(r.value_slice(merged_by_key, p, n) == expected_tags);

    // The set operations against std's on (key, tag) pairs ordered by key alone.
    const auto key_less = [](const auto& x, const auto& y) { return x.first < y.first; };
    const auto ta = tagged(ka, 1000), tb = tagged(kb, 2000);
    using It   = tagged_keys::const_iterator;
    using Out  = std::back_insert_iterator<tagged_keys>;
    using Less = decltype(key_less);
    auto check_set = [&](int s, int c, auto std_op, bool by_key) {
      tagged_keys want;
      std_op(ta.begin(), ta.end(), tb.begin(), tb.end(), std::back_inserter(want), key_less);
      const auto size = std::int64_t(want.size());
      std::vector<int> keys, tags;
      for (const auto& w : want)
        keys.push_back(w.first), tags.push_back(w.second);
      CHECK(count[c] == size);
      CHECK(r.slice(s, p, size) == keys);
      CHECK(r.past(s, p, size) == poison);
      if (by_key)
        CHECK(r.value_slice(s, p, size) == tags);
    };
    check_set(set_union_keys, union_count, std::set_union<It, It, Out, Less>, false);
    check_set(set_intersection_keys, intersection_count, std::set_intersection<It, It, Out, Less>, false);
    check_set(set_difference_keys, difference_count, std::set_difference<It, It, Out, Less>, false);
    check_set(set_symmetric_difference_keys, symmetric_difference_count,
              std::set_symmetric_difference<It, It, Out, Less>, false);
    check_set(set_union_by_key_keys, union_by_key_count, std::set_union<It, It, Out, Less>, true);
    check_set(set_intersection_by_key_keys, intersection_by_key_count, std::set_intersection<It, It, Out, Less>,
              true);
    check_set(set_difference_by_key_keys, difference_by_key_count, std::set_difference<It, It, Out, Less>, true);
    check_set(set_symmetric_difference_by_key_keys, symmetric_difference_by_key_count,
              std::set_symmetric_difference<It, It, Out, Less>, true);
    std::vector<int> unique_union;
    std::set_union(in.unique_a.begin() + p * max_a, in.unique_a.begin() + p * max_a + in.unique_na[p],
                   in.unique_b.begin() + p * max_b, in.unique_b.begin() + p * max_b + in.unique_nb[p],
                   std::back_inserter(unique_union));
    CHECK(count[union_unique_count] == std::int64_t(unique_union.size()));
    CHECK(r.slice(set_union_unique_keys, p, std::int64_t(unique_union.size())) == unique_union);

    std::vector<int> lower, upper;
    for (int key : kb)
    {
      lower.push_back(int(std::lower_bound(ka.begin(), ka.end(), key) - ka.begin()));
      upper.push_back(int(std::upper_bound(ka.begin(), ka.end(), key) - ka.begin()));
    }
    CHECK(r.slice(lower_bounds, p, in.nb[p]) == lower);
    CHECK(r.slice(upper_bounds, p, in.nb[p]) == upper);

    for (int k = 0; k < 4; ++k)
    {
      CAPTURE(k);
      const auto want  = join_reference::nested_loop_join(ka, kb, join_kind_of(k), std::less<>{});
      const auto rows  = std::int64_t(want.size());
      const auto first = r.rows_a.begin() + (std::int64_t(k) * problems + p) * row_stride;
      CHECK(count[join_size_inner + k] == rows);
      CHECK(count[join_rows_inner + k] == rows);
      const auto row_b = r.rows_b.begin() + (first - r.rows_a.begin());
      CHECK(std::vector<long long>(first, first + rows) == want.a);
      CHECK(std::vector<long long>(row_b, row_b + rows) == want.b);
      CHECK(first[rows] == poison);
      CHECK(row_b[rows] == poison);
    }
    std::vector<int> semi, anti;
    for (int i = 0; i < in.na[p]; ++i)
      (std::binary_search(kb.begin(), kb.end(), ka[i]) ? semi : anti).push_back(i);
    CHECK(count[semi_count] == std::int64_t(semi.size()));
    CHECK(r.slice(semi_joined, p, std::int64_t(semi.size())) == semi);
    CHECK(count[anti_count] == std::int64_t(anti.size()));
    CHECK(r.slice(anti_joined, p, std::int64_t(anti.size())) == anti);

    std::vector<int> segment_of, expanded_keys, gathered_values, marks, offsets;
    for (int i = 0; i < in.na[p]; ++i)
    {
      offsets.push_back(int(segment_of.size()));
      for (int rank = 0; rank < ka[i] % 4; ++rank)
      {
        segment_of.push_back(i);
        expanded_keys.push_back(ka[i]);
        gathered_values.push_back(1000 + 10 * i + rank);
        marks.push_back(i * 1000 + rank);
      }
    }
    const auto total = std::int64_t(segment_of.size());
    std::vector<int> scattered_values(total), moved_values(total);
    for (int i = 0; i < in.na[p]; ++i)
      for (int rank = 0; rank < ka[i] % 4; ++rank)
      {
        const int to         = int(total) - offsets[i] - ka[i] % 4 + rank;
        scattered_values[to] = 1000 + offsets[i] + rank;
        moved_values[to]     = 1000 + 10 * i + rank;
      }
    CHECK(r.slice(lbs, p, total) == segment_of);
    CHECK(r.slice(expanded, p, total) == expanded_keys);
    CHECK(r.slice(gathered, p, total) == gathered_values);
    CHECK(r.slice(scattered, p, total) == scattered_values);
    CHECK(r.slice(moved, p, total) == moved_values);
    CHECK(r.slice(transformed, p, total) == marks);
    for (int s : {lbs, expanded, gathered, scattered, moved, transformed})
      CHECK(r.past(s, p, total) == poison);

    std::vector<int> removals, positions;
    for (int i = 0; i < in.na[p]; i += 3)
      removals.push_back(i);
    for (int j = 0; j < in.nb[p]; ++j)
      positions.push_back(j * in.na[p] / in.nb[p]);
    const auto kept          = mgpu_test::reference_remove(ka, removals);
    const auto inserted_keys = mgpu_test::reference_insert(ka, kb, positions);
    CHECK(count[removed_count] == std::int64_t(kept.size()));
    CHECK(r.slice(removed, p, std::int64_t(kept.size())) == kept);
    CHECK(r.past(removed, p, std::int64_t(kept.size())) == poison);
    CHECK(count[inserted_count] == n);
    CHECK(r.slice(inserted, p, n) == inserted_keys);
    CHECK(r.past(inserted, p, n) == poison);

    const int starts[5] = {0, in.na[p] / 4, in.na[p] / 2, in.na[p] / 2, in.na[p]};
    std::vector<int> sums;
    for (int s = 0; s < 4; ++s)
      sums.push_back(std::accumulate(ka.begin() + starts[s], ka.begin() + starts[s + 1], 100));
    sums.push_back(poison);
    CHECK(count[reduced_count] == 4);
    CHECK(r.slice(reduced, p, 5) == sums);
    CHECK(count[reduced_empty_count] == 0);
    CHECK(r.past(reduced_empty, p, 0) == poison);
  }
}

// Runs every problem through `policy`: in a kernel for a device policy, on
// the host for `host_run`.
struct host_run
{};

template <class Policy>
results run_all(const inputs& in)
{
  const std::size_t out_size  = std::size_t(slot_count) * problems * stride;
  const std::size_t rows_size = std::size_t(4) * problems * row_stride;
  const std::size_t count_size = std::size_t(problems) * max_counts;
  results r;
  if constexpr (std::is_same_v<Policy, host_run>)
  {
    r.out.assign(out_size, poison), r.values.assign(out_size, poison);
    r.rows_a.assign(rows_size, poison), r.rows_b.assign(rows_size, poison);
    r.counts.assign(count_size, -1);
    const problem_set h{in.a.data(),         in.b.data(),         in.unique_a.data(),  in.unique_b.data(),
                        in.na.data(),        in.nb.data(),        in.unique_na.data(), in.unique_nb.data(),
                        r.out.data(),        r.values.data(),     r.rows_a.data(),     r.rows_b.data(),
                        r.counts.data()};
    for (int p = 0; p < problems; ++p)
      run_problem(h, p, thrust::seq);
  }
  else
  {
    const thrust::device_vector<int> a(in.a), b(in.b), ua(in.unique_a), ub(in.unique_b), na(in.na), nb(in.nb),
      una(in.unique_na), unb(in.unique_nb);
    thrust::device_vector<int> out(out_size, poison), values(out_size, poison), rows_a(rows_size, poison),
      rows_b(rows_size, poison);
    thrust::device_vector<std::int64_t> counts(count_size, -1);
    using thrust::raw_pointer_cast;
    const problem_set d{
      raw_pointer_cast(a.data()),      raw_pointer_cast(b.data()),      raw_pointer_cast(ua.data()),
      raw_pointer_cast(ub.data()),     raw_pointer_cast(na.data()),     raw_pointer_cast(nb.data()),
      raw_pointer_cast(una.data()),    raw_pointer_cast(unb.data()),    raw_pointer_cast(out.data()),
      raw_pointer_cast(values.data()), raw_pointer_cast(rows_a.data()), raw_pointer_cast(rows_b.data()),
      raw_pointer_cast(counts.data())};
    run_problems<<<(problems + 31) / 32, 32>>>(d, Policy{});
    REQUIRE(cudaGetLastError() == cudaSuccess);
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    r.out = mgpu_test::to_std(out), r.values = mgpu_test::to_std(values);
    r.rows_a = mgpu_test::to_std(rows_a), r.rows_b = mgpu_test::to_std(rows_b);
    r.counts = mgpu_test::to_std(counts);
  }
  return r;
}

} // namespace

TEST_CASE_TEMPLATE("device code: every algorithm inside a kernel, and the same calls on the host", Policy,
                   std::decay_t<decltype(thrust::seq)>, std::decay_t<decltype(thrust::device)>, host_run)
{
  const inputs in;
  check_results(in, run_all<Policy>(in));
}
