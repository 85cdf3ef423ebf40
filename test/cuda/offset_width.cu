// Problems at the edge of 32-bit offsets: a kernel's positions run up to a
// tile past the problem's size, so sizes just below 2^31 must take 64-bit
// offsets (or 32-bit ones with room to spare) and still launch. Inputs are
// counting iterators and outputs discarded, so no memory is needed.
#include "common/test_support.h"

#include <mgpu/mgpu.h>

#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>
#include <limits>

namespace {
using count_it = thrust::counting_iterator<std::int64_t>;

struct twice
{
  __host__ __device__ std::int64_t operator()(std::int64_t i) const { return 2 * i; }
};

// Every algorithm once on `n` elements in all; returns how many results were wrong.
int wrong_results_at(std::int64_t n)
{
  const auto policy = thrust::cuda::par;
  const count_it zero(0);
  const auto discard = thrust::make_discard_iterator();
  const std::int64_t half = n / 2, rest = n - half;
  int wrong = 0;
  auto expect = [&](const char* what, std::int64_t found, std::int64_t expected) {
    if (found != expected)
    {
      ++wrong;
      MESSAGE(what << ": " << found << " instead of " << expected);
    }
  };

  expect("merge", mgpu::merge(policy, zero, zero + half, zero, zero + rest, discard) - discard, n);
  // [0, half) and [half, n): disjoint, so the union holds both and the intersection nothing.
  expect("set_union", mgpu::set_union(policy, zero, zero + half, zero + half, zero + n, discard) - discard, n);
  expect("set_intersection",
         mgpu::set_intersection(policy, zero, zero + half, zero + half, zero + n, discard) - discard, 0);
  expect("set_difference", mgpu::set_difference(policy, zero, zero + rest, zero, zero + half, discard) - discard,
         rest - half);
  mgpu::sorted_lower_bound(policy, zero, zero + half, zero, zero + rest, discard);
  expect("bulk_remove", mgpu::bulk_remove(policy, zero, zero + n, zero, zero + 10, discard) - discard, n - 10);
  expect("bulk_insert", mgpu::bulk_insert(policy, zero, zero + (n - 10), zero, zero + 10, zero, discard) - discard, n);
  // Keys [0, half) against [0, rest): each of A's keys matches once.
  const auto rows = mgpu::join_size(policy, zero, zero + half, zero, zero + rest, mgpu::join_kind::inner);
  expect("join_size", std::int64_t(rows), half);

  // n / 3 segments of two items over the rest: work items and offsets make n.
  const std::int64_t segments = n / 3, items = n - segments;
  const auto offsets = thrust::make_transform_iterator(zero, twice{});
  mgpu::load_balance_search(policy, offsets, offsets + segments, discard, discard + items);
  expect("segmented_reduce",
         mgpu::segmented_reduce(policy, zero, zero + items, offsets, offsets + segments, discard, std::int64_t(0),
                                ::cuda::std::plus<>{}) -
           discard,
         segments);
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
