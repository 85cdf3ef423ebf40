// Balanced Path and the biased binary search against brute force: every
// diagonal of many small random multisets, duplicates included.
#include "common/test_support.h"

#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <algorithm>
#include <functional>

namespace {

struct expected_cut
{
  int a, b;
  bool starred;
};

// The Balanced Path built element by element: a key-rank match is taken as
// A's element then B's; a cut between the two is starred and moves past B's.
template <class Compare>
std::vector<expected_cut> brute_force_balanced_path(const std::vector<int>& a, const std::vector<int>& b, Compare comp)
{
  std::vector<expected_cut> cuts{{0, 0, false}};
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size())
  {
    const bool a_first = j == b.size() || (i < a.size() && comp(a[i], b[j]));
    const bool b_first = i == a.size() || (j < b.size() && comp(b[j], a[i]));
    if (!a_first && !b_first) // a match: the cut inside it is starred
    {
      cuts.push_back({int(i + 1), int(j + 1), true});
      cuts.push_back({int(i + 1), int(j + 1), false});
      ++i, ++j;
    }
    else
    {
      a_first ? ++i : ++j;
      cuts.push_back({int(i), int(j), false});
    }
  }
  return cuts;
}

template <mgpu::key_multiplicity Multiplicity, int Levels, class Compare>
void check_every_diagonal(const std::vector<int>& a, const std::vector<int>& b, Compare comp)
{
  const auto expected = brute_force_balanced_path(a, b, comp);
  const int total     = int(a.size() + b.size());
  REQUIRE(int(expected.size()) == total + 1);
  for (int diag = 0; diag <= total; ++diag)
  {
    const auto cut = mgpu::balanced_path<Multiplicity, Levels>(a.data(), int(a.size()), b.data(), int(b.size()), diag, comp);
    const auto& want = expected[diag];
    if (cut.a != want.a || cut.b != want.b || cut.starred != want.starred)
    {
      FAIL("balanced_path at diagonal " << diag << " gave (" << cut.a << ", " << cut.b << ", star " << cut.starred
                                        << "), expected (" << want.a << ", " << want.b << ", star " << want.starred
                                        << ")");
      return;
    }
  }
}

template <mgpu::key_multiplicity Multiplicity, class Compare>
void check_all_levels(const std::vector<int>& a, const std::vector<int>& b, Compare comp)
{
  check_every_diagonal<Multiplicity, 0>(a, b, comp);
  check_every_diagonal<Multiplicity, 2>(a, b, comp);
  check_every_diagonal<Multiplicity, 4>(a, b, comp);
}

using mgpu_test::random_unique_sorted;

} // namespace

TEST_CASE("balanced_path: every diagonal of random small multisets")
{
  for (std::uint64_t seed = 0; seed < 400; ++seed)
  {
    const std::size_t na = seed % 29, nb = (seed * 7) % 31;
    const int hi = seed % 4 == 0 ? 1 : seed % 4 == 1 ? 3 : seed % 4 == 2 ? 8 : 60;
    const auto a = mgpu_test::random_sorted<int>(na, 0, hi, seed);
    const auto b = mgpu_test::random_sorted<int>(nb, 0, hi, seed + 1000);
    CAPTURE(seed);
    check_all_levels<mgpu::key_multiplicity::duplicates>(a, b, ::cuda::std::less<>{});
  }
}

TEST_CASE("balance_merge_split: hints that bracket the run's ends change no cut")
{
  // A partition may bound the run searches with keys it sampled, and a warp
  // may find the run's ends exactly; any hint that holds the true start
  // (and end in B) must give the unhinted cut.
  using mgpu::detail::run_hints;
  const ::cuda::std::less<> less;
  std::uint64_t x = 99;
  auto random_in = [&](int lo, int hi) { // uniform in [lo, hi]
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return lo + int((x >> 33) % std::uint64_t(hi - lo + 1));
  };
  for (std::uint64_t seed = 0; seed < 60; ++seed)
  {
    const int hi_key = seed % 3 == 0 ? 2 : seed % 3 == 1 ? 6 : 40;
    const auto a     = mgpu_test::random_sorted<int>(40 + seed % 90, 0, hi_key, seed);
    const auto b     = mgpu_test::random_sorted<int>(30 + seed % 70, 0, hi_key, seed + 500);
    const int na = int(a.size()), nb = int(b.size());
    CAPTURE(seed);
    for (int diag = 0; diag <= na + nb; ++diag)
    {
      const int a_merge = mgpu::merge_path<mgpu::bounds::lower>(a.data(), na, b.data(), nb, diag, less);
      const auto plain  = mgpu::detail::balance_merge_split<mgpu::key_multiplicity::duplicates, 4>(
        a.data(), b.data(), nb, diag, a_merge, less);
      for (int trial = 0; trial < 4; ++trial)
      {
        int asked = 0;
        auto hints_for = [&](int key) {
          ++asked;
          const int a_start = int(std::lower_bound(a.begin(), a.end(), key) - a.begin());
          const int b_start = int(std::lower_bound(b.begin(), b.end(), key) - b.begin());
          const int b_end   = int(std::upper_bound(b.begin(), b.end(), key) - b.begin());
          run_hints<int> hints;
          // Trial 0 knows nothing; later trials bracket each end, tightly
          // in trial 3.
          if (trial > 0)
          {
            hints.a_start = {trial == 3 ? a_start : random_in(0, a_start), trial == 3 ? a_start : random_in(a_start, na)};
            hints.b_start = {trial == 3 ? b_start : random_in(0, b_start), trial == 3 ? b_start : random_in(b_start, nb)};
            hints.b_end   = {trial == 3 ? b_end : random_in(0, b_end), trial == 3 ? b_end : random_in(b_end, nb)};
          }
          return hints;
        };
        const auto hinted = mgpu::detail::balance_merge_split<mgpu::key_multiplicity::duplicates, 4>(
          a.data(), b.data(), nb, diag, a_merge, less, hints_for);
        CAPTURE(diag);
        CAPTURE(trial);
        REQUIRE(hinted.a == plain.a);
        REQUIRE(hinted.b == plain.b);
        REQUIRE(hinted.starred == plain.starred);
        REQUIRE(asked <= 1);
      }
    }
  }
}

TEST_CASE("balanced_path: long runs of one key on either side")
{
  std::vector<int> run_a(40, 5), run_b(17, 5);
  run_a.insert(run_a.begin(), {1, 2, 2});
  run_b.insert(run_b.end(), {6, 6, 9});
  check_all_levels<mgpu::key_multiplicity::duplicates>(run_a, run_b, ::cuda::std::less<>{});
  check_all_levels<mgpu::key_multiplicity::duplicates>(run_b, run_a, ::cuda::std::less<>{});
  check_all_levels<mgpu::key_multiplicity::duplicates>(std::vector<int>(300, 7), std::vector<int>(300, 7),
                                                       ::cuda::std::less<>{});
  check_all_levels<mgpu::key_multiplicity::duplicates>(std::vector<int>(700, 7), std::vector<int>(3, 7),
                                                       ::cuda::std::less<>{});
  check_all_levels<mgpu::key_multiplicity::duplicates>(std::vector<int>(2, 7), std::vector<int>(900, 7),
                                                       ::cuda::std::less<>{});
}

TEST_CASE("balanced_path: descending order with cuda::std::greater")
{
  ::cuda::std::greater<> greater;
  for (std::uint64_t seed = 0; seed < 100; ++seed)
  {
    const auto a = mgpu_test::random_sorted<int>(seed % 25, 0, 5, seed, greater);
    const auto b = mgpu_test::random_sorted<int>((seed * 3) % 27, 0, 5, seed + 77, greater);
    CAPTURE(seed);
    check_all_levels<mgpu::key_multiplicity::duplicates>(a, b, greater);
  }
}

TEST_CASE("balanced_path: the unique-keys flavour agrees on duplicate-free inputs")
{
  for (std::uint64_t seed = 0; seed < 300; ++seed)
  {
    const auto a = random_unique_sorted(seed % 37, seed);
    const auto b = random_unique_sorted((seed * 5) % 41, seed + 500);
    CAPTURE(seed);
    check_every_diagonal<mgpu::key_multiplicity::unique, 2>(a, b, ::cuda::std::less<>{});
    check_every_diagonal<mgpu::key_multiplicity::duplicates, 2>(a, b, ::cuda::std::less<>{});
  }
  const auto same = random_unique_sorted(50, 3);
  check_every_diagonal<mgpu::key_multiplicity::unique, 2>(same, same, ::cuda::std::less<>{});
}

TEST_CASE("balanced_path: the documentation example")
{
  const int a[] = {1, 6, 6, 6, 6}, b[] = {6, 6, 6, 9};
  const auto cut = mgpu::balanced_path(a, 5, b, 4, 4, ::cuda::std::less<>{});
  CHECK(cut.a == 3);
  CHECK(cut.b == 2);
  CHECK(cut.starred);
}

TEST_CASE("balanced_path: 64-bit sizes on counting inputs")
{
  // A = B = 0, 1, ..., n - 1: Balanced Path pairs equal keys, 0a 0b 1a 1b ...
  const std::int64_t n = std::int64_t(3) << 31;
  const thrust::counting_iterator<std::int64_t> keys(0);
  ::cuda::std::less<> less;
  for (std::int64_t diag : {n, n + 1, n + 2, std::int64_t(1), 2 * n - 1, 2 * n})
  {
    CAPTURE(diag);
    const bool inside = diag % 2 == 1;
    const auto dup    = mgpu::balanced_path<mgpu::key_multiplicity::duplicates, 4>(keys, n, keys, n, diag, less);
    const auto uniq   = mgpu::balanced_path<mgpu::key_multiplicity::unique, 4>(keys, n, keys, n, diag, less);
    for (const auto& cut : {dup, uniq})
    {
      CHECK(cut.starred == inside);
      CHECK(cut.a == (diag + 1) / 2);
      CHECK(cut.b == (diag + 1) / 2);
    }
  }
}

TEST_CASE("biased_lower_bound_index agrees with std::lower_bound at every bias level")
{
  for (std::uint64_t seed = 0; seed < 40; ++seed)
  {
    const auto data = mgpu_test::random_sorted<int>(seed * 37 % 1500, 0, int(seed % 5 == 0 ? 3 : 2000), seed);
    const int n     = int(data.size());
    for (int value = -1; value <= 2001; value += (seed % 5 == 0 ? 1 : 7))
    {
      const int expected = int(std::lower_bound(data.begin(), data.end(), value) - data.begin());
      ::cuda::std::less<> less;
      const int got[] = {mgpu::biased_lower_bound_index<0>(data.data(), n, value, less),
                         mgpu::biased_lower_bound_index<1>(data.data(), n, value, less),
                         mgpu::biased_lower_bound_index<2>(data.data(), n, value, less),
                         mgpu::biased_lower_bound_index<3>(data.data(), n, value, less),
                         mgpu::biased_lower_bound_index<4>(data.data(), n, value, less)};
      for (int g : got)
        if (g != expected)
        {
          FAIL("biased search for " << value << " gave " << g << ", expected " << expected << " (seed " << seed << ")");
          return;
        }
    }
  }
  // 64-bit: the first probes land just short of the end without overflow.
  const std::int64_t n = std::int64_t(1) << 40;
  const thrust::counting_iterator<std::int64_t> keys(0);
  CHECK(mgpu::biased_lower_bound_index<4>(keys, n, n - 3, ::cuda::std::less<>{}) == n - 3);
  CHECK(mgpu::biased_lower_bound_index<4>(keys, n, std::int64_t(5), ::cuda::std::less<>{}) == 5);
}
