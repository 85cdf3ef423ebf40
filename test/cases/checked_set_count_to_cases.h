// Checked-mode test bodies for the count_to forms of the multiset operations:
// the same checks as the returning forms (unsorted inputs; equivalent keys
// under the unique_keys promise) throw std::invalid_argument naming the
// algorithm, the rule and the first bad position, and write neither the
// outputs nor the count; valid inputs still get their count.
#pragma once

#include "common/checked_support.h"

#include <mgpu/set_operations.h>

#include <cuda/std/functional>

namespace checked_count_to {

// A poisoned count; a rejected call must leave it so.
template <class Count = long long>
struct count_slot
{
  typename backend::template vector<Count> storage = mgpu_test::poisoned<backend, Count>(1);

  auto to() { return mgpu::count_to(storage.begin()); }
  bool untouched() const { return mgpu_test::to_std(storage)[0] == mgpu_test::poison<Count>(); }
  Count value() const { return mgpu_test::to_std(storage)[0]; }
};

} // namespace checked_count_to

TEST_CASE("checked set operations, count_to: unsorted inputs are rejected, nothing written, count included")
{
  auto sorted   = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5});
  auto unsorted = mgpu_test::to_backend<backend>(std::vector<int>{1, 5, 9, 7, 10, 11});
  auto out      = mgpu_test::poisoned<backend, int>(11);
  auto values   = mgpu_test::poisoned<backend, int>(11);
  const auto policy = backend::policy();
  checked_count_to::count_slot<> count;
  auto rejected = [&](auto call, std::vector<const char*> fragments) {
    checked::expect_rejected(call, out, fragments);
    CHECK(mgpu_test::to_std(values) == std::vector<int>(11, mgpu_test::poison<int>()));
    CHECK(count.untouched());
  };
  rejected(
    [&] {
      mgpu::set_intersection(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), out.begin(),
                             count.to());
    },
    {"mgpu::set_intersection", "second input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_union(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(), out.begin(),
                      ::cuda::std::less<>{}, count.to());
    },
    {"mgpu::set_union", "first input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_difference(unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(), out.begin(), count.to());
    },
    {"mgpu::set_difference", "first input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_symmetric_difference(sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), out.begin(),
                                     ::cuda::std::less<>{}, count.to());
    },
    {"mgpu::set_symmetric_difference", "second input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_intersection_by_key(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(),
                                    sorted.begin(), out.begin(), values.begin(), count.to());
    },
    {"mgpu::set_intersection_by_key", "second input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_difference_by_key(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                                  unsorted.begin(), sorted.begin(), out.begin(), values.begin(), count.to());
    },
    {"mgpu::set_difference_by_key", "first input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_union_by_key(sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), sorted.begin(),
                             unsorted.begin(), out.begin(), values.begin(), count.to());
    },
    {"mgpu::set_union_by_key", "second input range must be sorted", "position: 3"});
  rejected(
    [&] {
      mgpu::set_symmetric_difference_by_key(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                                            unsorted.begin(), sorted.begin(), out.begin(), values.begin(),
                                            ::cuda::std::less<>{}, count.to());
    },
    {"mgpu::set_symmetric_difference_by_key", "first input range must be sorted", "position: 3"});
}

TEST_CASE("checked set operations, count_to: unique_keys rejects equivalent keys within a range")
{
  auto unique   = mgpu_test::to_backend<backend>(std::vector<int>{1, 3, 5, 7, 9});
  auto repeated = mgpu_test::to_backend<backend>(std::vector<int>{2, 4, 6, 6, 8, 8});
  auto out      = mgpu_test::poisoned<backend, int>(11);
  auto values   = mgpu_test::poisoned<backend, int>(11);
  const auto policy = backend::policy();
  const ::cuda::std::less<> less;
  checked_count_to::count_slot<unsigned> count;
  checked::expect_rejected(
    [&] {
      mgpu::set_union(policy, unique.begin(), unique.end(), repeated.begin(), repeated.end(), out.begin(), less,
                      mgpu::unique_keys, count.to());
    },
    out, {"mgpu::set_union", "second input range must not hold equivalent keys", "position: 3"});
  CHECK(count.untouched());
  checked::expect_rejected(
    [&] {
      mgpu::set_intersection(repeated.begin(), repeated.end(), unique.begin(), unique.end(), out.begin(), less,
                             mgpu::unique_keys, count.to());
    },
    out, {"mgpu::set_intersection", "first input range must not hold equivalent keys", "position: 3"});
  CHECK(count.untouched());
  checked::expect_rejected(
    [&] {
      mgpu::set_difference_by_key(policy, repeated.begin(), repeated.end(), unique.begin(), unique.end(),
                                  repeated.begin(), out.begin(), values.begin(), less, mgpu::unique_keys, count.to());
    },
    values, {"mgpu::set_difference_by_key", "first input range must not hold equivalent keys"});
  CHECK(count.untouched());
  checked::expect_rejected(
    [&] {
      mgpu::set_symmetric_difference_by_key(unique.begin(), unique.end(), repeated.begin(), repeated.end(),
                                            unique.begin(), repeated.begin(), out.begin(), values.begin(), less,
                                            mgpu::unique_keys, count.to());
    },
    values, {"mgpu::set_symmetric_difference_by_key", "must not hold equivalent keys", "position: 3"});
  CHECK(count.untouched());
  // The general overload accepts the same duplicates, and writes its count.
  mgpu::set_union(policy, unique.begin(), unique.end(), repeated.begin(), repeated.end(), out.begin(), count.to());
  CHECK(count.value() == 11u);
}

TEST_CASE("checked set operations, count_to: valid inputs pass the checks and get their count")
{
  auto a = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 2, 3});
  auto b = mgpu_test::to_backend<backend>(std::vector<int>{2, 4});
  auto out = mgpu_test::poisoned<backend, int>(6);
  checked_count_to::count_slot<int> count;
  mgpu::set_union(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin(), count.to());
  CHECK(count.value() == 5);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(out), (std::vector<int>{1, 2, 2, 3, 4, mgpu_test::poison<int>()}));

  auto ua = mgpu_test::to_backend<backend>(std::vector<int>{1, 3, 5});
  auto ub = mgpu_test::to_backend<backend>(std::vector<int>{3, 4});
  auto keys = mgpu_test::poisoned<backend, int>(5), values = mgpu_test::poisoned<backend, int>(5);
  mgpu::set_symmetric_difference_by_key(ua.begin(), ua.end(), ub.begin(), ub.end(), ua.begin(), ub.begin(),
                                        keys.begin(), values.begin(), ::cuda::std::less<>{}, mgpu::unique_keys,
                                        count.to());
  CHECK(count.value() == 3);
  const int p = mgpu_test::poison<int>();
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(keys), (std::vector<int>{1, 4, 5, p, p}));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(values), (std::vector<int>{1, 4, 5, p, p}));
}
