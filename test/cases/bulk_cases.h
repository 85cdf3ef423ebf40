// Bulk remove and bulk insert test bodies, written once and run against
// `backend` (the including file defines it as the host or the CUDA backend).
// References are plain loops and a stable sort; outputs start poisoned and
// carry a poisoned tail that must survive.
#pragma once

#include "common/bulk_reference.h"
#include "common/test_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/detail/cuda/tuning/policies.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <tuple>
#include <vector>

using mgpu_test::poisoned;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace bulk_cases {

// Elements past the expected end of an output; they must stay poisoned.
constexpr std::size_t tail = 7;

// The CUDA tile sizes of 4- and 8-byte items, every tuning (sm_90 and
// fallback, remove and insert), read from the tunings so boundary tests
// follow them.
inline std::vector<std::size_t> tile_sizes()
{
  namespace tuning = mgpu::detail::cuda;
  std::vector<std::size_t> sizes = {
    tuning::bulk_remove_tuning_sm90<4>::shape::tile_size,     tuning::bulk_remove_tuning_sm90<8>::shape::tile_size,
    tuning::bulk_remove_tuning_fallback<4>::shape::tile_size, tuning::bulk_insert_tuning_sm90<4>::shape::tile_size,
    tuning::bulk_insert_tuning_sm90<8>::shape::tile_size,     tuning::bulk_insert_tuning_fallback<4>::shape::tile_size};
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  return sizes;
}

// Source sizes around every tile boundary, plus empty and tiny inputs.
inline std::vector<std::size_t> boundary_sizes()
{
  std::vector<std::size_t> sizes = {0, 1, 2, 3, 5, 100};
  for (std::size_t tile : tile_sizes())
    for (std::size_t n : {tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile, 3 * tile + 1})
      sizes.push_back(n);
  return sizes;
}

// Values that name their position and never equal the poison.
template <class T>
std::vector<T> distinct_values(std::size_t count, long long first)
{
  std::vector<T> values(count);
  for (std::size_t i = 0; i < count; ++i)
  {
    if constexpr (sizeof(T) == 1)
      values[i] = static_cast<T>((first + static_cast<long long>(i)) % 80); // poison is 0x5a = 90
    else
      values[i] = static_cast<T>(first + static_cast<long long>(i));
  }
  return values;
}

// Each position of [0, count) with probability `percent` / 100, ascending.
template <class Index = int>
std::vector<Index> random_subset(std::size_t count, int percent, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> dist(0, 99);
  std::vector<Index> subset;
  for (std::size_t i = 0; i < count; ++i)
    if (dist(engine) < percent)
      subset.push_back(static_cast<Index>(i));
  return subset;
}

// Every `step`-th position of [0, count) starting at `first`.
template <class Index = int>
std::vector<Index> every(std::size_t count, std::size_t step, std::size_t first = 0)
{
  std::vector<Index> positions;
  for (std::size_t i = first; i < count; i += step)
    positions.push_back(static_cast<Index>(i));
  return positions;
}

using mgpu_test::reference_insert;
using mgpu_test::reference_remove;

template <class T>
std::vector<T> with_poisoned_tail(std::vector<T> values)
{
  values.insert(values.end(), tail, mgpu_test::poison<T>());
  return values;
}

template <class T, class Index>
void check_remove(const std::vector<T>& source, const std::vector<Index>& indices)
{
  auto d_source  = to_backend<backend>(source);
  auto d_indices = to_backend<backend>(indices);
  const std::size_t kept = source.size() - indices.size();
  auto out = poisoned<backend, T>(kept + tail);
  auto end = mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(),
                               d_indices.end(), out.begin());
  CHECK(end - out.begin() == static_cast<std::ptrdiff_t>(kept));
  MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(reference_remove(source, indices)));
}

template <class T, class Index>
void check_insert(const std::vector<T>& source, const std::vector<T>& values, const std::vector<Index>& positions)
{
  auto d_source    = to_backend<backend>(source);
  auto d_values    = to_backend<backend>(values);
  auto d_positions = to_backend<backend>(positions);
  const std::size_t total = source.size() + values.size();
  auto out = poisoned<backend, T>(total + tail);
  auto end = mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_values.begin(), d_values.end(),
                               d_positions.begin(), out.begin());
  CHECK(end - out.begin() == static_cast<std::ptrdiff_t>(total));
  MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(reference_insert(source, values, positions)));
}

// Sorted insertion positions in [0, count], `value_count` of them.
inline std::vector<int> random_positions(std::size_t value_count, std::size_t count, std::uint64_t seed)
{
  return mgpu_test::random_sorted<int>(value_count, 0, static_cast<int>(count), seed);
}

// A remove or insert of int values, values distinct from the source's.
inline void check_insert_int(std::size_t count, const std::vector<int>& positions)
{
  check_insert(distinct_values<int>(count, 0), distinct_values<int>(positions.size(), 1 << 24), positions);
}

struct times_three
{
  MGPU_HD int operator()(int i) const { return 3 * i; }
};
struct every_fifth_from_two
{
  MGPU_HD int operator()(int i) const { return 2 + 5 * i; }
};
struct thousand_plus_ten_times
{
  MGPU_HD int operator()(int i) const { return 1000 + 10 * i; }
};
struct negate
{
  MGPU_HD int operator()(int x) const { return -x; }
};

// A value type with no arithmetic: moved, never computed on.
struct record
{
  int key;
  short tag;
  char mark;
  MGPU_HD bool operator==(const record& other) const
  {
    return key == other.key && tag == other.tag && mark == other.mark;
  }
};

inline std::vector<record> records(std::size_t count, int first)
{
  std::vector<record> r(count);
  for (std::size_t i = 0; i < count; ++i)
    r[i] = record{first + int(i), short(int(i) % 1000), char('a' + int(i) % 26)};
  return r;
}

// Keys of a record vector, with a marker for any element that is not a
// well-formed record (poison or torn copies).
inline std::vector<long long> record_keys(const std::vector<record>& r)
{
  std::vector<long long> keys;
  for (const record& x : r)
  {
    const int i = x.key >= (1 << 20) ? x.key - (1 << 20) : x.key;
    const bool whole = x.tag == short(i % 1000) && x.mark == char('a' + i % 26);
    keys.push_back(whole ? x.key : -1);
  }
  return keys;
}

} // namespace bulk_cases

// ---------------------------------------------------------------------------
// The Modern GPU demonstrations and documented examples.

#include "common/demo_outputs.h"

TEST_CASE("bulk_remove: the Modern GPU demonstration removes every 3rd of 0..99")
{
  auto data = to_backend<backend>(bulk_cases::distinct_values<int>(100, 0));
  auto kept = poisoned<backend, int>(66);
  auto every_third = thrust::make_transform_iterator(thrust::make_counting_iterator(0), bulk_cases::times_three{});
  auto end = mgpu::bulk_remove(backend::policy(), data.begin(), data.end(), every_third, every_third + 34, kept.begin());
  CHECK(end == kept.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(kept), std::vector<int>(std::begin(mgpu_demo_data::bulk_remove_every_third),
                                                          std::end(mgpu_demo_data::bulk_remove_every_third)));
}

TEST_CASE("bulk_insert: the Modern GPU demonstration inserts before every 5th item from item 2")
{
  auto data = to_backend<backend>(bulk_cases::distinct_values<int>(100, 0));
  auto out  = poisoned<backend, int>(120);
  auto values    = thrust::make_transform_iterator(thrust::make_counting_iterator(0), bulk_cases::thousand_plus_ten_times{});
  auto positions = thrust::make_transform_iterator(thrust::make_counting_iterator(0), bulk_cases::every_fifth_from_two{});
  const int insert_count = (100 - 2 + 4) / 5;
  auto end = mgpu::bulk_insert(backend::policy(), data.begin(), data.end(), values, values + insert_count, positions,
                               out.begin());
  CHECK(end == out.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), std::vector<int>(std::begin(mgpu_demo_data::bulk_insert_every_fifth),
                                                         std::end(mgpu_demo_data::bulk_insert_every_fifth)));
}

TEST_CASE("bulk_remove: the documented example keeps A0 A2 A6 A9")
{
  const std::vector<int> source = {100, 101, 102, 103, 104, 105, 106, 107, 108, 109};
  auto d_source  = to_backend<backend>(source);
  auto d_indices = to_backend<backend>(std::vector<int>{1, 3, 4, 5, 7, 8});
  auto out = poisoned<backend, int>(4 + bulk_cases::tail);
  mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(), out.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), bulk_cases::with_poisoned_tail(std::vector<int>{100, 102, 106, 109}));
}

TEST_CASE("bulk_insert: the documented example gives B0 A0 A1 B1 A2 B2 A3 A4")
{
  // B0..B2 = 100..102, A0..A4 = 0..4.
  auto d_source    = to_backend<backend>(std::vector<int>{100, 101, 102});
  auto d_values    = to_backend<backend>(std::vector<int>{0, 1, 2, 3, 4});
  auto d_positions = to_backend<backend>(std::vector<int>{1, 1, 2, 3, 3});
  auto out = poisoned<backend, int>(8 + bulk_cases::tail);
  auto end = mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_values.begin(), d_values.end(),
                               d_positions.begin(), out.begin());
  CHECK(end == out.begin() + 8);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), bulk_cases::with_poisoned_tail(std::vector<int>{100, 0, 1, 101, 2, 102, 3, 4}));
}

// ---------------------------------------------------------------------------
// bulk_remove

TEST_CASE("bulk_remove: nothing, everything, first, last, every other, around tile boundaries")
{
  for (std::size_t n : bulk_cases::boundary_sizes())
  {
    CAPTURE(n);
    const auto source = bulk_cases::distinct_values<int>(n, 1);
    bulk_cases::check_remove(source, std::vector<int>{});
    bulk_cases::check_remove(source, bulk_cases::every<int>(n, 1));
    bulk_cases::check_remove(source, bulk_cases::every<int>(n, 2));
    bulk_cases::check_remove(source, bulk_cases::every<int>(n, 2, 1));
    if (n > 0)
    {
      bulk_cases::check_remove(source, std::vector<int>{0});
      bulk_cases::check_remove(source, std::vector<int>{int(n - 1)});
    }
    if (n > 1)
      bulk_cases::check_remove(source, std::vector<int>{0, int(n - 1)});
  }
}

TEST_CASE("bulk_remove: random removal sets of 1%, 33%, 90% and 99% around tile boundaries")
{
  std::uint64_t seed = 100;
  for (std::size_t n : bulk_cases::boundary_sizes())
    for (int percent : {1, 33, 90, 99})
    {
      CAPTURE(n);
      CAPTURE(percent);
      bulk_cases::check_remove(bulk_cases::distinct_values<int>(n, 1), bulk_cases::random_subset(n, percent, seed++));
    }
}

TEST_CASE("bulk_remove: whole tiles removed or kept, and one index per tile")
{
  for (std::size_t tile : bulk_cases::tile_sizes())
  {
    CAPTURE(tile);
    const std::size_t n = 5 * tile + 3;
    const auto source = bulk_cases::distinct_values<int>(n, 1);
    std::vector<int> whole_tiles, tile_starts;
    for (std::size_t i = 0; i < n; ++i)
    {
      if ((i / tile) % 2 == 1)
        whole_tiles.push_back(int(i));
      if (i % tile == 0 || i % tile == tile - 1)
        tile_starts.push_back(int(i));
    }
    bulk_cases::check_remove(source, whole_tiles);
    bulk_cases::check_remove(source, tile_starts);
  }
}

TEST_CASE("bulk_remove: large random inputs")
{
  const std::size_t n = backend::large_size + 12345;
  for (int percent : {1, 33, 90})
  {
    CAPTURE(percent);
    bulk_cases::check_remove(bulk_cases::distinct_values<int>(n, 1), bulk_cases::random_subset(n, percent, 7 + percent));
  }
}

TEST_CASE("bulk_remove: int8, int64 and struct elements, 64-bit indices")
{
  std::uint64_t seed = 300;
  for (std::size_t n : {std::size_t(0), std::size_t(77), std::size_t(8191), std::size_t(8193), std::size_t(30001)})
  {
    CAPTURE(n);
    bulk_cases::check_remove(bulk_cases::distinct_values<std::int8_t>(n, 3), bulk_cases::random_subset(n, 33, seed++));
    bulk_cases::check_remove(bulk_cases::distinct_values<std::int64_t>(n, 1ll << 40),
                             bulk_cases::random_subset<std::int64_t>(n, 50, seed++));
    bulk_cases::check_remove(bulk_cases::distinct_values<double>(n, 5), bulk_cases::random_subset(n, 10, seed++));

    const auto source  = bulk_cases::records(n, 0);
    const auto indices = bulk_cases::random_subset(n, 40, seed++);
    auto d_source = to_backend<backend>(source);
    auto d_indices = to_backend<backend>(indices);
    const std::size_t kept = n - indices.size();
    typename backend::template vector<bulk_cases::record> out(kept + bulk_cases::tail, bulk_cases::record{-5, -5, 0});
    mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(),
                      out.begin());
    auto expected = bulk_cases::record_keys(bulk_cases::reference_remove(source, indices));
    expected.insert(expected.end(), bulk_cases::tail, -1);
    MGPU_CHECK_EQUAL_RANGES(bulk_cases::record_keys(to_std(out)), expected);
  }
}

TEST_CASE("bulk_remove: zip_iterator elements move as tuples")
{
  const std::size_t n = 20000;
  const auto ints = bulk_cases::distinct_values<int>(n, 1);
  std::vector<float> floats(n);
  for (std::size_t i = 0; i < n; ++i)
    floats[i] = 0.5f * float(i);
  const auto indices = bulk_cases::random_subset(n, 30, 41);
  auto d_ints = to_backend<backend>(ints);
  auto d_floats = to_backend<backend>(floats);
  auto d_indices = to_backend<backend>(indices);
  const std::size_t kept = n - indices.size();
  auto out_ints = poisoned<backend, int>(kept);
  auto out_floats = poisoned<backend, float>(kept);
  auto end = mgpu::bulk_remove(backend::policy(), thrust::make_zip_iterator(d_ints.begin(), d_floats.begin()),
                               thrust::make_zip_iterator(d_ints.end(), d_floats.end()), d_indices.begin(),
                               d_indices.end(), thrust::make_zip_iterator(out_ints.begin(), out_floats.begin()));
  CHECK(end == thrust::make_zip_iterator(out_ints.end(), out_floats.end()));
  MGPU_CHECK_EQUAL_RANGES(to_std(out_ints), bulk_cases::reference_remove(ints, indices));
  MGPU_CHECK_EQUAL_RANGES(to_std(out_floats), bulk_cases::reference_remove(floats, indices));
}

TEST_CASE("bulk_remove: fancy sources, transform_output and discard outputs")
{
  // Source 0, 1, 2, ... as a counting iterator, every third removed, written
  // negated through a transform_output_iterator.
  const int n = 10000;
  auto every_third = thrust::make_transform_iterator(thrust::make_counting_iterator(0), bulk_cases::times_three{});
  const int removed = (n + 2) / 3;
  auto out = poisoned<backend, int>(n - removed);
  mgpu::bulk_remove(backend::policy(), thrust::make_counting_iterator(0), thrust::make_counting_iterator(n),
                    every_third, every_third + removed,
                    thrust::make_transform_output_iterator(out.begin(), bulk_cases::negate{}));
  std::vector<int> expected;
  for (int i = 0; i < n; ++i)
    if (i % 3 != 0)
      expected.push_back(-i);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);

  auto discarded = mgpu::bulk_remove(backend::policy(), thrust::make_counting_iterator(0),
                                     thrust::make_counting_iterator(n), every_third, every_third + removed,
                                     thrust::make_discard_iterator());
  CHECK(discarded - thrust::make_discard_iterator() == n - removed);
}

// ---------------------------------------------------------------------------
// bulk_insert

TEST_CASE("bulk_insert: nothing, everything at 0, everything at the end, around tile boundaries")
{
  for (std::size_t n : bulk_cases::boundary_sizes())
    for (std::size_t m : {std::size_t(0), std::size_t(1), n, n / 3 + 1})
    {
      CAPTURE(n);
      CAPTURE(m);
      bulk_cases::check_insert_int(n, std::vector<int>{});
      bulk_cases::check_insert_int(n, std::vector<int>(m, 0));
      bulk_cases::check_insert_int(n, std::vector<int>(m, int(n)));
    }
}

TEST_CASE("bulk_insert: random positions with 1%, 33%, 90% and 300% as many values, around tile boundaries")
{
  std::uint64_t seed = 500;
  for (std::size_t n : bulk_cases::boundary_sizes())
    for (int percent : {1, 33, 90, 300})
    {
      CAPTURE(n);
      CAPTURE(percent);
      const std::size_t m = n * percent / 100;
      bulk_cases::check_insert_int(n, bulk_cases::random_positions(m, n, seed++));
    }
  // Output totals around tile boundaries for a fixed source.
  for (std::size_t tile : bulk_cases::tile_sizes())
    for (std::size_t total : {tile - 1, tile, tile + 1, 2 * tile + 1})
    {
      CAPTURE(total);
      const std::size_t n = total / 4;
      bulk_cases::check_insert_int(n, bulk_cases::random_positions(total - n, n, seed++));
    }
}

TEST_CASE("bulk_insert: runs of equal positions longer than a tile keep their values' order")
{
  const std::size_t n = 20000;
  std::vector<int> positions;
  positions.insert(positions.end(), 10000, 3);           // 2.5 tiles before element 3
  positions.insert(positions.end(), 9001, int(n / 2));   // in the middle
  positions.insert(positions.end(), 3, int(n / 2 + 1));
  positions.insert(positions.end(), 17000, int(n));      // appended
  bulk_cases::check_insert_int(n, positions);
  bulk_cases::check_insert_int(0, std::vector<int>(25000, 0)); // into an empty source
  bulk_cases::check_insert_int(1, std::vector<int>(25000, 1));
}

TEST_CASE("bulk_insert: one value per source position and every 5th position")
{
  for (std::size_t n : {std::size_t(4095), std::size_t(4096), std::size_t(50000)})
  {
    CAPTURE(n);
    bulk_cases::check_insert_int(n, bulk_cases::every<int>(n + 1, 1));
    bulk_cases::check_insert_int(n, bulk_cases::every<int>(n + 1, 5, 2));
  }
}

TEST_CASE("bulk_insert: large random inputs")
{
  const std::size_t n = backend::large_size + 777;
  for (int percent : {1, 20, 90})
  {
    CAPTURE(percent);
    bulk_cases::check_insert_int(n, bulk_cases::random_positions(n * percent / 100, n, 60 + percent));
  }
}

TEST_CASE("bulk_insert: int8, int64 and struct elements, 64-bit positions")
{
  std::uint64_t seed = 700;
  for (std::size_t n : {std::size_t(0), std::size_t(77), std::size_t(8191), std::size_t(30001)})
  {
    CAPTURE(n);
    const std::size_t m = n / 2 + 3;
    bulk_cases::check_insert(bulk_cases::distinct_values<std::int8_t>(n, 0),
                             bulk_cases::distinct_values<std::int8_t>(m, 40),
                             bulk_cases::random_positions(m, n, seed++));
    std::vector<std::int64_t> wide_positions;
    for (int p : bulk_cases::random_positions(m, n, seed++))
      wide_positions.push_back(p);
    bulk_cases::check_insert(bulk_cases::distinct_values<std::int64_t>(n, 1ll << 40),
                             bulk_cases::distinct_values<std::int64_t>(m, -(1ll << 41)), wide_positions);
    bulk_cases::check_insert(bulk_cases::distinct_values<double>(n, 1), bulk_cases::distinct_values<double>(m, -1e6),
                             bulk_cases::random_positions(m, n, seed++));

    const auto source = bulk_cases::records(n, 0), values = bulk_cases::records(m, 1 << 20);
    const auto positions = bulk_cases::random_positions(m, n, seed++);
    auto d_source = to_backend<backend>(source);
    auto d_values = to_backend<backend>(values);
    auto d_positions = to_backend<backend>(positions);
    typename backend::template vector<bulk_cases::record> out(n + m + bulk_cases::tail, bulk_cases::record{-5, -5, 0});
    mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_values.begin(), d_values.end(),
                      d_positions.begin(), out.begin());
    auto expected = bulk_cases::record_keys(bulk_cases::reference_insert(source, values, positions));
    expected.insert(expected.end(), bulk_cases::tail, -1);
    MGPU_CHECK_EQUAL_RANGES(bulk_cases::record_keys(to_std(out)), expected);
  }
}

TEST_CASE("bulk_insert: zip_iterator elements move as tuples")
{
  const std::size_t n = 15000, m = 9000;
  const auto ints = bulk_cases::distinct_values<int>(n, 0), value_ints = bulk_cases::distinct_values<int>(m, 1 << 24);
  std::vector<float> floats(n), value_floats(m);
  for (std::size_t i = 0; i < n; ++i)
    floats[i] = 0.5f * float(i);
  for (std::size_t j = 0; j < m; ++j)
    value_floats[j] = -0.25f * float(j);
  const auto positions = bulk_cases::random_positions(m, n, 81);
  auto d_ints = to_backend<backend>(ints);
  auto d_floats = to_backend<backend>(floats);
  auto d_value_ints = to_backend<backend>(value_ints);
  auto d_value_floats = to_backend<backend>(value_floats);
  auto d_positions = to_backend<backend>(positions);
  auto out_ints = poisoned<backend, int>(n + m);
  auto out_floats = poisoned<backend, float>(n + m);
  mgpu::bulk_insert(backend::policy(), thrust::make_zip_iterator(d_ints.begin(), d_floats.begin()),
                    thrust::make_zip_iterator(d_ints.end(), d_floats.end()),
                    thrust::make_zip_iterator(d_value_ints.begin(), d_value_floats.begin()),
                    thrust::make_zip_iterator(d_value_ints.end(), d_value_floats.end()), d_positions.begin(),
                    thrust::make_zip_iterator(out_ints.begin(), out_floats.begin()));
  MGPU_CHECK_EQUAL_RANGES(to_std(out_ints), bulk_cases::reference_insert(ints, value_ints, positions));
  MGPU_CHECK_EQUAL_RANGES(to_std(out_floats), bulk_cases::reference_insert(floats, value_floats, positions));
}

TEST_CASE("bulk_insert: fancy sources and values, discard output")
{
  // Source 0..n-1 and values -1, -2, ... as fancy iterators, positions every 7th.
  const int n = 9000;
  const auto positions = bulk_cases::every<int>(std::size_t(n) + 1, 7, 3);
  const int m = int(positions.size());
  auto d_positions = to_backend<backend>(positions);
  auto values = thrust::make_transform_iterator(thrust::make_counting_iterator(1), bulk_cases::negate{});
  auto out = poisoned<backend, int>(n + m);
  mgpu::bulk_insert(backend::policy(), thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), values,
                    values + m, d_positions.begin(), out.begin());
  std::vector<int> expected_values(m);
  for (int j = 0; j < m; ++j)
    expected_values[j] = -(j + 1);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), bulk_cases::reference_insert(bulk_cases::distinct_values<int>(n, 0),
                                                                    expected_values, positions));
  auto discarded = mgpu::bulk_insert(backend::policy(), thrust::make_counting_iterator(0),
                                     thrust::make_counting_iterator(n), values, values + m, d_positions.begin(),
                                     thrust::make_discard_iterator());
  CHECK(discarded - thrust::make_discard_iterator() == n + m);
}
