// The overloads without a policy, on host iterators (std::vector,
// host_vector, raw pointers, and mixes of them): every form of every
// algorithm runs on the host system and gives what the std:: algorithm or
// the policy form gives.
#include "common/merge_reference.h"
#include "common/test_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <utility>
#include <vector>

using mgpu_test::iota_values;
using mgpu_test::poison;
using mgpu_test::random_sorted;
using mgpu_test::to_std;

namespace {

std::vector<int> poisoned_ints(std::size_t count)
{
  return std::vector<int>(count, poison<int>());
}

// `values` followed by poison up to `size`: what an output of that capacity
// holds after an operation wrote `values`.
std::vector<int> with_poisoned_tail(std::vector<int> values, std::size_t size)
{
  values.resize(size, poison<int>());
  return values;
}

// The std:: set operation `std_op` on two sorted ranges.
template <class StdOp, class Compare = std::less<>>
std::vector<int> std_set_operation(const std::vector<int>& a, const std::vector<int>& b, StdOp std_op,
                                   Compare comp = {})
{
  std::vector<int> out(a.size() + b.size());
  out.resize(std::size_t(std_op(a.begin(), a.end(), b.begin(), b.end(), out.begin(), comp) - out.begin()));
  return out;
}

// Strictly ascending keys 0, step, 2 step, ...: inputs for the unique_keys forms.
std::vector<int> unique_sorted(std::size_t count, int step)
{
  std::vector<int> keys(count);
  for (std::size_t i = 0; i < count; ++i)
    keys[i] = int(i) * step;
  return keys;
}

// Each policy-less form of one key-only set operation, `mgpu_op`, against
// `std_op`: without a comparator on std::vector iterators, with a
// descending comparator on host_vector iterators, with unique_keys on raw
// pointers.
template <class MgpuOp, class StdOp>
void check_set_keys(MgpuOp mgpu_op, StdOp std_op)
{
  const auto a = random_sorted<int>(700, 0, 150, 3), b = random_sorted<int>(900, 0, 150, 4);
  const std::size_t capacity = a.size() + b.size();

  const auto expected = std_set_operation(a, b, std_op);
  REQUIRE(!expected.empty());
  auto out = poisoned_ints(capacity);
  const auto end = mgpu_op(a.begin(), a.end(), b.begin(), b.end(), out.begin());
  CHECK(std::size_t(end - out.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(out, with_poisoned_tail(expected, capacity));

  const std::vector<int> a_down(a.rbegin(), a.rend()), b_down(b.rbegin(), b.rend());
  const auto expected_down = std_set_operation(a_down, b_down, std_op, std::greater<>{});
  const thrust::host_vector<int> h_a(a_down.begin(), a_down.end()), h_b(b_down.begin(), b_down.end());
  thrust::host_vector<int> h_out(capacity, poison<int>());
  const auto h_end = mgpu_op(h_a.begin(), h_a.end(), h_b.begin(), h_b.end(), h_out.begin(), ::cuda::std::greater<>{});
  CHECK(std::size_t(h_end - h_out.begin()) == expected_down.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(h_out), with_poisoned_tail(expected_down, capacity));

  const auto ua = unique_sorted(500, 2), ub = unique_sorted(400, 3);
  const auto expected_unique = std_set_operation(ua, ub, std_op);
  auto raw_out = poisoned_ints(ua.size() + ub.size());
  int* const raw_end = mgpu_op(ua.data(), ua.data() + ua.size(), ub.data(), ub.data() + ub.size(), raw_out.data(),
                               ::cuda::std::less<>{}, mgpu::unique_keys);
  CHECK(std::size_t(raw_end - raw_out.data()) == expected_unique.size());
  MGPU_CHECK_EQUAL_RANGES(raw_out, with_poisoned_tail(expected_unique, raw_out.size()));
}

// Sorted keys with values naming their source: A in std::vectors, B in
// host_vectors; poisoned outputs. `unique` makes both key ranges strictly
// ascending, for the unique_keys forms.
struct keyed_problem
{
  std::vector<int> a_keys, a_values;
  thrust::host_vector<int> b_keys, b_values;
  std::vector<int> keys_out, values_out;

  explicit keyed_problem(bool unique)
      : a_keys(unique ? unique_sorted(600, 2) : random_sorted<int>(600, 0, 120, 5)),
        a_values(iota_values<int>(a_keys.size(), 0))
  {
    const auto b = unique ? unique_sorted(800, 3) : random_sorted<int>(800, 0, 120, 6);
    b_keys.assign(b.begin(), b.end());
    const auto b_tags = iota_values<int>(b.size(), 1 << 20);
    b_values.assign(b_tags.begin(), b_tags.end());
    keys_out   = poisoned_ints(a_keys.size() + b.size());
    values_out = poisoned_ints(a_keys.size() + b.size());
  }
};

// Each policy-less form of one set operation by key, `mgpu_op` (without a
// comparator, with one, with unique_keys on unique keys), against `std_op` on
// (key, value) pairs ordered by key, which matches key ranks the same way.
// `WithValues2`: the form that takes B's values, read or not;
// `WithUniqueKeys`: whether that form has a unique_keys overload.
template <bool WithValues2, bool WithUniqueKeys, class MgpuOp, class StdOp>
void check_set_pairs(MgpuOp mgpu_op, StdOp std_op)
{
  for (const int form : {0, 1, 2})
  {
    CAPTURE(form);
    if (form == 2 && !WithUniqueKeys)
      break;
    keyed_problem p(form == 2);
    auto call = [&](auto... comparison) {
      if constexpr (WithValues2)
        return mgpu_op(p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(), p.b_keys.end(), p.a_values.data(),
                       p.b_values.begin(), p.keys_out.begin(), p.values_out.data(), comparison...);
      else
        return mgpu_op(p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(), p.b_keys.end(), p.a_values.data(),
                       p.keys_out.begin(), p.values_out.data(), comparison...);
    };
    const auto less = ::cuda::std::less<>{};
    decltype(call()) ends;
    if (form == 0)
      ends = call();
    else if (form == 1)
      ends = call(less);
    else if constexpr (WithUniqueKeys)
      ends = call(less, mgpu::unique_keys);

    std::vector<std::pair<int, int>> a, b, expected(p.keys_out.size());
    for (std::size_t i = 0; i < p.a_keys.size(); ++i)
      a.emplace_back(p.a_keys[i], p.a_values[i]);
    for (std::size_t i = 0; i < p.b_keys.size(); ++i)
      b.emplace_back(p.b_keys[i], p.b_values[i]);
    auto key_less = [](const std::pair<int, int>& x, const std::pair<int, int>& y) { return x.first < y.first; };
    expected.resize(std::size_t(std_op(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), key_less)
                                - expected.begin()));
    REQUIRE(!expected.empty());
    std::vector<int> expected_keys, expected_values;
    for (const auto& [key, value] : expected)
    {
      expected_keys.push_back(key);
      expected_values.push_back(value);
    }

    CHECK(std::size_t(ends.first - p.keys_out.begin()) == expected.size());
    CHECK(std::size_t(ends.second - p.values_out.data()) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(p.keys_out, with_poisoned_tail(expected_keys, p.keys_out.size()));
    MGPU_CHECK_EQUAL_RANGES(p.values_out, with_poisoned_tail(expected_values, p.values_out.size()));
  }
}

// Exclusive scan of `counts`.
std::vector<int> offsets_of(const std::vector<int>& counts)
{
  std::vector<int> offsets(counts.size());
  int sum = 0;
  for (std::size_t s = 0; s < counts.size(); ++s)
  {
    offsets[s] = sum;
    sum += counts[s];
  }
  return offsets;
}

// Counts with empty segments, runs of them and a long one; total 200.
const std::vector<int> segment_counts = {3, 0, 0, 7, 1, 0, 50, 2, 0, 0, 0, 9, 100, 4, 0, 24};
constexpr int segment_total           = 200;

// Records each work item's segment and rank.
struct record_segment_and_rank
{
  int* segments;
  int* ranks;
  void operator()(std::int64_t item, std::int64_t segment, std::int64_t rank) const
  {
    segments[item] = int(segment);
    ranks[item]    = int(rank);
  }
};

} // namespace

TEST_CASE("policy-less merge: std::vector, raw pointers, host_vector with a comparator")
{
  const auto a = random_sorted<int>(1000, 0, 100, 1), b = random_sorted<int>(1500, 0, 100, 2);
  std::vector<int> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());

  auto out = poisoned_ints(expected.size());
  CHECK(mgpu::merge(a.begin(), a.end(), b.begin(), b.end(), out.begin()) == out.end());
  MGPU_CHECK_EQUAL_RANGES(out, expected);

  out = poisoned_ints(expected.size());
  CHECK(mgpu::merge(a.data(), a.data() + a.size(), b.data(), b.data() + b.size(), out.data(), ::cuda::std::less<>{})
        == out.data() + out.size());
  MGPU_CHECK_EQUAL_RANGES(out, expected);

  const thrust::host_vector<int> h_a(a.rbegin(), a.rend()), h_b(b.rbegin(), b.rend());
  thrust::host_vector<int> h_out(expected.size(), poison<int>());
  CHECK(mgpu::merge(h_a.begin(), h_a.end(), h_b.begin(), h_b.end(), h_out.begin(), ::cuda::std::greater<>{})
        == h_out.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(h_out), std::vector<int>(expected.rbegin(), expected.rend()));
}

TEST_CASE("policy-less merge_by_key: host_vector keys, std::vector values, raw pointer outputs")
{
  keyed_problem without_policy(false), with_policy(false);
  auto run = [](keyed_problem& p, auto... policy) {
    return mgpu::merge_by_key(policy..., p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(), p.b_keys.end(),
                              p.a_values.begin(), p.b_values.begin(), p.keys_out.data(), p.values_out.data());
  };
  const auto ends = run(without_policy);
  run(with_policy, thrust::host);
  CHECK(ends.first == without_policy.keys_out.data() + without_policy.keys_out.size());
  CHECK(ends.second == without_policy.values_out.data() + without_policy.values_out.size());
  MGPU_CHECK_EQUAL_RANGES(without_policy.keys_out, with_policy.keys_out);
  MGPU_CHECK_EQUAL_RANGES(without_policy.values_out, with_policy.values_out);

  keyed_problem compared(false);
  mgpu::merge_by_key(compared.a_keys.data(), compared.a_keys.data() + compared.a_keys.size(), compared.b_keys.begin(),
                     compared.b_keys.end(), compared.a_values.data(), compared.b_values.begin(),
                     compared.keys_out.begin(), compared.values_out.begin(), ::cuda::std::less<>{});
  MGPU_CHECK_EQUAL_RANGES(compared.keys_out, with_policy.keys_out);
  MGPU_CHECK_EQUAL_RANGES(compared.values_out, with_policy.values_out);

  // And against the reference stable merge of (key, value) pairs.
  const auto [expected_keys, expected_values] = mgpu_test::reference_merge_pairs(
    compared.a_keys, compared.a_values, to_std(compared.b_keys), to_std(compared.b_values), ::cuda::std::less<>{});
  MGPU_CHECK_EQUAL_RANGES(compared.keys_out, expected_keys);
  MGPU_CHECK_EQUAL_RANGES(compared.values_out, expected_values);
}

TEST_CASE("policy-less set operations on keys: every form against std::set_*")
{
  check_set_keys([](auto... args) { return mgpu::set_intersection(args...); },
                 [](auto... args) { return std::set_intersection(args...); });
  check_set_keys([](auto... args) { return mgpu::set_union(args...); },
                 [](auto... args) { return std::set_union(args...); });
  check_set_keys([](auto... args) { return mgpu::set_difference(args...); },
                 [](auto... args) { return std::set_difference(args...); });
  check_set_keys([](auto... args) { return mgpu::set_symmetric_difference(args...); },
                 [](auto... args) { return std::set_symmetric_difference(args...); });
}

TEST_CASE("policy-less set operations by key: every form against std::set_* on pairs")
{
  check_set_pairs<false, true>([](auto... args) { return mgpu::set_intersection_by_key(args...); },
                               [](auto... args) { return std::set_intersection(args...); });
  check_set_pairs<false, true>([](auto... args) { return mgpu::set_difference_by_key(args...); },
                               [](auto... args) { return std::set_difference(args...); });
  check_set_pairs<true, false>([](auto... args) { return mgpu::set_difference_by_key(args...); },
                               [](auto... args) { return std::set_difference(args...); });
  check_set_pairs<true, true>([](auto... args) { return mgpu::set_union_by_key(args...); },
                              [](auto... args) { return std::set_union(args...); });
  check_set_pairs<true, true>([](auto... args) { return mgpu::set_symmetric_difference_by_key(args...); },
                              [](auto... args) { return std::set_symmetric_difference(args...); });
}

TEST_CASE("policy-less bulk_remove and bulk_insert: host_vector, std::vector and raw pointers")
{
  const auto source = iota_values<int>(1000, 0);
  const thrust::host_vector<int> h_source(source.begin(), source.end());
  std::vector<int> indices;
  for (int i = 1; i < 1000; i += 3)
    indices.push_back(i);
  std::vector<int> kept;
  for (int i = 0; i < 1000; ++i)
    if (i % 3 != 1)
      kept.push_back(i);
  auto removed = poisoned_ints(kept.size() + 5);
  int* const removed_end =
    mgpu::bulk_remove(h_source.begin(), h_source.end(), indices.begin(), indices.end(), removed.data());
  CHECK(removed_end == removed.data() + kept.size());
  MGPU_CHECK_EQUAL_RANGES(removed, with_poisoned_tail(kept, removed.size()));

  // Values -1, -2, ... before positions 0, 0, 5, 10, ..., and at the end.
  std::vector<int> values, positions;
  for (int j = 0; j < 300; ++j)
  {
    values.push_back(-1 - j);
    positions.push_back(j < 2 ? 0 : std::min(5 * (j - 1), 1000));
  }
  auto expected = poisoned_ints(source.size() + values.size());
  mgpu::bulk_insert(thrust::host, source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                    expected.begin());
  thrust::host_vector<int> inserted(expected.size(), poison<int>());
  CHECK(mgpu::bulk_insert(source.data(), source.data() + source.size(), values.data(), values.data() + values.size(),
                          positions.data(), inserted.begin())
        == inserted.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(inserted), expected);
  CHECK(expected[0] == -1);
  CHECK(expected[2] == 0);
}

TEST_CASE("policy-less load_balance_search and transform_lbs: std::vector, host_vector, raw and counting offsets")
{
  const auto offsets = offsets_of(segment_counts);
  std::vector<int> expected_segments, expected_ranks;
  for (std::size_t s = 0; s < segment_counts.size(); ++s)
    for (int r = 0; r < segment_counts[s]; ++r)
    {
      expected_segments.push_back(int(s));
      expected_ranks.push_back(r);
    }
  REQUIRE(expected_segments.size() == std::size_t(segment_total));

  thrust::host_vector<int> segments(segment_total, poison<int>());
  mgpu::load_balance_search(offsets.begin(), offsets.end(), segments.begin(), segments.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected_segments);

  auto seen_segments = poisoned_ints(segment_total), seen_ranks = poisoned_ints(segment_total);
  mgpu::transform_lbs(offsets.data(), offsets.data() + offsets.size(), std::int64_t(segment_total),
                      record_segment_and_rank{seen_segments.data(), seen_ranks.data()});
  MGPU_CHECK_EQUAL_RANGES(seen_segments, expected_segments);
  MGPU_CHECK_EQUAL_RANGES(seen_ranks, expected_ranks);

  // Offsets 0, 1, 2, ...: one item per segment. A counting_iterator belongs
  // to any system; alone, it selects the device system (here the CPP one).
  auto counted_segments = poisoned_ints(50), counted_ranks = poisoned_ints(50);
  mgpu::transform_lbs(thrust::make_counting_iterator(0), thrust::make_counting_iterator(50), 50,
                      record_segment_and_rank{counted_segments.data(), counted_ranks.data()});
  MGPU_CHECK_EQUAL_RANGES(counted_segments, iota_values<int>(50, 0));
  MGPU_CHECK_EQUAL_RANGES(counted_ranks, std::vector<int>(50, 0));
}

TEST_CASE("policy-less interval expand, gather, scatter and move against the policy form")
{
  const thrust::host_vector<int> offsets = [] {
    const auto o = offsets_of(segment_counts);
    return thrust::host_vector<int>(o.begin(), o.end());
  }();
  const std::size_t m = segment_counts.size();
  const auto values   = iota_values<int>(m, 100);
  const auto input    = iota_values<int>(segment_total + 300, 1000);
  // Interval s is gathered from 2 s + (its offset) (within the input) and
  // scattered so the intervals land in reverse order.
  std::vector<int> gather(m), scatter(m);
  for (std::size_t s = 0; s < m; ++s)
  {
    gather[s]  = 2 * int(s) + offsets[s];
    scatter[s] = segment_total - offsets[s] - segment_counts[s];
  }

  auto expanded = poisoned_ints(segment_total), expected = poisoned_ints(segment_total);
  mgpu::interval_expand(offsets.begin(), offsets.end(), values.begin(), expanded.begin(), expanded.end());
  mgpu::interval_expand(thrust::host, offsets.begin(), offsets.end(), values.begin(), expected.begin(), expected.end());
  MGPU_CHECK_EQUAL_RANGES(expanded, expected);
  CHECK(expanded[0] == 100);

  thrust::host_vector<int> gathered(segment_total, poison<int>());
  expected = poisoned_ints(segment_total);
  mgpu::interval_gather(offsets.begin(), offsets.end(), gather.data(), input.begin(), gathered.begin(), gathered.end());
  mgpu::interval_gather(thrust::host, offsets.begin(), offsets.end(), gather.data(), input.begin(), expected.begin(),
                        expected.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(gathered), expected);
  CHECK(std::count(expected.begin(), expected.end(), poison<int>()) == 0);
  CHECK(expected[std::size_t(offsets[3])] == input[std::size_t(gather[3])]); // segment 3 holds 7 items

  auto scattered = poisoned_ints(segment_total);
  expected       = poisoned_ints(segment_total);
  mgpu::interval_scatter(offsets.begin(), offsets.end(), scatter.begin(), input.data(), input.data() + segment_total,
                         scattered.data());
  mgpu::interval_scatter(thrust::host, offsets.begin(), offsets.end(), scatter.begin(), input.data(),
                         input.data() + segment_total, expected.data());
  MGPU_CHECK_EQUAL_RANGES(scattered, expected);
  CHECK(std::count(expected.begin(), expected.end(), poison<int>()) == 0);
  CHECK(expected[std::size_t(scatter[3])] == input[std::size_t(offsets[3])]);

  auto moved = poisoned_ints(segment_total);
  expected   = poisoned_ints(segment_total);
  mgpu::interval_move(offsets.begin(), offsets.end(), segment_total, gather.begin(), scatter.data(), input.begin(),
                      moved.begin());
  mgpu::interval_move(thrust::host, offsets.begin(), offsets.end(), segment_total, gather.begin(), scatter.data(),
                      input.begin(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(moved, expected);
  CHECK(std::count(expected.begin(), expected.end(), poison<int>()) == 0);
  CHECK(moved.back() == input[std::size_t(gather[0] + segment_counts[0] - 1)]);
}

TEST_CASE("a policy in front selects the policy form where a policy-less form has as many arguments")
{
  const auto a = unique_sorted(300, 2), b = unique_sorted(200, 3);
  const auto a_values = iota_values<int>(a.size(), 0), b_values = iota_values<int>(b.size(), 1 << 20);
  const auto less     = ::cuda::std::less<>{};

  // Seven: set_union(policy, ..., comp) and set_union(..., comp, unique_keys).
  auto with_policy = poisoned_ints(a.size() + b.size()), without_policy = poisoned_ints(a.size() + b.size());
  const auto policy_end = mgpu::set_union(thrust::host, a.begin(), a.end(), b.begin(), b.end(), with_policy.begin(),
                                          less);
  const auto end =
    mgpu::set_union(a.begin(), a.end(), b.begin(), b.end(), without_policy.begin(), less, mgpu::unique_keys);
  CHECK(policy_end - with_policy.begin() == end - without_policy.begin());
  MGPU_CHECK_EQUAL_RANGES(without_policy, with_policy);

  // Eight: set_difference_by_key(policy, ..., values_first1, keys_result,
  // values_result), and without a policy with values_first2 or with comp.
  std::vector<int> keys_out[3], values_out[3];
  for (int i = 0; i < 3; ++i)
  {
    keys_out[i]   = poisoned_ints(a.size());
    values_out[i] = poisoned_ints(a.size());
  }
  const auto ends0 = mgpu::set_difference_by_key(thrust::host, a.begin(), a.end(), b.begin(), b.end(),
                                                 a_values.begin(), keys_out[0].begin(), values_out[0].begin());
  const auto ends1 = mgpu::set_difference_by_key(a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                                 b_values.begin(), keys_out[1].begin(), values_out[1].begin());
  const auto ends2 = mgpu::set_difference_by_key(a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                                 keys_out[2].begin(), values_out[2].begin(), less);
  CHECK(ends0.first - keys_out[0].begin() == ends1.first - keys_out[1].begin());
  CHECK(ends0.second - values_out[0].begin() == ends2.second - values_out[2].begin());
  for (int i = 1; i < 3; ++i)
  {
    MGPU_CHECK_EQUAL_RANGES(keys_out[i], keys_out[0]);
    MGPU_CHECK_EQUAL_RANGES(values_out[i], values_out[0]);
  }
  std::vector<int> difference;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(difference));
  CHECK(ends0.first - keys_out[0].begin() == std::ptrdiff_t(difference.size()));
  CHECK(std::equal(difference.begin(), difference.end(), keys_out[0].begin()));

  // Five and four: transform_lbs(policy, offsets..., total, f) and
  // transform_lbs(offsets..., total, f).
  const auto offsets = offsets_of(segment_counts);
  auto segments = poisoned_ints(segment_total), ranks = poisoned_ints(segment_total);
  auto policy_segments = poisoned_ints(segment_total), policy_ranks = poisoned_ints(segment_total);
  mgpu::transform_lbs(thrust::host, offsets.begin(), offsets.end(), segment_total,
                      record_segment_and_rank{policy_segments.data(), policy_ranks.data()});
  mgpu::transform_lbs(offsets.begin(), offsets.end(), segment_total,
                      record_segment_and_rank{segments.data(), ranks.data()});
  MGPU_CHECK_EQUAL_RANGES(segments, policy_segments);
  MGPU_CHECK_EQUAL_RANGES(ranks, policy_ranks);
  CHECK(std::count(policy_segments.begin(), policy_segments.end(), poison<int>()) == 0);
  CHECK(policy_ranks[0] == 0);
}
