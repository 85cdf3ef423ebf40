// Checked-mode test bodies: a violated precondition throws
// std::invalid_argument naming the algorithm, the rule and the first bad
// position, and the output is left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/merge.h>




TEST_CASE("checked merge: unsorted inputs are rejected with the first bad position")
{
  auto a = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5});
  auto b = mgpu_test::to_backend<backend>(std::vector<int>{1, 5, 9, 7, 10, 11});
  auto out = mgpu_test::poisoned<backend, int>(11);
  checked::expect_rejected(
    [&] { mgpu::merge(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin()); }, out,
    {"mgpu::merge", "second input range must be sorted", "position: 3"});
  checked::expect_rejected(
    [&] { mgpu::merge(backend::policy(), b.begin(), b.end(), a.begin(), a.end(), out.begin()); }, out,
    {"mgpu::merge", "first input range must be sorted", "position: 3"});
  auto values = mgpu_test::poisoned<backend, int>(11);
  checked::expect_rejected(
    [&] {
      mgpu::merge_by_key(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), a.begin(), b.begin(), out.begin(),
                         values.begin());
    },
    values, {"mgpu::merge_by_key", "second input range must be sorted"});
}

TEST_CASE("checked merge: sorted inputs pass the checks and merge")
{
  auto a = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3});
  auto b = mgpu_test::to_backend<backend>(std::vector<int>{2, 2, 4});
  auto out = mgpu_test::poisoned<backend, int>(6);
  mgpu::merge(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(out), (std::vector<int>{1, 2, 2, 2, 3, 4}));
}

TEST_CASE("checked merge: in large inputs the first range's first violation is reported before the second's")
{
  // Both inputs span many reduction blocks on the CUDA backend.
  const int n = 300000;
  auto a_host = mgpu_test::iota_values<int>(n, 0), b_host = mgpu_test::iota_values<int>(n, 0);
  a_host[n - 5] = -1;
  b_host[1000] = b_host[200000] = -1;
  auto a = mgpu_test::to_backend<backend>(a_host), b = mgpu_test::to_backend<backend>(b_host);
  auto out = mgpu_test::poisoned<backend, int>(2 * n);
  auto merge = [&] { mgpu::merge(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin()); };
  checked::expect_rejected(merge, out, {"mgpu::merge", "first input range must be sorted", "position: 299995"});
  a[n - 5] = n - 5;
  checked::expect_rejected(merge, out, {"mgpu::merge", "second input range must be sorted", "position: 1000)"});
}
