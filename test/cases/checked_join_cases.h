// Checked-mode test bodies for the relational joins: an unsorted key range
// throws std::invalid_argument naming the algorithm, the range and its first
// unsorted position, before anything is written.
#pragma once

#include "common/checked_support.h"

#include <mgpu/join.h>

#include <cuda/std/functional>

TEST_CASE("checked joins: an unsorted key range is rejected with its first bad position")
{
  auto sorted   = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 2, 4, 5, 6});
  auto unsorted = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 2, 4, 3, 6});
  auto a_out = mgpu_test::poisoned<backend, int>(64), b_out = mgpu_test::poisoned<backend, int>(64);
  checked::expect_invalid_argument(
    [&] {
      mgpu::join_size(backend::policy(), unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(),
                      mgpu::join_kind::inner);
    },
    {"mgpu::join_size", "first input range must be sorted", "position: 4"});
  for (const auto kind : {mgpu::join_kind::inner, mgpu::join_kind::left_outer, mgpu::join_kind::right_outer,
                          mgpu::join_kind::full_outer})
  {
    checked::expect_rejected(
      [&] {
        mgpu::join(backend::policy(), sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), a_out.begin(),
                   b_out.begin(), kind);
      },
      a_out, {"mgpu::join", "second input range must be sorted", "position: 4"});
    checked::expect_rejected(
      [&] {
        mgpu::join(backend::policy(), unsorted.begin(), unsorted.end(), sorted.begin(), sorted.end(), a_out.begin(),
                   b_out.begin(), kind);
      },
      b_out, {"mgpu::join", "first input range must be sorted", "position: 4"});
  }
  checked::expect_rejected(
    [&] {
      mgpu::semi_join(backend::policy(), sorted.begin(), sorted.end(), unsorted.begin(), unsorted.end(), a_out.begin());
    },
    a_out, {"mgpu::semi_join", "second input range must be sorted", "position: 4"});
  checked::expect_rejected(
    [&] {
      mgpu::anti_join(backend::policy(), sorted.begin(), sorted.end(), sorted.begin(), sorted.end(), a_out.begin(),
                      ::cuda::std::greater<>{});
    },
    a_out, {"mgpu::anti_join", "first input range must be sorted", "position: 1"});
}

TEST_CASE("checked joins: sorted inputs pass the checks and are joined")
{
  auto a = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 2, 4});
  auto b = mgpu_test::to_backend<backend>(std::vector<int>{2, 2, 3, 4});
  CHECK(mgpu::join_size(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), mgpu::join_kind::full_outer) == 7);
  auto a_out = mgpu_test::poisoned<backend, int>(7), b_out = mgpu_test::poisoned<backend, int>(7);
  mgpu::join(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), a_out.begin(), b_out.begin(),
             mgpu::join_kind::full_outer);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(a_out), (std::vector<int>{0, 1, 1, 2, 2, -1, 3}));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(b_out), (std::vector<int>{-1, 0, 1, 0, 1, 2, 3}));
  auto out = mgpu_test::poisoned<backend, int>(4);
  CHECK(mgpu::semi_join(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin() == 3);
}
