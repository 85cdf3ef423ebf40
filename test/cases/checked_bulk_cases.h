// Checked-mode test bodies for bulk remove and bulk insert: unsorted,
// repeated (remove only) and out-of-range indices throw std::invalid_argument
// naming the algorithm, the rule and the first bad position, and the output
// is left as it was.
#pragma once

#include "common/checked_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <vector>

namespace checked_bulk {

// Source 0..9 and a removal attempt with `indices`.
inline void expect_remove_rejected(const std::vector<int>& indices, std::initializer_list<const char*> fragments)
{
  auto source = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(10, 0));
  auto d_indices = mgpu_test::to_backend<backend>(indices);
  auto out = mgpu_test::poisoned<backend, int>(10);
  checked::expect_rejected(
    [&] {
      mgpu::bulk_remove(backend::policy(), source.begin(), source.end(), d_indices.begin(), d_indices.end(),
                        out.begin());
    },
    out, fragments);
}

// Source 0..9 and an insertion of 100, 101, ... at `positions`.
inline void expect_insert_rejected(const std::vector<int>& positions, std::initializer_list<const char*> fragments)
{
  auto source = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(10, 0));
  auto values = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(positions.size(), 100));
  auto d_positions = mgpu_test::to_backend<backend>(positions);
  auto out = mgpu_test::poisoned<backend, int>(10 + positions.size());
  checked::expect_rejected(
    [&] {
      mgpu::bulk_insert(backend::policy(), source.begin(), source.end(), values.begin(), values.end(),
                        d_positions.begin(), out.begin());
    },
    out, fragments);
}

struct minus_one_when_big
{
  MGPU_HD int operator()(int i) const { return i < 4 ? 2 * i : -1; }
};

} // namespace checked_bulk

TEST_CASE("checked bulk_remove: unsorted, repeated and out-of-range indices are rejected at the first bad position")
{
  checked_bulk::expect_remove_rejected({1, 5, 3, 7}, {"mgpu::bulk_remove", "removal indices must be sorted", "position: 2"});
  checked_bulk::expect_remove_rejected({1, 3, 3, 7}, {"mgpu::bulk_remove", "removal indices must not repeat", "position: 2"});
  checked_bulk::expect_remove_rejected({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9},
                                       {"mgpu::bulk_remove", "must not repeat", "position: 10"});
  checked_bulk::expect_remove_rejected({2, 4, 10}, {"mgpu::bulk_remove", "removal indices must lie in [0, 9]", "position: 2"});
  checked_bulk::expect_remove_rejected({-1, 4}, {"mgpu::bulk_remove", "must lie in [0, 9]", "position: 0"});
  // Unsorted is reported before out of range, wherever each occurs.
  checked_bulk::expect_remove_rejected({12, 3}, {"mgpu::bulk_remove", "must be sorted", "position: 1"});
}

TEST_CASE("checked bulk_remove: fancy index iterators are checked too")
{
  // 0, 2, 4, 6, -1: the last index is out of order.
  auto indices = thrust::make_transform_iterator(thrust::make_counting_iterator(0), checked_bulk::minus_one_when_big{});
  auto source = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(10, 0));
  auto out = mgpu_test::poisoned<backend, int>(10);
  checked::expect_rejected(
    [&] { mgpu::bulk_remove(backend::policy(), source.begin(), source.end(), indices, indices + 5, out.begin()); },
    out, {"mgpu::bulk_remove", "must be sorted", "position: 4"});
}

TEST_CASE("checked bulk_insert: unsorted and out-of-range positions are rejected at the first bad position")
{
  checked_bulk::expect_insert_rejected({0, 2, 1}, {"mgpu::bulk_insert", "insertion positions must be sorted", "position: 2"});
  checked_bulk::expect_insert_rejected({0, 3, 11}, {"mgpu::bulk_insert", "insertion positions must lie in [0, 10]", "position: 2"});
  checked_bulk::expect_insert_rejected({-2, 3}, {"mgpu::bulk_insert", "must lie in [0, 10]", "position: 0"});
}

TEST_CASE("checked bulk_remove and bulk_insert: valid inputs pass the checks")
{
  auto source = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(10, 0));
  auto indices = mgpu_test::to_backend<backend>(std::vector<int>{0, 4, 9});
  auto kept = mgpu_test::poisoned<backend, int>(7);
  mgpu::bulk_remove(backend::policy(), source.begin(), source.end(), indices.begin(), indices.end(), kept.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(kept), (std::vector<int>{1, 2, 3, 5, 6, 7, 8}));

  // Repeated positions and the end position are allowed.
  auto values = mgpu_test::to_backend<backend>(std::vector<int>{100, 101, 102, 103});
  auto positions = mgpu_test::to_backend<backend>(std::vector<int>{0, 5, 5, 10});
  auto merged = mgpu_test::poisoned<backend, int>(14);
  mgpu::bulk_insert(backend::policy(), source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                    merged.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(merged), (std::vector<int>{100, 0, 1, 2, 3, 4, 101, 102, 5, 6, 7, 8, 9, 103}));
}

TEST_CASE("checked bulk_remove and bulk_insert: in large inputs each rule is reported in turn, at its first position")
{
  // Indices spanning many reduction blocks on the CUDA backend.
  const int n = 1 << 20;
  auto source = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(n, 0));
  const int removed = n / 3;
  std::vector<int> indices_host(removed);
  for (int i = 0; i < removed; ++i)
    indices_host[i] = 3 * i;
  indices_host[0]     = -1;                        // out of range
  indices_host[5000]  = indices_host[4999];        // a repeat
  indices_host[60000] = indices_host[59999] - 1;   // out of order
  auto indices = mgpu_test::to_backend<backend>(indices_host);
  auto kept = mgpu_test::poisoned<backend, int>(n - removed);
  auto remove = [&] {
    mgpu::bulk_remove(backend::policy(), source.begin(), source.end(), indices.begin(), indices.end(), kept.begin());
  };
  checked::expect_rejected(remove, kept, {"mgpu::bulk_remove", "removal indices must be sorted", "position: 60000)"});
  indices[60000] = 3 * 60000;
  checked::expect_rejected(remove, kept, {"mgpu::bulk_remove", "must not repeat", "position: 5000)"});
  indices[5000] = 3 * 5000;
  checked::expect_rejected(remove, kept, {"mgpu::bulk_remove", "must lie in [0, 1048575]", "position: 0)"});
  indices[0] = 0;
  indices[removed - 1] = n;
  checked::expect_rejected(remove, kept, {"mgpu::bulk_remove", "must lie in [0, 1048575]", "position: 349524)"});

  const int inserted = n / 5;
  std::vector<int> positions_host(inserted);
  for (int i = 0; i < inserted; ++i)
    positions_host[i] = 5 * i;
  positions_host[inserted - 1] = n + 1;                      // out of range
  positions_host[70000]        = positions_host[69999] - 1; // out of order
  auto positions = mgpu_test::to_backend<backend>(positions_host);
  auto values = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(inserted, 0));
  auto merged = mgpu_test::poisoned<backend, int>(n + inserted);
  auto insert = [&] {
    mgpu::bulk_insert(backend::policy(), source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                      merged.begin());
  };
  checked::expect_rejected(insert, merged,
                           {"mgpu::bulk_insert", "insertion positions must be sorted", "position: 70000)"});
  positions[70000] = 5 * 70000;
  checked::expect_rejected(insert, merged, {"mgpu::bulk_insert", "must lie in [0, 1048576]", "position: 209714)"});
}
