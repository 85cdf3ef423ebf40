// Vectorized sorted search test bodies, written once and run against
// `backend` (the including file defines it as the host or the CUDA backend).
// The reference is Thrust's vectorized lower_bound / upper_bound on the host,
// on the same inputs; outputs start poisoned.
#pragma once

#include "common/test_support.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/sorted_search.h>

#include <thrust/binary_search.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>

#include <cstdint>
#include <utility>
#include <vector>

using mgpu_test::poisoned;
using mgpu_test::random_sorted;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace sorted_search_cases {

// Ordered only by a free operator<, as in the value-semantics tests.
struct user_key
{
  int id;
};
MGPU_HD inline bool operator<(const user_key& x, const user_key& y) { return x.id < y.id; }

// (haystack, needles) sizes around the search tiles of every tuning (the
// merge's shapes), plus empty and tiny inputs.
inline std::vector<std::pair<std::size_t, std::size_t>> boundary_shapes()
{
  using namespace mgpu::detail::cuda;
  std::vector<std::pair<std::size_t, std::size_t>> shapes = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 5000}, {5000, 0}, {7, 3}};
  for (std::size_t tile : {merge_tuning_sm90<4>::shape::tile_size, merge_tuning_sm90<8>::shape::tile_size,
                           merge_tuning_fallback<4>::shape::tile_size})
    for (std::size_t total : {tile - 1, tile, tile + 1, 2 * tile - 1, 3 * tile + 1, 9 * tile + 5})
    {
      shapes.emplace_back(total / 2, total - total / 2);
      shapes.emplace_back(total / 5, total - total / 5);
      shapes.emplace_back(total - total / 7, total / 7);
    }
  return shapes;
}

// Both bounds of each needle, from the joins' one-pass equal_range search.
template <class LowerIt, class UpperIt>
struct store_bound_pair
{
  LowerIt lower;
  UpperIt upper;

  _CCCL_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void operator()(Size needle, mgpu::detail::bound_pair<Size> bounds) const
  {
    lower[needle] = bounds.lower;
    upper[needle] = bounds.upper;
  }
};

// Both bounds through mgpu on `backend` against Thrust's vectorized searches
// on the host, by the public functions and by the equal_range search the
// joins use; answers written as `Out`.
template <class Out = std::int32_t, class Hay, class Needle, class Compare = ::cuda::std::less<>>
void check_bounds(const std::vector<Hay>& hay, const std::vector<Needle>& needles, Compare comp = {})
{
  auto d_hay     = to_backend<backend>(hay);
  auto d_needles = to_backend<backend>(needles);
  std::vector<Out> expected(needles.size());

  auto lower = poisoned<backend, Out>(needles.size());
  auto end   = mgpu::sorted_lower_bound(backend::policy(), d_hay.begin(), d_hay.end(), d_needles.begin(),
                                      d_needles.end(), lower.begin(), comp);
  CHECK(end == lower.end());
  thrust::lower_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin(), comp);
  MGPU_CHECK_EQUAL_RANGES(to_std(lower), expected);

  auto upper = poisoned<backend, Out>(needles.size());
  end        = mgpu::sorted_upper_bound(backend::policy(), d_hay.begin(), d_hay.end(), d_needles.begin(),
                                      d_needles.end(), upper.begin(), comp);
  CHECK(end == upper.end());
  thrust::upper_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin(), comp);
  MGPU_CHECK_EQUAL_RANGES(to_std(upper), expected);

  auto both_lower = poisoned<backend, Out>(needles.size()), both_upper = poisoned<backend, Out>(needles.size());
  auto policy     = backend::policy();
  using key_t     = mgpu::detail::search_key_t<decltype(d_hay.begin()), decltype(d_needles.begin())>;
  mgpu::detail::sorted_search_with_offsets<mgpu::detail::search_bound::equal_range, key_t, std::int64_t>(
    policy, d_hay.begin(), std::int64_t(hay.size()), d_needles.begin(), std::int64_t(needles.size()),
    store_bound_pair<decltype(both_lower.begin()), decltype(both_upper.begin())>{both_lower.begin(),
                                                                                  both_upper.begin()},
    comp, nullptr, nullptr, true, "equal_range");
  MGPU_CHECK_EQUAL_RANGES(to_std(both_upper), expected);
  MGPU_CHECK_EQUAL_RANGES(to_std(both_lower), to_std(lower));
}

struct times_three
{
  MGPU_HD int operator()(int x) const { return 3 * x; }
};

} // namespace sorted_search_cases

TEST_CASE("sorted search: sizes around tile boundaries, random and duplicate-heavy keys")
{
  std::uint64_t seed = 100;
  for (const auto& shape : sorted_search_cases::boundary_shapes())
  {
    const std::size_t n = shape.first, m = shape.second;
    CAPTURE(n);
    CAPTURE(m);
    sorted_search_cases::check_bounds(random_sorted<int>(n, 0, 1 << 30, seed), random_sorted<int>(m, 0, 1 << 30, seed + 1));
    sorted_search_cases::check_bounds(random_sorted<int>(n, 0, 9, seed + 2), random_sorted<int>(m, 0, 9, seed + 3));
    seed += 4;
  }
}

TEST_CASE("sorted search: large inputs, wide and narrow key ranges, asymmetric sizes")
{
  const std::size_t n = backend::large_size;
  for (int hi : {1 << 30, 1000, 3})
  {
    CAPTURE(hi);
    sorted_search_cases::check_bounds(random_sorted<int>(n, 0, hi, 11), random_sorted<int>(n + 12345, 0, hi, 12));
    sorted_search_cases::check_bounds(random_sorted<int>(n / 50, 0, hi, 13), random_sorted<int>(n, 0, hi, 14));
    sorted_search_cases::check_bounds(random_sorted<int>(n, 0, hi, 15), random_sorted<int>(n / 50, 0, hi, 16));
  }
}

TEST_CASE("sorted search: long runs, all-equal and disjoint ranges")
{
  // Runs far longer than a tile on both sides, and needles equal to all of them.
  std::vector<int> runs;
  for (int key : {1, 2, 3})
    runs.insert(runs.end(), 20000, key);
  sorted_search_cases::check_bounds(runs, runs);
  sorted_search_cases::check_bounds(std::vector<int>(30000, 42), std::vector<int>(17001, 42));
  sorted_search_cases::check_bounds(std::vector<int>(30000, 42), std::vector<int>{41, 42, 42, 43});
  const auto low  = mgpu_test::iota_values<int>(9000, 0);
  const auto high = mgpu_test::iota_values<int>(12000, 100000);
  sorted_search_cases::check_bounds(low, high);
  sorted_search_cases::check_bounds(high, low);
}

TEST_CASE("sorted search: int64, double, mixed arithmetic types and 64-bit answers")
{
  sorted_search_cases::check_bounds(random_sorted<std::int64_t>(30000, -(1ll << 40), 1ll << 40, 21),
                                    random_sorted<std::int64_t>(25000, -(1ll << 40), 1ll << 40, 22));
  sorted_search_cases::check_bounds<std::int64_t>(random_sorted<std::int64_t>(20000, 0, 100, 23),
                                                  random_sorted<std::int64_t>(20001, 0, 100, 24));
  sorted_search_cases::check_bounds(random_sorted<double>(30000, -1.0, 1.0, 25), random_sorted<double>(29000, -1.0, 1.0, 26));
  // An int haystack searched for doubles compares doubles, as thrust::lower_bound does.
  std::vector<double> halves;
  for (int i = -10; i < 30000; ++i)
    halves.push_back(i * 0.5);
  sorted_search_cases::check_bounds(random_sorted<int>(20000, 0, 10000, 27), halves);
  sorted_search_cases::check_bounds(halves, random_sorted<int>(20000, 0, 10000, 28));
}

TEST_CASE("sorted search: a key type with only a free operator<, and cuda::std::greater")
{
  using sorted_search_cases::user_key;
  auto as_keys = [](const std::vector<int>& ids) {
    std::vector<user_key> keys;
    for (int id : ids)
      keys.push_back(user_key{id});
    return keys;
  };
  const auto hay = as_keys(random_sorted<int>(20000, 0, 3000, 31)), needles = as_keys(random_sorted<int>(15000, 0, 3000, 32));
  // Answers compared through Thrust, which orders user_key by its operator< too.
  auto d_hay = to_backend<backend>(hay), d_needles = to_backend<backend>(needles);
  auto lower = poisoned<backend, int>(needles.size()), upper = poisoned<backend, int>(needles.size());
  mgpu::sorted_lower_bound(backend::policy(), d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), lower.begin());
  mgpu::sorted_upper_bound(backend::policy(), d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), upper.begin());
  std::vector<int> expected(needles.size());
  thrust::lower_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(lower), expected);
  thrust::upper_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(upper), expected);

  ::cuda::std::greater<> greater;
  sorted_search_cases::check_bounds(random_sorted<int>(20000, 0, 500, 33, greater), random_sorted<int>(17000, 0, 500, 34, greater), greater);
  sorted_search_cases::check_bounds(random_sorted<int>(9000, 0, 50, 35, greater), random_sorted<int>(12000, 0, 50, 36, greater), greater);
}

TEST_CASE("sorted search: counting and transform iterators in, discard out")
{
  // Haystack 0, 3, 6, ... (transform over counting) or 0, 1, 2, ... (counting).
  const int n = 30000, m = 20000;
  const auto needles = random_sorted<int>(m, -5, 3 * n + 5, 41);
  auto d_needles     = to_backend<backend>(needles);
  auto tripled = thrust::make_transform_iterator(thrust::make_counting_iterator(0), sorted_search_cases::times_three{});
  auto counted = thrust::make_counting_iterator(0);
  std::vector<int> hay3(n), hay1(n), expected(m);
  for (int i = 0; i < n; ++i)
    hay3[i] = 3 * i, hay1[i] = i;

  auto out = poisoned<backend, int>(m);
  mgpu::sorted_lower_bound(backend::policy(), tripled, tripled + n, d_needles.begin(), d_needles.end(), out.begin());
  thrust::lower_bound(thrust::host, hay3.begin(), hay3.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  out = poisoned<backend, int>(m);
  mgpu::sorted_upper_bound(backend::policy(), counted, counted + n, d_needles.begin(), d_needles.end(), out.begin());
  thrust::upper_bound(thrust::host, hay1.begin(), hay1.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);

  // Needles from a counting iterator into a stored haystack.
  auto d_hay3 = to_backend<backend>(hay3);
  auto out_n  = poisoned<backend, int>(std::size_t(n));
  mgpu::sorted_lower_bound(backend::policy(), d_hay3.begin(), d_hay3.end(), counted, counted + n, out_n.begin());
  std::vector<int> expected_n(n);
  thrust::lower_bound(thrust::host, hay3.begin(), hay3.end(), hay1.begin(), hay1.end(), expected_n.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out_n), expected_n);

  // Discarded answers: the returned end still counts them.
  const auto discarded = mgpu::sorted_upper_bound(backend::policy(), d_hay3.begin(), d_hay3.end(), d_needles.begin(),
                                                  d_needles.end(), thrust::make_discard_iterator());
  CHECK(discarded - thrust::make_discard_iterator() == m);
}

TEST_CASE("sorted search: overloads without a policy")
{
  const auto hay = random_sorted<int>(12000, 0, 4000, 51), needles = random_sorted<int>(9000, 0, 4000, 52);
  auto d_hay = to_backend<backend>(hay), d_needles = to_backend<backend>(needles);
  std::vector<int> expected(needles.size());
  auto out = poisoned<backend, int>(needles.size());
  CHECK(mgpu::sorted_lower_bound(d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), out.begin()) == out.end());
  thrust::lower_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  out = poisoned<backend, int>(needles.size());
  CHECK(mgpu::sorted_upper_bound(d_hay.begin(), d_hay.end(), d_needles.begin(), d_needles.end(), out.begin(),
                                 ::cuda::std::less<>{}) == out.end());
  thrust::upper_bound(thrust::host, hay.begin(), hay.end(), needles.begin(), needles.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
}

TEST_CASE("sorted search: the documented example")
{
  auto hay = to_backend<backend>(std::vector<int>{1, 3, 3, 5});
  auto needles = to_backend<backend>(std::vector<int>{0, 3, 3, 6});
  auto out = poisoned<backend, int>(4);
  mgpu::sorted_upper_bound(backend::policy(), hay.begin(), hay.end(), needles.begin(), needles.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), (std::vector<int>{0, 3, 3, 4}));
  out = poisoned<backend, int>(4);
  mgpu::sorted_lower_bound(backend::policy(), hay.begin(), hay.end(), needles.begin(), needles.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), (std::vector<int>{0, 1, 1, 4}));
}
