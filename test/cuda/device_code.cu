// Calls from device code, as Thrust's algorithms take them: each thread runs
// every algorithm on a problem of its own with thrust::seq (and a few with
// thrust::device, which Thrust also runs sequentially there). The results
// are compared with std references, or with the host backend where the host
// suite already checks that against std.
#include "common/test_support.h"

#include <mgpu/mgpu.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <vector>

namespace {

constexpr int problems = 96;
constexpr int max_a = 24;
constexpr int max_b = 20;
constexpr int stride = 128;               // room for each problem's longest output
constexpr int row_stride = max_a * max_b; // an inner join's most rows
constexpr int counts_per_problem = 16;

int a_count(int p) { return 5 + p % 20; }
int b_count(int p) { return 3 + (p * 7) % 18; }

// One problem's pieces, at fixed strides in flat arrays.
struct device_problems
{
  const int* a; // sorted keys, max_a per problem
  const int* b; // sorted keys, max_b per problem
  const int* a_counts;
  const int* b_counts;
  int* out; // stride per output slot and problem
  int* out_values;
  int* rows_a;
  int* rows_b;
  std::int64_t* counts;
};

enum slot : int
{
  merged,
  merged_by_key,
  set_union_keys,
  set_intersection_keys,
  set_difference_keys,
  set_symmetric_difference_keys,
  set_union_by_key_keys,
  lower_bounds,
  upper_bounds,
  semi_joined,
  anti_joined,
  lbs,
  expanded,
  removed,
  inserted,
  reduced,
  transformed,
  slot_count
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

__global__ void run_every_algorithm(device_problems d)
{
  const int p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p >= problems)
    return;
  const int na = d.a_counts[p], nb = d.b_counts[p];
  const int* a = d.a + p * max_a;
  const int* b = d.b + p * max_b;
  std::int64_t* count = d.counts + p * counts_per_problem;
  const auto seq = thrust::seq;
  const ::cuda::std::less<> less;

  mgpu::merge(seq, a, a + na, b, b + nb, slot_of(d.out, merged, p), less);
  // Values are the keys' tags: 1000 + i in A, 2000 + j in B.
  const thrust::counting_iterator<int> a_tags(1000), b_tags(2000);
  mgpu::merge_by_key(thrust::device, a, a + na, b, b + nb, a_tags, b_tags, slot_of(d.out, merged_by_key, p),
                     slot_of(d.out_values, merged_by_key, p));

  count[0] =
      mgpu::set_union(seq, a, a + na, b, b + nb, slot_of(d.out, set_union_keys, p)) - slot_of(d.out, set_union_keys, p);
  count[1] = mgpu::set_intersection(thrust::device, a, a + na, b, b + nb, slot_of(d.out, set_intersection_keys, p)) -
             slot_of(d.out, set_intersection_keys, p);
  count[2] = mgpu::set_difference(seq, a, a + na, b, b + nb, slot_of(d.out, set_difference_keys, p), less) -
             slot_of(d.out, set_difference_keys, p);
  mgpu::set_symmetric_difference(seq, a, a + na, b, b + nb, slot_of(d.out, set_symmetric_difference_keys, p), less,
                                 mgpu::count_to(count + 3));
  const auto by_key =
      mgpu::set_union_by_key(seq, a, a + na, b, b + nb, a_tags, b_tags, slot_of(d.out, set_union_by_key_keys, p),
                             slot_of(d.out_values, set_union_by_key_keys, p));
  count[4] = by_key.first - slot_of(d.out, set_union_by_key_keys, p);

  mgpu::sorted_lower_bound(seq, a, a + na, b, b + nb, slot_of(d.out, lower_bounds, p));
  mgpu::sorted_upper_bound(seq, a, a + na, b, b + nb, slot_of(d.out, upper_bounds, p), less);

  int* rows_a = d.rows_a + p * row_stride;
  int* rows_b = d.rows_b + p * row_stride;
  count[5] = mgpu::join_size(seq, a, a + na, b, b + nb, mgpu::join_kind::inner);
  count[6] = mgpu::join(seq, a, a + na, b, b + nb, rows_a, rows_b, mgpu::join_kind::inner).first - rows_a;
  count[7] =
      mgpu::semi_join(seq, a, a + na, b, b + nb, slot_of(d.out, semi_joined, p)) - slot_of(d.out, semi_joined, p);
  count[8] =
      mgpu::anti_join(seq, a, a + na, b, b + nb, slot_of(d.out, anti_joined, p), less) - slot_of(d.out, anti_joined, p);

  // A segment of a[i] % 4 items for each key of A.
  int offsets[max_a];
  int total = 0;
  for (int i = 0; i < na; ++i)
  {
    offsets[i] = total;
    total += a[i] % 4;
  }
  count[9] = total;
  mgpu::load_balance_search(seq, offsets, offsets + na, slot_of(d.out, lbs, p), slot_of(d.out, lbs, p) + total);
  mgpu::interval_expand(seq, offsets, offsets + na, a, slot_of(d.out, expanded, p),
                        slot_of(d.out, expanded, p) + total);
  mgpu::transform_lbs(seq, offsets, offsets + na, total, mark_item{slot_of(d.out, transformed, p)});

  // Every third position of A removed; B inserted at evenly spread positions.
  int removals[max_a], positions[max_b];
  int removal_count = 0;
  for (int i = 0; i < na; i += 3)
    removals[removal_count++] = i;
  for (int j = 0; j < nb; ++j)
    positions[j] = j * na / nb;
  count[10] = mgpu::bulk_remove(seq, a, a + na, removals, removals + removal_count, slot_of(d.out, removed, p)) -
              slot_of(d.out, removed, p);
  count[11] = mgpu::bulk_insert(seq, a, a + na, b, b + nb, positions, slot_of(d.out, inserted, p)) -
              slot_of(d.out, inserted, p);

  const int segment_starts[4] = {0, na / 4, na / 2, na / 2};
  count[12] = mgpu::segmented_reduce(seq, a, a + na, segment_starts, segment_starts + 4, slot_of(d.out, reduced, p),
                                     100, ::cuda::std::plus<>{}) -
              slot_of(d.out, reduced, p);
}

std::vector<int> slice(const std::vector<int>& all, int s, int p, std::int64_t count)
{
  const auto first = all.begin() + (std::int64_t(s) * problems + p) * stride;
  return {first, first + count};
}

} // namespace

TEST_CASE("device code: every algorithm with thrust::seq and thrust::device inside a kernel")
{
  std::vector<int> a(problems * max_a, 0), b(problems * max_b, 0), na(problems), nb(problems);
  for (int p = 0; p < problems; ++p)
  {
    na[p] = a_count(p), nb[p] = b_count(p);
    const auto ka = mgpu_test::random_sorted<int>(na[p], 0, 12, 300 + p);
    const auto kb = mgpu_test::random_sorted<int>(nb[p], 0, 12, 700 + p);
    std::copy(ka.begin(), ka.end(), a.begin() + p * max_a);
    std::copy(kb.begin(), kb.end(), b.begin() + p * max_b);
  }
  const int poison = -7;
  thrust::device_vector<int> d_a(a), d_b(b), d_na(na), d_nb(nb);
  thrust::device_vector<int> out(std::size_t(slot_count) * problems * stride, poison);
  thrust::device_vector<int> out_values(out.size(), poison);
  thrust::device_vector<int> rows_a(problems * row_stride, poison), rows_b(problems * row_stride, poison);
  thrust::device_vector<std::int64_t> counts(problems * counts_per_problem, -1);
  const device_problems d{thrust::raw_pointer_cast(d_a.data()),    thrust::raw_pointer_cast(d_b.data()),
                          thrust::raw_pointer_cast(d_na.data()),   thrust::raw_pointer_cast(d_nb.data()),
                          thrust::raw_pointer_cast(out.data()),    thrust::raw_pointer_cast(out_values.data()),
                          thrust::raw_pointer_cast(rows_a.data()), thrust::raw_pointer_cast(rows_b.data()),
                          thrust::raw_pointer_cast(counts.data())};
  run_every_algorithm<<<(problems + 31) / 32, 32>>>(d);
  REQUIRE(cudaGetLastError() == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);

  const auto h_out = mgpu_test::to_std(out);
  const auto h_values = mgpu_test::to_std(out_values);
  const auto h_rows_a = mgpu_test::to_std(rows_a);
  const auto h_rows_b = mgpu_test::to_std(rows_b);
  const auto h_counts = mgpu_test::to_std(counts);
  for (int p = 0; p < problems; ++p)
  {
    CAPTURE(p);
    const std::vector<int> ka(a.begin() + p * max_a, a.begin() + p * max_a + na[p]);
    const std::vector<int> kb(b.begin() + p * max_b, b.begin() + p * max_b + nb[p]);
    const std::int64_t* count = h_counts.data() + p * counts_per_problem;
    const auto n = std::int64_t(ka.size() + kb.size());

    std::vector<int> expected;
    std::merge(ka.begin(), ka.end(), kb.begin(), kb.end(), std::back_inserter(expected));
    CHECK(slice(h_out, merged, p, n) == expected);
    CHECK(slice(h_out, merged, p, n + 1).back() == poison);
    CHECK(slice(h_out, merged_by_key, p, n) == expected);
    // Stable: equal keys take A's tags first, each side in order.
    std::vector<std::pair<int, int>> tagged;
    for (std::size_t i = 0; i < ka.size(); ++i)
      tagged.push_back({ka[i], 1000 + int(i)});
    for (std::size_t j = 0; j < kb.size(); ++j)
      tagged.push_back({kb[j], 2000 + int(j)});
    std::stable_sort(tagged.begin(), tagged.end(), [](auto x, auto y) { return x.first < y.first; });
    std::vector<int> expected_tags;
    for (const auto& t : tagged)
      expected_tags.push_back(t.second);
    CHECK(slice(h_values, merged_by_key, p, n) == expected_tags);

    auto check_set = [&](int s, std::int64_t got, auto std_op)
    {
      std::vector<int> keys;
      std_op(ka.begin(), ka.end(), kb.begin(), kb.end(), std::back_inserter(keys));
      CHECK(got == std::int64_t(keys.size()));
      CHECK(slice(h_out, s, p, std::int64_t(keys.size())) == keys);
      CHECK(slice(h_out, s, p, std::int64_t(keys.size()) + 1).back() == poison);
    };
    using It = std::vector<int>::const_iterator;
    using Out = std::back_insert_iterator<std::vector<int>>;
    check_set(set_union_keys, count[0], std::set_union<It, It, Out>);
    check_set(set_intersection_keys, count[1], std::set_intersection<It, It, Out>);
    check_set(set_difference_keys, count[2], std::set_difference<It, It, Out>);
    check_set(set_symmetric_difference_keys, count[3], std::set_symmetric_difference<It, It, Out>);
    check_set(set_union_by_key_keys, count[4], std::set_union<It, It, Out>);

    std::vector<int> lower, upper;
    for (int key : kb)
    {
      lower.push_back(int(std::lower_bound(ka.begin(), ka.end(), key) - ka.begin()));
      upper.push_back(int(std::upper_bound(ka.begin(), ka.end(), key) - ka.begin()));
    }
    CHECK(slice(h_out, lower_bounds, p, nb[p]) == lower);
    CHECK(slice(h_out, upper_bounds, p, nb[p]) == upper);

    // Joins, the interval family and the bulk operations against the host backend.
    std::vector<int> host_rows_a(ka.size() * kb.size() + 1, poison), host_rows_b(host_rows_a.size(), poison);
    const auto rows = mgpu::join(thrust::host, ka.begin(), ka.end(), kb.begin(), kb.end(), host_rows_a.begin(),
                                 host_rows_b.begin(), mgpu::join_kind::inner)
                          .first -
                      host_rows_a.begin();
    CHECK(count[5] == rows);
    CHECK(count[6] == rows);
    const auto row = [&](const std::vector<int>& all)
    { return std::vector<int>(all.begin() + p * row_stride, all.begin() + p * row_stride + rows); };
    CHECK(row(h_rows_a) == std::vector<int>(host_rows_a.begin(), host_rows_a.begin() + rows));
    CHECK(row(h_rows_b) == std::vector<int>(host_rows_b.begin(), host_rows_b.begin() + rows));
    std::vector<int> semi, anti;
    for (int i = 0; i < na[p]; ++i)
      (std::binary_search(kb.begin(), kb.end(), ka[i]) ? semi : anti).push_back(i);
    CHECK(count[7] == std::int64_t(semi.size()));
    CHECK(slice(h_out, semi_joined, p, std::int64_t(semi.size())) == semi);
    CHECK(count[8] == std::int64_t(anti.size()));
    CHECK(slice(h_out, anti_joined, p, std::int64_t(anti.size())) == anti);

    std::vector<int> segment_of, expanded_keys, marks;
    for (int i = 0; i < na[p]; ++i)
      for (int r = 0; r < ka[i] % 4; ++r)
      {
        segment_of.push_back(i);
        expanded_keys.push_back(ka[i]);
        marks.push_back(i * 1000 + r);
      }
    CHECK(count[9] == std::int64_t(segment_of.size()));
    CHECK(slice(h_out, lbs, p, count[9]) == segment_of);
    CHECK(slice(h_out, expanded, p, count[9]) == expanded_keys);
    CHECK(slice(h_out, transformed, p, count[9]) == marks);
    CHECK(slice(h_out, transformed, p, count[9] + 1).back() == poison);

    std::vector<int> kept;
    for (int i = 0; i < na[p]; ++i)
      if (i % 3 != 0)
        kept.push_back(ka[i]);
    CHECK(count[10] == std::int64_t(kept.size()));
    CHECK(slice(h_out, removed, p, count[10]) == kept);
    std::vector<int> positions, host_inserted(n, poison);
    for (int j = 0; j < nb[p]; ++j)
      positions.push_back(j * na[p] / nb[p]);
    mgpu::bulk_insert(thrust::host, ka.begin(), ka.end(), kb.begin(), kb.end(), positions.begin(),
                      host_inserted.begin());
    CHECK(count[11] == n);
    CHECK(slice(h_out, inserted, p, n) == host_inserted);

    const int starts[5] = {0, na[p] / 4, na[p] / 2, na[p] / 2, na[p]};
    std::vector<int> sums;
    for (int s = 0; s < 4; ++s)
      sums.push_back(std::accumulate(ka.begin() + starts[s], ka.begin() + starts[s + 1], 100));
    CHECK(count[12] == 4);
    CHECK(slice(h_out, reduced, p, 4) == sums);
  }
}
