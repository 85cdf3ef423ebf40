#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/join_cases.h"

// The partitioned binary runs the shared cases only: the ones below choose
// their own policies.
#ifndef MGPU_TEST_PARTITION_EVERY_LAUNCH

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/tabulate_output_iterator.h>

#include <cstdint>

namespace {

// Checks each row of a full outer join of A = {0, 1 x k}, B = {1 x k, 2} as
// it is written, without storing it: row 0 is (0, -1), rows 1 .. k^2 pair
// A's copies 1 .. k with B's 0 .. k - 1 in (a, b) order, the last row is
// (-1, k). Counts the rows that differ, and how many rows land in each of
// 4096 bins by position, so a row written twice or never shows too.
struct row_check
{
  unsigned long long* mismatches;
  unsigned long long* bins;
  long long k;
  bool is_b;

  template <class Value>
  __device__ void operator()(std::ptrdiff_t row, Value value) const
  {
    const long long last = k * k + 1;
    long long expected;
    if (row == 0)
      expected = is_b ? -1 : 0;
    else if (row == last)
      expected = is_b ? k : -1;
    else
      expected = is_b ? (row - 1) % k : 1 + (row - 1) / k;
    if (static_cast<long long>(value) != expected)
      atomicAdd(mismatches, 1ull);
    if (is_b)
      atomicAdd(&bins[row & 4095], 1ull);
  }
};

} // namespace

TEST_CASE("join: more than 2^31 rows (50,000 x 50,000 equal keys), every row checked as it is written")
{
  const long long k = 50000;
  std::vector<int> a(std::size_t(k) + 1, 1), b(std::size_t(k) + 1, 1);
  a.front() = 0; // A's one unmatched row, before the big key
  b.back()  = 2; // B's one unmatched row, after it
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);

  const long long matched = k * k;
  REQUIRE(matched > (1ll << 31));
  CHECK(mgpu::join_size(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::inner) == matched);
  CHECK(mgpu::join_size(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::left_outer) ==
        matched + 1);
  const long long total = matched + 2;
  CHECK(mgpu::join_size(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), mgpu::join_kind::full_outer) ==
        total);

  thrust::device_vector<unsigned long long> mismatches(2, 0), bins(4096, 0);
  auto* counters = thrust::raw_pointer_cast(mismatches.data());
  auto* row_bins = thrust::raw_pointer_cast(bins.data());
  auto a_out = thrust::make_tabulate_output_iterator(row_check{counters, row_bins, k, false});
  auto b_out = thrust::make_tabulate_output_iterator(row_check{counters + 1, row_bins, k, true});
  const auto ends = mgpu::join(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out, b_out,
                               mgpu::join_kind::full_outer);
  CHECK(ends.first - a_out == total);
  CHECK(ends.second - b_out == total);
  const auto wrong = to_std(mismatches);
  CHECK(wrong[0] == 0);
  CHECK(wrong[1] == 0);
  const auto counted = to_std(bins);
  int uneven = 0;
  for (long long bin = 0; bin < 4096; ++bin)
    uneven += counted[std::size_t(bin)] == static_cast<unsigned long long>(total / 4096 + (bin < total % 4096 ? 1 : 0)) ? 0 : 1;
  CHECK(uneven == 0);
}

TEST_CASE("join: the 64-bit index path on small inputs")
{
  const auto a = join_cases::runs_of_keys(3000, 4, 0.25, 71), b = join_cases::runs_of_keys(3000, 5, 0.25, 72);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto policy = thrust::cuda::par;
  using it    = thrust::device_vector<int>::iterator;
  for (const mgpu::join_kind kind : join_cases::all_kinds)
  {
    CAPTURE(join_cases::name_of(kind));
    const auto expected = join_cases::reference_join(a, b, kind, ::cuda::std::less<>{});
    mgpu::detail::join_expansion<int, std::int64_t, decltype(policy), it, it, ::cuda::std::less<>> join(
      policy, d_a.begin(), std::int64_t(a.size()), d_b.begin(), std::int64_t(b.size()), join_cases::keeps_a(kind),
      join_cases::keeps_b(kind), {}, "test");
    CHECK(std::size_t(join.count_rows()) == expected.size());
    thrust::device_vector<long long> a_out(expected.size(), -7), b_out(expected.size(), -7);
    CHECK(std::size_t(join.write_rows(a_out.begin(), b_out.begin())) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(a_out), expected.a);
    MGPU_CHECK_EQUAL_RANGES(to_std(b_out), expected.b);
  }
}

TEST_CASE("join: on the policy's stream, every temporary from its allocator and returned")
{
  const auto a = join_cases::runs_of_keys(30000, 4, 0.3, 81), b = join_cases::runs_of_keys(30000, 4, 0.3, 82);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  mgpu_test::device_arena arena(std::size_t(1) << 26);
  mgpu_test::stream_guard guard;
  const auto policy = thrust::cuda::par(arena.allocator()).on(guard.stream);
  for (const mgpu::join_kind kind : join_cases::all_kinds)
  {
    CAPTURE(join_cases::name_of(kind));
    const auto expected = join_cases::reference_join(a, b, kind, ::cuda::std::less<>{});
    const auto size = mgpu::join_size(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), kind);
    CHECK(std::size_t(size) == expected.size());
    thrust::device_vector<int> a_out(expected.size()), b_out(expected.size());
    mgpu::join(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), b_out.begin(), kind);
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(a_out)), expected.a);
    MGPU_CHECK_EQUAL_RANGES(join_cases::widened(to_std(b_out)), expected.b);
  }
  thrust::device_vector<int> out(a.size());
  mgpu::semi_join(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(arena.state.allocations > 0);
  CHECK(arena.state.live == 0);
}

TEST_CASE("join: the search tiles write inner and left joins with one allocation of a few words per tile")
{
  // Through thrust::device the joins take this path; driven here on an
  // allocator that counts.
  const auto a = join_cases::runs_of_keys(60000, 4, 0.3, 91), b = join_cases::runs_of_keys(60000, 4, 0.3, 92);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  using it = thrust::device_vector<int>::iterator;
  for (const mgpu::join_kind kind : join_cases::all_kinds)
  {
    CAPTURE(join_cases::name_of(kind));
    const auto expected = join_cases::reference_join(a, b, kind, ::cuda::std::less<>{});
    auto a_out = mgpu_test::poisoned<backend, int>(expected.size() + 1);
    auto b_out = mgpu_test::poisoned<backend, int>(expected.size() + 1);
    mgpu_test::device_arena arena(std::size_t(1) << 26);
    auto policy = thrust::cuda::par(arena.allocator());
    mgpu::detail::join_expansion<int, int, decltype(policy), it, it, ::cuda::std::less<>> join(
      policy, d_a.begin(), int(a.size()), d_b.begin(), int(b.size()), join_cases::keeps_a(kind),
      join_cases::keeps_b(kind), {}, "test");
    const auto rows = join.write_rows_from_tiles(a_out.begin(), b_out.begin());
    if (join_cases::keeps_b(kind))
    {
      CHECK_FALSE(rows.has_value()); // right and full outer joins take the expansion
      CHECK(arena.state.allocations == 0);
      continue;
    }
    REQUIRE(rows.has_value());
    CHECK(std::size_t(*rows) == expected.size());
    auto a_rows = join_cases::widened(to_std(a_out)), b_rows = join_cases::widened(to_std(b_out));
    CHECK(a_rows.back() == mgpu_test::poison<int>());
    CHECK(b_rows.back() == mgpu_test::poison<int>());
    a_rows.pop_back(), b_rows.pop_back();
    MGPU_CHECK_EQUAL_RANGES(a_rows, expected.a);
    MGPU_CHECK_EQUAL_RANGES(b_rows, expected.b);
    CHECK(arena.state.allocations == 1);
    CHECK(arena.state.live == 0);
    // The expansion takes 8 bytes per row of A.
    CHECK(arena.state.used < a.size());
  }
}

TEST_CASE("join: a search tile of more rows than it writes leaves the join to the expansion, having written nothing")
{
  auto a = mgpu_test::iota_values<int>(3000, 0), b = mgpu_test::iota_values<int>(3000, 0);
  a.insert(a.begin() + 1200, 299, 1200); // key 1200: 300 x 300 rows
  b.insert(b.begin() + 1200, 299, 1200);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  using it = thrust::device_vector<int>::iterator;
  auto policy = thrust::cuda::par;
  mgpu::detail::join_expansion<int, int, decltype(policy), it, it, ::cuda::std::less<>> join(
    policy, d_a.begin(), int(a.size()), d_b.begin(), int(b.size()), false, false, {}, "test");
  auto a_out = mgpu_test::poisoned<backend, int>(100000), b_out = mgpu_test::poisoned<backend, int>(100000);
  CHECK_FALSE(join.write_rows_from_tiles(a_out.begin(), b_out.begin()).has_value());
  const auto untouched = to_std(a_out);
  CHECK(std::count(untouched.begin(), untouched.end(), mgpu_test::poison<int>()) == 100000);
}

#endif // MGPU_TEST_PARTITION_EVERY_LAUNCH
