// Checked-mode test bodies: a violated precondition throws
// std::invalid_argument naming the algorithm, the rule and the first bad
// position, and the output is left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/merge.h>

#include <algorithm>
#include <string>

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

// On the CUDA backend a merge this large partitions and keeps its splits in
// the first bytes of its outputs: a rejected call still leaves keys and
// values as they were.
TEST_CASE("checked merge: a rejected merge large enough to partition writes nothing")
{
  const int n = 1 << 22;
  auto b_host = mgpu_test::iota_values<int>(n, 0);
  b_host[n / 2] = -1;
  auto a = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(n, 0));
  auto b = mgpu_test::to_backend<backend>(b_host);
  auto keys = mgpu_test::poisoned<backend, int>(2 * n), values = mgpu_test::poisoned<backend, int>(2 * n);
  const std::string at = "position: " + std::to_string(n / 2) + ")";
  checked::expect_rejected(
    [&] { mgpu::merge(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), keys.begin()); }, keys,
    {"mgpu::merge", "second input range must be sorted", at.c_str()});
  checked::expect_rejected(
    [&] {
      mgpu::merge_by_key(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), a.begin(), b.begin(), keys.begin(),
                         values.begin());
    },
    values, {"mgpu::merge_by_key", "second input range must be sorted", at.c_str()});
  const auto host_keys = mgpu_test::to_std(keys);
  CHECK(std::all_of(host_keys.begin(), host_keys.end(), [](int x) { return x == mgpu_test::poison<int>(); }));
}

// The check judges each key beside its predecessor, which on the CUDA
// backend may sit in another lane, row, warp or tile: a lone violation is
// reported at its own position wherever it falls.
TEST_CASE_TEMPLATE("checked merge: a lone violation is found wherever it falls", Key, int, long long)
{
  const int n = 20000;
  const auto sorted = mgpu_test::iota_values<Key>(n, 0);
  auto out = mgpu_test::poisoned<backend, Key>(2 * n);
  for (int position : {1, 31, 32, 33, 255, 256, 257, 511, 512, 513, 2047, 2048, 4095, 4096, 4097, 8192, n - 1})
  {
    CAPTURE(position);
    auto unsorted = sorted;
    unsorted[position] = unsorted[position - 1] - 1;
    auto good = mgpu_test::to_backend<backend>(sorted), bad = mgpu_test::to_backend<backend>(unsorted);
    const std::string at = "position: " + std::to_string(position) + ")";
    checked::expect_rejected(
      [&] { mgpu::merge(backend::policy(), bad.begin(), bad.end(), good.begin(), good.end(), out.begin()); }, out,
      {"first input range must be sorted", at.c_str()});
    checked::expect_rejected(
      [&] { mgpu::merge(backend::policy(), good.begin(), good.end(), bad.begin(), bad.end(), out.begin()); }, out,
      {"second input range must be sorted", at.c_str()});
    // A range that starts one element in: unaligned for vector loads.
    const std::string shifted = "position: " + std::to_string(position - 1) + ")";
    if (position > 1)
      checked::expect_rejected(
        [&] { mgpu::merge(backend::policy(), bad.begin() + 1, bad.end(), good.begin(), good.end(), out.begin()); },
        out, {"first input range must be sorted", shifted.c_str()});
  }
}
