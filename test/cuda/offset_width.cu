// Problems at the edge of 32-bit offsets: a kernel's positions run up to a
// tile past the problem's size, so sizes just below 2^31 must take 64-bit
// offsets (or 32-bit ones with room to spare) and still launch and give the
// right results. Inputs are counting iterators and every output value is
// checked as it is written, so no memory is needed.
#include "common/test_support.h"

#include <mgpu/mgpu.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/tabulate_output_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>
#include <limits>

namespace {
using count_it = thrust::counting_iterator<std::int64_t>;

struct twice
{
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return 2 * i; }
};

// What output position i holds, in closed form, for each call below.
enum class closed_form
{
  merged,        // [0, half) merged with [0, rest): i / 2
  identity,      // the union of [0, half) and [half, n): i
  past_half,     // [0, rest) minus [0, half): half + i
  lower_bound,   // needles [0, rest) in the haystack [0, half): min(i, half)
  past_ten,      // [0, n) with its first 10 removed: i + 10
  inserted,      // value j before source j for j < 10, then the source: i < 20 ? i / 2 : i - 10
  segment,       // items in segments of two (the last holds the rest): min(i / 2, segments - 1)
  segment_sum    // the sum of segment i's items
};

// Checks every value as it is written: counts the ones that differ from the
// closed form, and how many land in each of 4096 bins by position, so a
// position written twice or never shows too.
struct expect_each
{
  unsigned long long* mismatches;
  unsigned long long* bins;
  closed_form form;
  std::int64_t half, segments, items;

  __device__ std::int64_t expected(std::int64_t i) const
  {
    switch (form)
    {
      case closed_form::merged: return i / 2;
      case closed_form::identity: return i;
      case closed_form::past_half: return half + i;
      case closed_form::lower_bound: return i < half ? i : half;
      case closed_form::past_ten: return i + 10;
      case closed_form::inserted: return i < 20 ? i / 2 : i - 10;
      case closed_form::segment: return i / 2 < segments - 1 ? i / 2 : segments - 1;
      default: {
        const std::int64_t first = 2 * i, end = i + 1 < segments ? first + 2 : items;
        return (first + end - 1) * (end - first) / 2;
      }
    }
  }

  template <class Value>
  __device__ void operator()(std::ptrdiff_t i, Value value) const
  {
    if (static_cast<std::int64_t>(value) != expected(i))
      atomicAdd(mismatches, 1ull);
    atomicAdd(&bins[i & 4095], 1ull);
  }
};

// Every algorithm once on `n` elements in all; returns how many results were wrong.
int wrong_results_at(std::int64_t n)
{
  const auto policy = thrust::cuda::par;
  const count_it zero(0);
  const auto discard = thrust::make_discard_iterator();
  const std::int64_t half = n / 2, rest = n - half;
  const std::int64_t segments = n / 3, items = n - segments; // items and offsets make n
  thrust::device_vector<unsigned long long> counters(1 + 4096);
  unsigned long long* const mismatches = thrust::raw_pointer_cast(counters.data());
  int wrong = 0;
  auto expect = [&](const char* what, std::int64_t found, std::int64_t expected) {
    if (found != expected)
    {
      ++wrong;
      MESSAGE(what << ": " << found << " instead of " << expected);
    }
  };
  // An output that checks each value against `form`; `written` checks the
  // mismatches and that each of the `count` positions was written once.
  auto checked = [&](closed_form form) {
    thrust::fill(counters.begin(), counters.end(), 0ull);
    return thrust::make_tabulate_output_iterator(expect_each{mismatches, mismatches + 1, form, half, segments, items});
  };
  auto written = [&](const char* what, std::int64_t count) {
    const thrust::host_vector<unsigned long long> found(counters);
    expect(what, std::int64_t(found[0]), 0);
    for (std::int64_t bin = 0; bin < 4096; ++bin)
    {
      const std::int64_t writes = std::int64_t(found[std::size_t(1 + bin)]);
      const std::int64_t positions = count > bin ? (count - 1 - bin) / 4096 + 1 : 0; // i < count with i % 4096 == bin
      if (writes != positions)
      {
        expect(what, writes, positions);
        break; // one message per call
      }
    }
  };

  auto out = checked(closed_form::merged);
  expect("merge", mgpu::merge(policy, zero, zero + half, zero, zero + rest, out) - out, n);
  written("merge values", n);
  // [0, half) and [half, n): disjoint, so the union holds both and the intersection nothing.
  out = checked(closed_form::identity);
  expect("set_union", mgpu::set_union(policy, zero, zero + half, zero + half, zero + n, out) - out, n);
  written("set_union values", n);
  expect("set_intersection",
         mgpu::set_intersection(policy, zero, zero + half, zero + half, zero + n, discard) - discard, 0);
  out = checked(closed_form::past_half);
  expect("set_difference", mgpu::set_difference(policy, zero, zero + rest, zero, zero + half, out) - out, rest - half);
  written("set_difference values", rest - half);
  out = checked(closed_form::lower_bound);
  mgpu::sorted_lower_bound(policy, zero, zero + half, zero, zero + rest, out);
  written("sorted_lower_bound answers", rest);
  out = checked(closed_form::past_ten);
  expect("bulk_remove", mgpu::bulk_remove(policy, zero, zero + n, zero, zero + 10, out) - out, n - 10);
  written("bulk_remove values", n - 10);
  out = checked(closed_form::inserted);
  expect("bulk_insert", mgpu::bulk_insert(policy, zero, zero + (n - 10), zero, zero + 10, zero, out) - out, n);
  written("bulk_insert values", n);
  // Keys [0, half) against [0, rest): each of A's keys matches once.
  const auto rows = mgpu::join_size(policy, zero, zero + half, zero, zero + rest, mgpu::join_kind::inner);
  expect("join_size", std::int64_t(rows), half);

  const auto offsets = thrust::make_transform_iterator(zero, twice{});
  out                = checked(closed_form::segment);
  mgpu::load_balance_search(policy, offsets, offsets + segments, out, out + items);
  written("load_balance_search segments", items);
  out = checked(closed_form::segment_sum);
  expect("segmented_reduce",
         mgpu::segmented_reduce(policy, zero, zero + items, offsets, offsets + segments, out, std::int64_t(0),
                                ::cuda::std::plus<>{}) -
           out,
         segments);
  written("segmented_reduce sums", segments);
  return wrong;
}
} // namespace

TEST_CASE("every algorithm at the 32-bit offset limit: 2^31 - 1 elements and just below")
{
  constexpr std::int64_t int32_max = std::numeric_limits<std::int32_t>::max();
  // The largest size on 32-bit offsets, then sizes within one tile and a bit more of 2^31 - 1.
  for (const std::int64_t n : {int32_max - std::int64_t(mgpu::detail::offset_headroom), int32_max - 1000, int32_max - 1,
                               int32_max})
  {
    CAPTURE(n);
    CHECK(wrong_results_at(n) == 0);
  }
}
