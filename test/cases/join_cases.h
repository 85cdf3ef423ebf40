// Relational join test bodies, written once and run against `backend` (the
// including file defines it as the host or the CUDA backend), against the
// references of common/join_reference.h (a nested loop over all pairs, or
// for large inputs its run-by-run equivalent, checked against it here). On
// the host backend every check also replays the join by expansion (the CUDA
// backend's algorithm) on the host policy.
#pragma once

#include "common/join_reference.h"
#include "common/test_support.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/join.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

using mgpu_test::poisoned;
using mgpu_test::random_sorted;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace join_cases {

inline constexpr bool on_host = std::is_same_v<backend, mgpu_test::host_backend>;

using namespace join_reference;

// Ordered only by a free operator<.
struct user_key
{
  int id;
};
MGPU_HD inline bool operator<(const user_key& x, const user_key& y) { return x.id < y.id; }

// A comparator templated on one type, as the value-semantics tests use.
struct same_type_less
{
  template <class T>
  MGPU_HD bool operator()(const T& x, const T& y) const
  {
    return x < y;
  }
};

template <class T>
std::vector<long long> widened(const std::vector<T>& values)
{
  return std::vector<long long>(values.begin(), values.end());
}

// join_size and join of every kind through mgpu on `backend`, against the
// reference; indices written as `Out`.
template <class Out = int, class Key, class Compare = ::cuda::std::less<>>
void check_join(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {})
{
  auto d_a = to_backend<backend>(a);
  auto d_b = to_backend<backend>(b);
  for (const mgpu::join_kind kind : all_kinds)
  {
    CAPTURE(name_of(kind));
    const rows expected = reference_join(a, b, kind, comp);
    const auto size = mgpu::join_size(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), kind, comp);
    CHECK(std::size_t(size) == expected.size());
    // One more row than needed: a join must not write past its size.
    auto a_out = poisoned<backend, Out>(expected.size() + 1), b_out = poisoned<backend, Out>(expected.size() + 1);
    const auto ends = mgpu::join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(),
                                 b_out.begin(), kind, comp);
    CHECK(ends.first - a_out.begin() == std::ptrdiff_t(expected.size()));
    CHECK(ends.second - b_out.begin() == std::ptrdiff_t(expected.size()));
    auto a_rows = widened(to_std(a_out)), b_rows = widened(to_std(b_out));
    CHECK(a_rows.back() == mgpu_test::poison<Out>());
    CHECK(b_rows.back() == mgpu_test::poison<Out>());
    a_rows.pop_back(), b_rows.pop_back();
    MGPU_CHECK_EQUAL_RANGES(a_rows, expected.a);
    MGPU_CHECK_EQUAL_RANGES(b_rows, expected.b);

    if constexpr (on_host)
    {
      // The CUDA backend's join by expansion, replayed on the host policy.
      auto policy       = thrust::host;
      auto& host_policy = mgpu::detail::derived_policy(policy);
      const bool ka = keeps_a(kind), kb = keeps_b(kind);
      CHECK(std::size_t(mgpu::detail::join_size_by_expansion(host_policy, a.begin(), a.end(), b.begin(), b.end(), ka,
                                                              kb, comp, "test")) == expected.size());
      std::vector<Out> ea(expected.size() + 1, mgpu_test::poison<Out>()), eb(expected.size() + 1, mgpu_test::poison<Out>());
      const auto written = mgpu::detail::join_by_expansion(host_policy, a.begin(), a.end(), b.begin(), b.end(),
                                                           ea.begin(), eb.begin(), ka, kb, comp, "test");
      CHECK(std::size_t(written) == expected.size());
      CHECK(ea.back() == mgpu_test::poison<Out>());
      ea.pop_back(), eb.pop_back();
      MGPU_CHECK_EQUAL_RANGES(widened(ea), expected.a);
      MGPU_CHECK_EQUAL_RANGES(widened(eb), expected.b);
    }
  }
}

// semi_join and anti_join against the rows of A with and without a match.
template <class Key, class Compare = ::cuda::std::less<>>
void check_filters(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {})
{
  std::vector<long long> matched, unmatched;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    const bool found = std::binary_search(b.begin(), b.end(), a[i], comp);
    (found ? matched : unmatched).push_back(i);
  }
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto out = poisoned<backend, int>(a.size() + 1);
  auto end = mgpu::semi_join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), comp);
  CHECK(end - out.begin() == std::ptrdiff_t(matched.size()));
  auto got = widened(to_std(out));
  got.resize(matched.size());
  MGPU_CHECK_EQUAL_RANGES(got, matched);

  out = poisoned<backend, int>(a.size() + 1);
  end = mgpu::anti_join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), comp);
  CHECK(end - out.begin() == std::ptrdiff_t(unmatched.size()));
  got = widened(to_std(out));
  got.resize(unmatched.size());
  MGPU_CHECK_EQUAL_RANGES(got, unmatched);

  if constexpr (on_host)
  {
    auto policy       = thrust::host;
    auto& host_policy = mgpu::detail::derived_policy(policy);
    for (const bool keep_matched : {true, false})
    {
      std::vector<int> replay(a.size() + 1, mgpu_test::poison<int>());
      const auto written = mgpu::detail::filter_by_match_by_expansion(host_policy, a.begin(), a.end(), b.begin(),
                                                                      b.end(), replay.begin(), keep_matched, comp, "test");
      const auto& expected = keep_matched ? matched : unmatched;
      CHECK(std::size_t(written) == expected.size());
      replay.resize(expected.size());
      MGPU_CHECK_EQUAL_RANGES(widened(replay), expected);
    }
  }
}

// Sorted keys, each key of [0, key_count) present with a run of 1 to
// max_run copies or (with probability `absent`) not at all.
inline std::vector<int> runs_of_keys(int key_count, int max_run, double absent, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> run(1, max_run);
  std::bernoulli_distribution skip(absent);
  std::vector<int> keys;
  for (int key = 0; key < key_count; ++key)
    if (!skip(engine))
      keys.insert(keys.end(), std::size_t(run(engine)), key);
  return keys;
}

} // namespace join_cases

TEST_CASE("join: the nested-loop, run-by-run and counting references agree")
{
  for (std::uint64_t seed = 0; seed < 20; ++seed)
  {
    const auto a = random_sorted<int>(seed * 37 % 300, 0, int(seed % 5) * 20 + 3, seed);
    const auto b = random_sorted<int>(seed * 53 % 250, 0, int(seed % 7) * 15 + 3, seed + 100);
    for (const mgpu::join_kind kind : join_cases::all_kinds)
    {
      const auto nested = join_cases::nested_loop_join(a, b, kind, ::cuda::std::less<>{});
      const auto runs   = join_cases::run_join(a, b, kind, ::cuda::std::less<>{});
      CHECK(nested.a == runs.a);
      CHECK(nested.b == runs.b);
      CHECK(std::size_t(join_cases::count_rows(a, b, kind, ::cuda::std::less<>{})) == nested.size());
    }
  }
}

TEST_CASE("join: the documented examples")
{
  const std::vector<int> a = {1, 2, 2, 4}, b = {2, 2, 3, 4};
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto a_out = poisoned<backend, int>(7), b_out = poisoned<backend, int>(7);
  CHECK(mgpu::join_size(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::full_outer) == 7);
  mgpu::join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), b_out.begin(),
             mgpu::join_kind::full_outer);
  MGPU_CHECK_EQUAL_RANGES(to_std(a_out), (std::vector<int>{0, 1, 1, 2, 2, -1, 3}));
  MGPU_CHECK_EQUAL_RANGES(to_std(b_out), (std::vector<int>{-1, 0, 1, 0, 1, 2, 3}));

  auto d_b2 = to_backend<backend>(std::vector<int>{2, 3, 4, 4});
  auto out  = poisoned<backend, int>(4);
  auto end  = mgpu::semi_join(backend::policy(), d_a.begin(), d_a.end(), d_b2.begin(), d_b2.end(), out.begin());
  CHECK(end - out.begin() == 3);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), (std::vector<int>{1, 2, 3, mgpu_test::poison<int>()}));
  end = mgpu::anti_join(backend::policy(), d_a.begin(), d_a.end(), d_b2.begin(), d_b2.end(), out.begin());
  CHECK(end - out.begin() == 1);
  CHECK(to_std(out)[0] == 0);
}

TEST_CASE("join: small random inputs against the nested loop")
{
  for (std::uint64_t seed = 0; seed < 40; ++seed)
  {
    const std::size_t n = seed * 131 % 700, m = seed * 71 % 600;
    const int hi = int(seed % 4) * 40 + 2;
    CAPTURE(seed);
    join_cases::check_join(random_sorted<int>(n, 0, hi, seed), random_sorted<int>(m, 0, hi, seed + 1000));
    join_cases::check_filters(random_sorted<int>(n, 0, hi, seed + 1), random_sorted<int>(m, 0, hi, seed + 1001));
  }
}

TEST_CASE("join: empty sides")
{
  const auto keys = random_sorted<int>(10000, 0, 3000, 7);
  const std::vector<int> none;
  for (const auto& shape : {std::pair<std::size_t, std::size_t>{0, 0}, {0, 1}, {1, 0}, {0, 10000}, {10000, 0}})
  {
    const std::vector<int> a(keys.begin(), keys.begin() + std::ptrdiff_t(shape.first));
    const std::vector<int> b(keys.begin(), keys.begin() + std::ptrdiff_t(shape.second));
    CAPTURE(a.size());
    CAPTURE(b.size());
    join_cases::check_join(a, b);
    join_cases::check_filters(a, b);
  }
}

TEST_CASE("join: sizes around the search and expansion tiles")
{
  // Rows of A and B around the search tiles (the merge's shapes), with keys
  // repeating so the rows straddle the load-balancing tiles too.
  using namespace mgpu::detail::cuda;
  std::uint64_t seed = 300;
  for (const int tile : {merge_tuning_sm90<4>::shape::tile_size, merge_tuning_fallback<4>::shape::tile_size,
                          load_balance_tuning_sm90<4, 4>::shape::tile_size})
    for (const std::size_t total : {tile - 1, tile, tile + 1, 3 * tile + 1})
      for (int hi : {int(total), int(total / 3) + 1, 40})
      {
        const std::size_t n = total / 2 + 1, m = total - total / 2 - 1;
        CAPTURE(total);
        CAPTURE(hi);
        const auto a = random_sorted<int>(n, 0, hi, seed), b = random_sorted<int>(m, 0, hi, seed + 1);
        join_cases::check_join(a, b);
        join_cases::check_filters(a, b);
        seed += 2;
      }
}

TEST_CASE("join: runs of 1 to 4 equal keys on each side, some keys on one side only")
{
  for (int key_count : {1000, 20000})
  {
    CAPTURE(key_count);
    const auto a = join_cases::runs_of_keys(key_count, 4, 0.2, 11), b = join_cases::runs_of_keys(key_count, 4, 0.3, 12);
    join_cases::check_join(a, b);
    join_cases::check_filters(a, b);
  }
}

TEST_CASE("join: long runs and one key with a million matches")
{
  // A key of 1000 x 1000 rows among keys of one match each, on either side of it.
  auto a = mgpu_test::iota_values<int>(3000, 0), b = mgpu_test::iota_values<int>(2500, 0);
  a.insert(a.begin() + 1500, 999, 1500);
  b.insert(b.begin() + 1500, 999, 1500);
  join_cases::check_join(a, b);
  join_cases::check_filters(a, b);
  // One key of k x k rows among keys of one match: a search tile writes up
  // to 2^15 rows itself, heavier ones are expanded.
  for (const int k : {150, 181, 200})
  {
    CAPTURE(k);
    auto with_run_a = mgpu_test::iota_values<int>(3000, 0), with_run_b = mgpu_test::iota_values<int>(3000, 0);
    with_run_a.insert(with_run_a.begin() + 1200, k - 1, 1200);
    with_run_b.insert(with_run_b.begin() + 1200, k - 1, 1200);
    join_cases::check_join(with_run_a, with_run_b);
  }
  // All keys equal; and runs longer than a search tile on one side.
  join_cases::check_join(std::vector<int>(700, 5), std::vector<int>(900, 5));
  std::vector<int> long_runs;
  for (int key : {1, 3, 5})
    long_runs.insert(long_runs.end(), 15000, key);
  join_cases::check_join(long_runs, std::vector<int>{0, 1, 2, 3, 4, 6});
  join_cases::check_join(std::vector<int>{0, 1, 2, 3, 4, 6}, long_runs);
  join_cases::check_filters(long_runs, std::vector<int>{0, 1, 2, 3, 4, 6});
}

TEST_CASE("join: disjoint and interleaved ranges")
{
  const auto low = mgpu_test::iota_values<int>(7000, 0), high = mgpu_test::iota_values<int>(6000, 100000);
  join_cases::check_join(low, high);
  join_cases::check_join(high, low);
  std::vector<int> evens, odds;
  for (int i = 0; i < 9000; ++i)
    evens.push_back(2 * i), odds.push_back(2 * i + 1);
  join_cases::check_join(evens, odds);
  join_cases::check_filters(evens, odds);
}

TEST_CASE("join: int64, double and user keys, cuda::std::greater, 64-bit indices")
{
  join_cases::check_join(random_sorted<std::int64_t>(12000, -(1ll << 40), -(1ll << 40) + 5000, 21),
                         random_sorted<std::int64_t>(9000, -(1ll << 40), -(1ll << 40) + 5000, 22));
  join_cases::check_join<long long>(random_sorted<int>(8000, 0, 2000, 23), random_sorted<int>(7000, 0, 2000, 24));
  std::vector<double> a, b;
  for (int k : random_sorted<int>(9000, 0, 3000, 25))
    a.push_back(k * 0.25);
  for (int k : random_sorted<int>(8000, 0, 3000, 26))
    b.push_back(k * 0.25);
  join_cases::check_join(a, b);
  join_cases::check_filters(a, b);

  std::vector<join_cases::user_key> ua, ub;
  for (int k : random_sorted<int>(6000, 0, 2000, 27))
    ua.push_back({k});
  for (int k : random_sorted<int>(5000, 0, 2000, 28))
    ub.push_back({k});
  join_cases::check_join(ua, ub, join_cases::same_type_less{});
  join_cases::check_filters(ua, ub, join_cases::same_type_less{});

  ::cuda::std::greater<> greater;
  const auto ga = random_sorted<int>(9000, 0, 1500, 29, greater), gb = random_sorted<int>(7000, 0, 1500, 30, greater);
  join_cases::check_join(ga, gb, greater);
  join_cases::check_filters(ga, gb, greater);
}

TEST_CASE("join: a user key type ordered by its free operator< under the default comparator")
{
  std::vector<join_cases::user_key> a, b;
  for (int k : random_sorted<int>(5000, 0, 1000, 31))
    a.push_back({k});
  for (int k : random_sorted<int>(4000, 0, 1000, 32))
    b.push_back({k});
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto by_operator = [](const join_cases::user_key& x, const join_cases::user_key& y) { return x < y; };
  for (const mgpu::join_kind kind : join_cases::all_kinds)
  {
    CAPTURE(join_cases::name_of(kind));
    const auto expected = join_cases::reference_join(a, b, kind, by_operator);
    CHECK(std::size_t(mgpu::join_size(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), kind)) ==
          expected.size());
    auto a_out = poisoned<backend, int>(expected.size()), b_out = poisoned<backend, int>(expected.size());
    mgpu::join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), b_out.begin(), kind);
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(a_out)), expected.a);
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(b_out)), expected.b);
  }
}

TEST_CASE("join: counting-iterator keys and discarded outputs")
{
  // A's keys 0, 1, 2, ... from a counting iterator whose difference type
  // (int) is not B's; B random with repeats.
  const int n = 20000;
  const auto b = random_sorted<int>(15000, -100, n + 100, 41);
  auto d_b = to_backend<backend>(b);
  const auto a_keys = mgpu_test::iota_values<int>(n, 0);
  const thrust::counting_iterator<int, thrust::use_default, thrust::use_default, int> a_first(0);
  for (const mgpu::join_kind kind : join_cases::all_kinds)
  {
    CAPTURE(join_cases::name_of(kind));
    const auto expected = join_cases::reference_join(a_keys, b, kind, ::cuda::std::less<>{});
    const auto size = mgpu::join_size(backend::policy(), a_first, a_first + n, d_b.begin(), d_b.end(), kind);
    CHECK(std::size_t(size) == expected.size());
    // Each output alone, the other discarded.
    auto kept = poisoned<backend, int>(expected.size());
    const auto b_ends = mgpu::join(backend::policy(), a_first, a_first + n, d_b.begin(), d_b.end(),
                                   thrust::make_discard_iterator(), kept.begin(), kind);
    CHECK(b_ends.second == kept.end());
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(kept)), expected.b);
    kept = poisoned<backend, int>(expected.size());
    const auto a_ends = mgpu::join(backend::policy(), a_first, a_first + n, d_b.begin(), d_b.end(), kept.begin(),
                                   thrust::make_discard_iterator(), kind);
    CHECK(a_ends.first == kept.end());
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(kept)), expected.a);
  }
  // Semi join of unique keys: the A rows whose key B holds.
  auto out = poisoned<backend, int>(n);
  auto end = mgpu::semi_join(backend::policy(), a_first, a_first + n, d_b.begin(), d_b.end(), out.begin());
  std::vector<long long> expected;
  for (int i = 0; i < n; ++i)
    if (std::binary_search(b.begin(), b.end(), i))
      expected.push_back(i);
  CHECK(end - out.begin() == std::ptrdiff_t(expected.size()));
  auto got = join_cases::widened(to_std(out));
  got.resize(expected.size());
  MGPU_CHECK_EQUAL_RANGES(got, expected);
  const auto discarded = mgpu::anti_join(backend::policy(), a_first, a_first + n, d_b.begin(), d_b.end(),
                                         thrust::make_discard_iterator());
  CHECK(discarded - thrust::make_discard_iterator() == std::ptrdiff_t(n - expected.size()));
}

TEST_CASE("join: overloads without a policy")
{
  const auto a = random_sorted<int>(5000, 0, 1500, 51), b = random_sorted<int>(4000, 0, 1500, 52);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  const auto expected = join_cases::reference_join(a, b, mgpu::join_kind::left_outer, ::cuda::std::less<>{});
  CHECK(std::size_t(mgpu::join_size(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::left_outer)) ==
        expected.size());
  CHECK(std::size_t(mgpu::join_size(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::left_outer,
                                    ::cuda::std::less<>{})) == expected.size());
  auto a_out = poisoned<backend, int>(expected.size()), b_out = poisoned<backend, int>(expected.size());
  mgpu::join(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), b_out.begin(), mgpu::join_kind::left_outer);
  MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(a_out)), expected.a);
  MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(b_out)), expected.b);
  a_out = poisoned<backend, int>(expected.size());
  mgpu::join(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), thrust::make_discard_iterator(),
             mgpu::join_kind::left_outer, ::cuda::std::less<>{});
  MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(a_out)), expected.a);

  std::vector<int> matched_rows, unmatched_rows;
  for (std::size_t i = 0; i < a.size(); ++i)
    (std::binary_search(b.begin(), b.end(), a[i]) ? matched_rows : unmatched_rows).push_back(int(i));
  auto out = poisoned<backend, int>(a.size());
  const auto semi_end = mgpu::semi_join(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(std::size_t(semi_end - out.begin()) == matched_rows.size());
  auto rows = to_std(out);
  rows.resize(matched_rows.size());
  CHECK(rows == matched_rows);
  out = poisoned<backend, int>(a.size());
  const auto anti_end = mgpu::anti_join(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), ::cuda::std::less<>{});
  CHECK(std::size_t(anti_end - out.begin()) == unmatched_rows.size());
  rows = to_std(out);
  rows.resize(unmatched_rows.size());
  CHECK(rows == unmatched_rows);
}
