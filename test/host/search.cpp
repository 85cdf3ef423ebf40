// The partition searches against brute force: every diagonal of many small
// random inputs, duplicates included.
#include "common/test_support.h"

#include <mgpu/search.h>

#include <cuda/std/functional>

namespace {

// Number of A elements among the first `diag` outputs of a sequential merge
// that breaks ties towards A (lower) or towards B (upper).
template <mgpu::bounds Bounds>
std::vector<int> brute_force_splits(const std::vector<int>& a, const std::vector<int>& b)
{
  std::vector<int> splits{0};
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size())
  {
    bool take_a;
    if (j == b.size())
      take_a = true;
    else if (i == a.size())
      take_a = false;
    else
      take_a = Bounds == mgpu::bounds::lower ? !(b[j] < a[i]) : a[i] < b[j];
    take_a ? ++i : ++j;
    splits.push_back(int(i));
  }
  return splits;
}

template <mgpu::bounds Bounds>
void check_every_diagonal(const std::vector<int>& a, const std::vector<int>& b)
{
  const auto expected = brute_force_splits<Bounds>(a, b);
  const int total     = int(a.size() + b.size());
  for (int diag = 0; diag <= total; ++diag)
  {
    const int split = mgpu::merge_path<Bounds>(a.data(), int(a.size()), b.data(), int(b.size()), diag, ::cuda::std::less<>{});
    if (split != expected[diag])
    {
      FAIL("merge_path split " << split << " at diagonal " << diag << ", expected " << expected[diag]);
      return;
    }
  }
}

} // namespace

TEST_CASE("merge_path: every diagonal of random small inputs, both bounds")
{
  for (std::uint64_t seed = 0; seed < 300; ++seed)
  {
    const std::size_t na = seed % 23, nb = (seed * 7) % 19;
    const int hi = seed % 3 == 0 ? 3 : 50; // heavy duplicates every third round
    const auto a = mgpu_test::random_sorted<int>(na, 0, hi, seed);
    const auto b = mgpu_test::random_sorted<int>(nb, 0, hi, seed + 1000);
    CAPTURE(seed);
    check_every_diagonal<mgpu::bounds::lower>(a, b);
    check_every_diagonal<mgpu::bounds::upper>(a, b);
  }
}

TEST_CASE("merge_path: 64-bit sizes and counting inputs")
{
  // A = 0..n-1 and B = the same: on ties lower puts A first, upper puts B first.
  const std::int64_t n = std::int64_t(3) << 31;
  auto identity = [](std::int64_t i) { return i; };
  struct counting
  {
    std::int64_t operator[](std::int64_t i) const { return i; }
  };
  (void) identity;
  const std::int64_t diag = n; // first n outputs: 0,0,1,1,... up to n/2
  CHECK(mgpu::merge_path<mgpu::bounds::lower>(counting{}, n, counting{}, n, diag, ::cuda::std::less<>{}) == n / 2);
  CHECK(mgpu::merge_path<mgpu::bounds::upper>(counting{}, n, counting{}, n, diag, ::cuda::std::less<>{}) == n / 2);
  CHECK(mgpu::merge_path<mgpu::bounds::lower>(counting{}, n, counting{}, n, diag + 1, ::cuda::std::less<>{}) == n / 2 + 1);
  CHECK(mgpu::merge_path<mgpu::bounds::upper>(counting{}, n, counting{}, n, diag + 1, ::cuda::std::less<>{}) == n / 2);
}

TEST_CASE("lower_bound_index and upper_bound_index agree with std")
{
  const auto data = mgpu_test::random_sorted<int>(200, 0, 40, 5);
  for (int value = -2; value <= 42; ++value)
  {
    CHECK(mgpu::lower_bound_index(data.data(), int(data.size()), value, ::cuda::std::less<>{}) ==
          int(std::lower_bound(data.begin(), data.end(), value) - data.begin()));
    CHECK(mgpu::upper_bound_index(data.data(), int(data.size()), value, ::cuda::std::less<>{}) ==
          int(std::upper_bound(data.begin(), data.end(), value) - data.begin()));
  }
}
