// Keys and values of 20, 28, 64 and 256 bytes through every algorithm: the tile
// shapes must fit them in shared memory, and every byte must travel.
// Expects `using backend = ...;` before inclusion.
#pragma once

#include "common/test_support.h"

#include <mgpu/mgpu.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace wide_types_cases {

// A key of Bytes bytes ordered by `key` alone; `tag` names its source and
// the filler bytes repeat it, so a key that was torn or mixed up is caught.
template <int Bytes>
struct wide_key
{
  static_assert(Bytes >= 12, "room for key, tag and filler");
  int key;
  int tag;
  unsigned char filler[Bytes - 8];

  MGPU_HD friend bool operator<(const wide_key& x, const wide_key& y) { return x.key < y.key; }
};

template <int Bytes>
wide_key<Bytes> make_key(int key, int tag)
{
  wide_key<Bytes> k{};
  k.key = key;
  k.tag = tag;
  for (int j = 0; j < Bytes - 8; ++j)
    k.filler[j] = static_cast<unsigned char>(tag * 7 + j);
  return k;
}

// (key, tag) packed into one integer when the filler matches the tag; -1
// otherwise, so comparisons of whole outputs see torn keys.
template <int Bytes>
long long fingerprint(const wide_key<Bytes>& k)
{
  for (int j = 0; j < Bytes - 8; ++j)
    if (k.filler[j] != static_cast<unsigned char>(k.tag * 7 + j))
      return -1;
  return (static_cast<long long>(k.key) << 32) | static_cast<unsigned>(k.tag);
}

template <int Bytes>
std::vector<long long> fingerprints(const std::vector<wide_key<Bytes>>& keys)
{
  std::vector<long long> prints;
  for (const auto& k : keys)
    prints.push_back(fingerprint(k));
  return prints;
}

// Sorted keys in [0, 199] (duplicates) tagged tag_base + their index.
template <int Bytes>
std::vector<wide_key<Bytes>> sorted_keys(std::size_t count, int tag_base, std::uint64_t seed)
{
  const auto raw = mgpu_test::random_sorted<int>(count, 0, 199, seed);
  std::vector<wide_key<Bytes>> keys;
  for (std::size_t i = 0; i < count; ++i)
    keys.push_back(make_key<Bytes>(raw[i], tag_base + int(i)));
  return keys;
}

// Values: a key-shaped payload whose key field is unused.
template <int Bytes>
std::vector<wide_key<Bytes>> tagged_values(std::size_t count, int tag_base)
{
  std::vector<wide_key<Bytes>> values;
  for (std::size_t i = 0; i < count; ++i)
    values.push_back(make_key<Bytes>(0, tag_base + int(i)));
  return values;
}

template <int Bytes>
void check_merges_and_sets(std::size_t a_count, std::size_t b_count)
{
  using key_t = wide_key<Bytes>;
  const auto a = sorted_keys<Bytes>(a_count, 0, 10 + Bytes), b = sorted_keys<Bytes>(b_count, 1 << 20, 20 + Bytes);
  auto d_a = mgpu_test::to_backend<backend>(a), d_b = mgpu_test::to_backend<backend>(b);
  const key_t poison = make_key<Bytes>(-1, -1);
  const std::size_t total = a_count + b_count;

  std::vector<key_t> expected(total);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  typename backend::template vector<key_t> out(total, poison), out_values(total, poison);
  mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(expected));

  // By key: each key's value is a copy of the key, so values follow keys.
  thrust::fill(out.begin(), out.end(), poison);
  mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_a.begin(), d_b.begin(),
                     out.begin(), out_values.begin());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(expected));
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out_values)), fingerprints<Bytes>(expected));

  std::vector<key_t> union_expected, difference_expected;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(union_expected));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(difference_expected));
  thrust::fill(out.begin(), out.end(), poison);
  const auto union_end = mgpu::set_union(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(std::size_t(union_end - out.begin()) == union_expected.size());
  out.resize(union_expected.size());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(union_expected));

  out.assign(total, poison);
  out_values.assign(total, poison);
  const auto ends = mgpu::set_union_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                           d_a.begin(), d_b.begin(), out.begin(), out_values.begin());
  CHECK(std::size_t(ends.first - out.begin()) == union_expected.size());
  CHECK(std::size_t(ends.second - out_values.begin()) == union_expected.size());
  out.resize(union_expected.size());
  out_values.resize(union_expected.size());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(union_expected));
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out_values)), fingerprints<Bytes>(union_expected));

  out.assign(total, poison);
  const auto difference_end =
    mgpu::set_difference(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(std::size_t(difference_end - out.begin()) == difference_expected.size());
  out.resize(difference_expected.size());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(difference_expected));

  // Sorted search and the inner join's size share the merge's partition.
  std::vector<long long> lower_expected;
  long long rows_expected = 0;
  for (const auto& key : b)
  {
    const auto range = std::equal_range(a.begin(), a.end(), key);
    lower_expected.push_back(range.first - a.begin());
    rows_expected += range.second - range.first;
  }
  auto lower = mgpu_test::poisoned<backend, long long>(b_count);
  mgpu::sorted_lower_bound(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), lower.begin());
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(lower), lower_expected);
  CHECK(static_cast<long long>(mgpu::join_size(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                               mgpu::join_kind::inner)) == rows_expected);
}

template <int Bytes>
void check_bulk_and_intervals(std::size_t count)
{
  using value_t       = wide_key<Bytes>;
  const auto source   = tagged_values<Bytes>(count, 0);
  const auto inserted = tagged_values<Bytes>(count / 3, 1 << 20);
  auto d_source = mgpu_test::to_backend<backend>(source), d_inserted = mgpu_test::to_backend<backend>(inserted);
  const value_t poison = make_key<Bytes>(-1, -1);

  // Every third element removed; values inserted before every third position.
  std::vector<int> indices, positions;
  for (std::size_t i = 0; i < count; i += 3)
    indices.push_back(int(i));
  for (std::size_t j = 0; j < inserted.size(); ++j)
    positions.push_back(int(3 * j));
  auto d_indices = mgpu_test::to_backend<backend>(indices), d_positions = mgpu_test::to_backend<backend>(positions);

  std::vector<value_t> kept;
  for (std::size_t i = 0; i < count; ++i)
    if (i % 3 != 0)
      kept.push_back(source[i]);
  typename backend::template vector<value_t> out(kept.size(), poison);
  mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(),
                    out.begin());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(kept));

  std::vector<value_t> with_inserts;
  for (std::size_t i = 0, j = 0; i <= count; ++i)
  {
    for (; j < positions.size() && positions[j] == int(i); ++j)
      with_inserts.push_back(inserted[j]);
    if (i < count)
      with_inserts.push_back(source[i]);
  }
  out.assign(with_inserts.size(), poison);
  mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_inserted.begin(), d_inserted.end(),
                    d_positions.begin(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(with_inserts));

  // Segment s has s % 4 items; interval_expand copies its value, interval_move
  // its source interval (the same intervals, back to back, gathered from the
  // source and scattered in reverse segment order).
  const std::size_t segments = count / 2;
  std::vector<int> offsets(segments), gather(segments), scatter(segments);
  int total = 0;
  for (std::size_t s = 0; s < segments; ++s)
  {
    offsets[s] = total;
    gather[s]  = total;
    total += int(s % 4);
  }
  for (std::size_t s = 0; s < segments; ++s)
    scatter[s] = total - offsets[s] - int(s % 4);
  auto d_offsets = mgpu_test::to_backend<backend>(offsets), d_gather = mgpu_test::to_backend<backend>(gather),
       d_scatter = mgpu_test::to_backend<backend>(scatter);
  std::vector<value_t> expanded, moved(total);
  for (std::size_t s = 0; s < segments; ++s)
    for (int r = 0; r < int(s % 4); ++r)
    {
      expanded.push_back(source[s]);
      moved[scatter[s] + r] = source[gather[s] + r];
    }
  out.assign(std::size_t(total), poison);
  mgpu::interval_expand(backend::policy(), d_offsets.begin(), d_offsets.end(), d_source.begin(), out.begin(),
                        out.end());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(expanded));
  out.assign(std::size_t(total), poison);
  mgpu::interval_move(backend::policy(), d_offsets.begin(), d_offsets.end(), total, d_gather.begin(),
                      d_scatter.begin(), d_source.begin(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(fingerprints<Bytes>(mgpu_test::to_std(out)), fingerprints<Bytes>(moved));
}

} // namespace wide_types_cases

TEST_CASE_TEMPLATE("wide keys and values: merge, merge_by_key, set operations, sorted search, join_size", W,
                   std::integral_constant<int, 20>, std::integral_constant<int, 28>, std::integral_constant<int, 64>,
                   std::integral_constant<int, 256>)
{
  for (const auto& counts : {std::pair<std::size_t, std::size_t>{0, 5}, {1, 1}, {777, 3001}, {20000, 17000}})
  {
    const std::size_t a_count = counts.first, b_count = counts.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    wide_types_cases::check_merges_and_sets<W::value>(a_count, b_count);
  }
}

TEST_CASE_TEMPLATE("wide values: bulk remove and insert, interval expand and move", W,
                   std::integral_constant<int, 20>, std::integral_constant<int, 28>, std::integral_constant<int, 64>,
                   std::integral_constant<int, 256>)
{
  for (std::size_t count : {std::size_t(2), std::size_t(999), std::size_t(30001)})
  {
    CAPTURE(count);
    wide_types_cases::check_bulk_and_intervals<W::value>(count);
  }
}
