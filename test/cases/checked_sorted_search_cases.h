// Checked-mode test bodies for the vectorized sorted searches: an unsorted
// haystack or needle range throws std::invalid_argument naming the
// algorithm, the range and its first unsorted position, and the output is
// left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/sorted_search.h>

#include <cuda/std/functional>

TEST_CASE("checked sorted search: an unsorted haystack or needle range is rejected with its first bad position")
{
  auto sorted   = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5, 6});
  auto unsorted = mgpu_test::to_backend<backend>(std::vector<int>{1, 5, 9, 7, 10, 11});
  auto out      = mgpu_test::poisoned<backend, int>(6);
  checked::expect_rejected(
    [&] {
      mgpu::sorted_lower_bound(backend::policy(), unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                               out.begin());
    },
    out, {"mgpu::sorted_lower_bound", "first input range must be sorted", "position: 3"});
  checked::expect_rejected(
    [&] {
      mgpu::sorted_upper_bound(backend::policy(), sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(),
                               out.begin());
    },
    out, {"mgpu::sorted_upper_bound", "second input range must be sorted", "position: 3"});
  // Ascending data is unsorted under greater<>.
  checked::expect_rejected(
    [&] {
      mgpu::sorted_lower_bound(backend::policy(), sorted.begin(), sorted.end(), sorted.begin(), sorted.begin() + 1,
                               out.begin(), ::cuda::std::greater<>{});
    },
    out, {"mgpu::sorted_lower_bound", "first input range must be sorted", "position: 1"});
}

TEST_CASE("checked sorted search: sorted inputs pass the checks and are searched")
{
  auto hay     = mgpu_test::to_backend<backend>(std::vector<int>{1, 3, 3, 5});
  auto needles = mgpu_test::to_backend<backend>(std::vector<int>{0, 3, 3, 6});
  auto out     = mgpu_test::poisoned<backend, int>(4);
  mgpu::sorted_lower_bound(backend::policy(), hay.begin(), hay.end(), needles.begin(), needles.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(out), (std::vector<int>{0, 1, 1, 4}));
  out = mgpu_test::poisoned<backend, int>(4);
  mgpu::sorted_upper_bound(backend::policy(), hay.begin(), hay.end(), needles.begin(), needles.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(out), (std::vector<int>{0, 3, 3, 4}));
}

TEST_CASE("checked sorted search: in large inputs the haystack's first violation is reported before the needles'")
{
  const int n = 300000;
  auto hay_host = mgpu_test::iota_values<int>(n, 0), needle_host = mgpu_test::iota_values<int>(n, 0);
  hay_host[n - 5]     = -1;
  needle_host[1000]   = -1;
  needle_host[200000] = -1;
  auto hay = mgpu_test::to_backend<backend>(hay_host), needles = mgpu_test::to_backend<backend>(needle_host);
  auto out = mgpu_test::poisoned<backend, int>(n);
  auto search = [&] {
    mgpu::sorted_lower_bound(backend::policy(), hay.begin(), hay.end(), needles.begin(), needles.end(), out.begin());
  };
  checked::expect_rejected(search, out, {"mgpu::sorted_lower_bound", "first input range must be sorted", "position: 299995"});
  hay[n - 5] = n - 5;
  checked::expect_rejected(search, out, {"mgpu::sorted_lower_bound", "second input range must be sorted", "position: 1000)"});
}
