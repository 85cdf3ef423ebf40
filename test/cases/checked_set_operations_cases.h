// Checked-mode test bodies for the multiset operations: unsorted inputs, and
// duplicates under the unique_keys promise, throw std::invalid_argument
// naming the algorithm, the rule and the first bad position, and leave the
// outputs as they were.
#pragma once

#include "common/checked_support.h"

#include <mgpu/set_operations.h>

#include <cuda/std/functional>

TEST_CASE("checked set operations: unsorted inputs are rejected with the first bad position")
{
  auto sorted   = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5});
  auto unsorted = mgpu_test::to_backend<backend>(std::vector<int>{1, 5, 9, 7, 10, 11});
  auto out      = mgpu_test::poisoned<backend, int>(11);
  auto values   = mgpu_test::poisoned<backend, int>(11);
  const auto policy = backend::policy();
  checked::expect_rejected(
    [&] { mgpu::set_intersection(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), out.begin()); },
    out, {"mgpu::set_intersection", "second input range must be sorted", "position: 3"});
  checked::expect_rejected(
    [&] { mgpu::set_union(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(), out.begin()); }, out,
    {"mgpu::set_union", "first input range must be sorted", "position: 3"});
  checked::expect_rejected(
    [&] { mgpu::set_difference(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(), out.begin()); },
    out, {"mgpu::set_difference", "first input range must be sorted", "position: 3"});
  checked::expect_rejected(
    [&] {
      mgpu::set_symmetric_difference(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), out.begin());
    },
    out, {"mgpu::set_symmetric_difference", "second input range must be sorted", "position: 3"});

  // By key: neither keys nor values are written.
  auto check_pairs_rejected = [&](auto call, const char* algorithm) {
    checked::expect_rejected(call, out, {algorithm, "must be sorted", "position: 3"});
    checked::expect_rejected(call, values, {algorithm});
  };
  check_pairs_rejected(
    [&] {
      mgpu::set_intersection_by_key(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(),
                                    sorted.begin(), out.begin(), values.begin());
    },
    "mgpu::set_intersection_by_key");
  check_pairs_rejected(
    [&] {
      mgpu::set_difference_by_key(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                                  unsorted.begin(), out.begin(), values.begin());
    },
    "mgpu::set_difference_by_key");
  check_pairs_rejected(
    [&] {
      mgpu::set_union_by_key(policy, sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), sorted.begin(),
                             unsorted.begin(), out.begin(), values.begin());
    },
    "mgpu::set_union_by_key");
  check_pairs_rejected(
    [&] {
      mgpu::set_symmetric_difference_by_key(policy, unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                                            unsorted.begin(), sorted.begin(), out.begin(), values.begin());
    },
    "mgpu::set_symmetric_difference_by_key");
}

TEST_CASE("checked set operations: the order checked is the comparator's")
{
  auto ascending = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5});
  auto descending = mgpu_test::to_backend<backend>(std::vector<int>{9, 7, 7, 3});
  auto out = mgpu_test::poisoned<backend, int>(9);
  checked::expect_rejected(
    [&] {
      mgpu::set_union(backend::policy(), ascending.begin(), ascending.end(), descending.begin(), descending.end(),
                      out.begin(), ::cuda::std::greater<>{});
    },
    out, {"mgpu::set_union", "first input range must be sorted", "position: 1"});
}

TEST_CASE("checked set operations: unique_keys rejects equivalent keys within a range")
{
  auto unique = mgpu_test::to_backend<backend>(std::vector<int>{1, 3, 5, 7, 9});
  auto repeated = mgpu_test::to_backend<backend>(std::vector<int>{2, 4, 6, 6, 8, 8});
  auto out = mgpu_test::poisoned<backend, int>(11);
  auto values = mgpu_test::poisoned<backend, int>(11);
  const auto policy = backend::policy();
  ::cuda::std::less<> less;
  checked::expect_rejected(
    [&] {
      mgpu::set_union(policy, unique.begin(), unique.end(), repeated.begin(), repeated.end(), out.begin(), less,
                      mgpu::unique_keys);
    },
    out, {"mgpu::set_union", "second input range must not hold equivalent keys", "position: 3"});
  checked::expect_rejected(
    [&] {
      mgpu::set_intersection(policy, repeated.begin(), repeated.end(), unique.begin(), unique.end(), out.begin(), less,
                             mgpu::unique_keys);
    },
    out, {"mgpu::set_intersection", "first input range must not hold equivalent keys", "position: 3"});
  checked::expect_rejected(
    [&] {
      mgpu::set_symmetric_difference_by_key(policy, unique.begin(), unique.end(), repeated.begin(), repeated.end(),
                                            unique.begin(), repeated.begin(), out.begin(), values.begin(), less,
                                            mgpu::unique_keys);
    },
    values, {"mgpu::set_symmetric_difference_by_key", "must not hold equivalent keys", "position: 3"});
  checked::expect_rejected(
    [&] {
      mgpu::set_difference_by_key(policy, repeated.begin(), repeated.end(), unique.begin(), unique.end(),
                                  repeated.begin(), out.begin(), values.begin(), less, mgpu::unique_keys);
    },
    values, {"mgpu::set_difference_by_key", "first input range must not hold equivalent keys"});
  // The general overloads accept the same duplicates.
  auto end = mgpu::set_union(policy, unique.begin(), unique.end(), repeated.begin(), repeated.end(), out.begin());
  CHECK(end - out.begin() == 11);
}

TEST_CASE("checked set operations: valid inputs pass the checks")
{
  auto a = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 2, 3});
  auto b = mgpu_test::to_backend<backend>(std::vector<int>{2, 4});
  auto out = mgpu_test::poisoned<backend, int>(6);
  auto end = mgpu::set_union(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin());
  CHECK(end - out.begin() == 5);
  auto host = mgpu_test::to_std(out);
  host.resize(5);
  MGPU_CHECK_EQUAL_RANGES(host, (std::vector<int>{1, 2, 2, 3, 4}));

  auto ua = mgpu_test::to_backend<backend>(std::vector<int>{1, 3, 5});
  auto ub = mgpu_test::to_backend<backend>(std::vector<int>{3, 4});
  out = mgpu_test::poisoned<backend, int>(6);
  end = mgpu::set_symmetric_difference(backend::policy(), ua.begin(), ua.end(), ub.begin(), ub.end(), out.begin(),
                                       ::cuda::std::less<>{}, mgpu::unique_keys);
  CHECK(end - out.begin() == 3);
  host = mgpu_test::to_std(out);
  host.resize(3);
  MGPU_CHECK_EQUAL_RANGES(host, (std::vector<int>{1, 4, 5}));
}

TEST_CASE("checked set operations: in large inputs unsorted keys are reported before equivalent ones")
{
  // A = 0, 2, 4, ... and B = 1, 3, 5, ...: unique, spanning many reduction
  // blocks on the CUDA backend.
  const int n = 300000;
  std::vector<int> a_host(n), b_host(n);
  for (int i = 0; i < n; ++i)
    a_host[i] = 2 * i, b_host[i] = 2 * i + 1;
  a_host[100] = a_host[99]; // equivalent pair in A, still sorted
  b_host[n - 3] = -1;       // unsorted in B
  auto a = mgpu_test::to_backend<backend>(a_host), b = mgpu_test::to_backend<backend>(b_host);
  auto out = mgpu_test::poisoned<backend, int>(2 * n);
  const auto policy = backend::policy();
  const ::cuda::std::less<> less;
  auto unique_union = [&] {
    mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), out.begin(), less, mgpu::unique_keys);
  };
  checked::expect_rejected(unique_union, out,
                           {"mgpu::set_union", "second input range must be sorted", "position: 299997"});
  checked::expect_rejected([&] { mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), out.begin()); }, out,
                           {"mgpu::set_union", "second input range must be sorted", "position: 299997"});
  b[n - 3] = 2 * (n - 3) + 1;
  b[50] = b_host[49]; // an earlier equivalent pair, in B
  checked::expect_rejected(unique_union, out,
                           {"mgpu::set_union", "first input range must not hold equivalent keys", "position: 100)"});
  a[100] = 200;
  checked::expect_rejected(unique_union, out,
                           {"mgpu::set_union", "second input range must not hold equivalent keys", "position: 50)"});
}
