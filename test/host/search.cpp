// The partition searches against brute force: every diagonal of many small
// random inputs, duplicates included.
#include "common/test_support.h"

#include <mgpu/search.h>

#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cstdint>

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

namespace {
// Reads data[i] through a counting iterator, counting reads outside [0, count).
struct checked_read
{
  const int* data;
  long count;
  long* outside;
  int operator()(long i) const
  {
    if (i < 0 || i >= count)
    {
      ++*outside;
      return 0;
    }
    return data[i];
  }
};
} // namespace

TEST_CASE("the searches on unsorted inputs: results within their bounds, reads within the ranges")
{
  long outside = 0, wrong = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed)
  {
    const auto a = mgpu_test::random_values<int>(seed % 37, 0, 4, seed);
    const auto b = mgpu_test::random_values<int>(seed * 7 % 41, 0, 4, seed + 1000);
    const long na = long(a.size()), nb = long(b.size());
    const thrust::counting_iterator<long> zero(0);
    const auto ai = thrust::make_transform_iterator(zero, checked_read{a.data(), na, &outside});
    const auto bi = thrust::make_transform_iterator(zero, checked_read{b.data(), nb, &outside});
    const ::cuda::std::less<> less;
    for (long diag = 0; diag <= na + nb; ++diag)
    {
      const long i = mgpu::merge_path(ai, na, bi, nb, diag, less);
      wrong += i >= std::max(0L, diag - nb) && i <= std::min(diag, na) ? 0 : 1;
      const auto cuts = {mgpu::balanced_path(ai, na, bi, nb, diag, less),
                         mgpu::balanced_path<mgpu::key_multiplicity::unique>(ai, na, bi, nb, diag, less)};
      for (const auto cut : cuts)
        wrong += cut.a >= 0 && cut.a <= na && cut.b >= 0 && cut.b <= nb ? 0 : 1;
    }
    for (int value = -1; value <= 5; ++value)
      for (const long index : {mgpu::lower_bound_index(ai, na, value, less),
                               mgpu::upper_bound_index(ai, na, value, less),
                               mgpu::biased_lower_bound_index<4>(ai, na, value, less)})
        wrong += index >= 0 && index <= na ? 0 : 1;
  }
  CHECK(outside == 0);
  CHECK(wrong == 0);
}
