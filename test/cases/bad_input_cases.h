// Bad-input test bodies, written once and run against `backend` (the
// including file defines it as the host or the CUDA backend): every algorithm
// fed each kind of input its preconditions rule out. The output is then
// unspecified, but a call must touch only the ranges it was given: each
// output lies between two poisoned guard zones that must survive, no
// exception may surface, and the next valid call must still be right.
// Gather and scatter starts are all 0 over buffers of `total` elements, so
// they stay in bounds while every rank stays in [0, total).
#pragma once

#include "common/bad_data.h"
#include "common/bulk_reference.h"
#include "common/guarded_output.h"
#include "common/set_op_kinds.h"
#include "common/test_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <cuda/std/functional>

#if MGPU_HAS_CUDA_BACKEND
#  include <cuda_runtime_api.h>
#endif

#include <algorithm>
#include <cstdint>
#include <exception>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace bad_input_cases {

inline constexpr bool on_device = !std::is_same_v<backend, mgpu_test::host_backend>;

constexpr int int_min = std::numeric_limits<int>::min();
constexpr int int_max = std::numeric_limits<int>::max();

// ---------------------------------------------------------------------------
// Sizes

// (A, B) sizes of the two-range algorithms: below one tile, a few tiles,
// launches whose tiles find their own splits or cuts (100,000 + 77,777 is
// where unsorted ints can lead a merge tile astray in shared memory), and on
// the device many waves of tiles.
inline std::vector<std::pair<std::size_t, std::size_t>> two_range_sizes()
{
  std::vector<std::pair<std::size_t, std::size_t>> sizes = {{100, 100}, {60, 20000}, {20000, 20000}, {100000, 77777}};
  if (mgpu_test::many_waves_sizes(on_device))
    sizes.emplace_back(1600000, 1400000);
  return sizes;
}

// Source sizes of bulk_remove and bulk_insert.
inline std::vector<std::size_t> bulk_sizes()
{
  std::vector<std::size_t> sizes = {100, 20000};
  if (mgpu_test::many_waves_sizes(on_device))
    sizes.push_back(3000000);
  return sizes;
}

// (segments, total) of the load-balanced algorithms: few and many items per
// segment, and more segments than items.
inline std::vector<std::pair<std::size_t, std::size_t>> lbs_sizes()
{
  std::vector<std::pair<std::size_t, std::size_t>> sizes = {{13, 100}, {300, 100}, {2500, 20000}, {50000, 20000}};
  if (mgpu_test::many_waves_sizes(on_device))
    sizes.emplace_back(400000, 3000000);
  return sizes;
}

// ---------------------------------------------------------------------------
// Guarded outputs and clean calls (common/guarded_output.h).
template <class T>
using guarded_output = mgpu_test::guarded_output<backend, T>;
using mgpu_test::check_guards;
using mgpu_test::guard_size;
using mgpu_test::runs_cleanly;

// ---------------------------------------------------------------------------
// Merge and the set operations

// Two key ranges with int values naming their sources (A: 0.., B: |A|..).
template <class Key>
struct two_ranges
{
  std::vector<Key> a, b;
  typename backend::template vector<Key> a_keys, b_keys;
  typename backend::template vector<int> a_values, b_values;

  two_ranges(std::vector<Key> a_host, std::vector<Key> b_host)
      : a(std::move(a_host)), b(std::move(b_host)), a_keys(to_backend<backend>(a)), b_keys(to_backend<backend>(b)),
        a_values(to_backend<backend>(mgpu_test::iota_values<int>(a.size(), 0))),
        b_values(to_backend<backend>(mgpu_test::iota_values<int>(b.size(), int(a.size()))))
  {}

  std::vector<std::pair<Key, int>> a_pairs() const { return pairs_of(a, 0); }
  std::vector<std::pair<Key, int>> b_pairs() const { return pairs_of(b, int(a.size())); }

private:
  static std::vector<std::pair<Key, int>> pairs_of(const std::vector<Key>& keys, int first_value)
  {
    std::vector<std::pair<Key, int>> pairs;
    for (std::size_t i = 0; i < keys.size(); ++i)
      pairs.emplace_back(keys[i], first_value + int(i));
    return pairs;
  }
};

template <class Pair>
auto split_pairs(const std::vector<Pair>& pairs)
{
  std::vector<typename Pair::first_type> keys;
  std::vector<typename Pair::second_type> values;
  for (const auto& [key, value] : pairs)
    keys.push_back(key), values.push_back(value);
  return std::make_pair(keys, values);
}

using mgpu_test::ascending_ints;
using mgpu_test::descending_ints;
using mgpu_test::sorted_with_duplicates;
using mgpu_test::sorted_with_nans;
using mgpu_test::unsorted_ints;

// Calls check(kind, inputs, comp, valid) for each kind of ordering a merge
// or set operation may be handed at sizes (a_count, b_count); `valid` says
// the general overloads' preconditions hold, so their results are checked.
template <class Check>
void for_each_ordering(std::size_t a_count, std::size_t b_count, std::uint64_t seed, Check&& check)
{
  const ::cuda::std::less<> less{};
  check("unsorted", two_ranges<int>(unsorted_ints(a_count, seed), unsorted_ints(b_count, seed + 1)), less, false);
  check("reverse-sorted", two_ranges<int>(descending_ints(a_count, seed), descending_ints(b_count, seed + 1)), less,
        false);
  check("ascending under greater<>",
        two_ranges<int>(ascending_ints(a_count, seed), ascending_ints(b_count, seed + 1)), ::cuda::std::greater<>{},
        false);
  check("NaNs among doubles",
        two_ranges<double>(sorted_with_nans(a_count, seed), sorted_with_nans(b_count, seed + 1)), less, false);
  check("all keys equal", two_ranges<int>(std::vector<int>(a_count, 7), std::vector<int>(b_count, 7)), less, true);
  check("sorted with duplicates",
        two_ranges<int>(sorted_with_duplicates(a_count, seed), sorted_with_duplicates(b_count, seed + 1)), less, true);
}

inline void valid_merge_still_right()
{
  runs_cleanly("the next valid mgpu::merge", [] {
    const auto a = mgpu_test::random_sorted<int>(1000, 0, 500, 11);
    const auto b = mgpu_test::random_sorted<int>(777, 0, 500, 12);
    auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
    auto out = mgpu_test::poisoned<backend, int>(a.size() + b.size());
    mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
    std::vector<int> expected(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  });
}

template <class Key, class Compare>
void check_merge(const two_ranges<Key>& in, Compare comp, bool valid)
{
  const std::size_t total = in.a.size() + in.b.size();
  auto by_key = [&](const auto& x, const auto& y) { return comp(x.first, y.first); };
  {
    guarded_output<Key> keys(total);
    runs_cleanly("mgpu::merge", [&] {
      const auto end = mgpu::merge(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                   in.b_keys.end(), keys.begin(), comp);
      CHECK(end == keys.end());
    });
    check_guards(keys, "mgpu::merge");
    if (valid)
    {
      std::vector<Key> expected(total);
      std::merge(in.a.begin(), in.a.end(), in.b.begin(), in.b.end(), expected.begin(), comp);
      MGPU_CHECK_EQUAL_RANGES(keys.inside(), expected);
    }
  }
  valid_merge_still_right();
  {
    guarded_output<Key> keys(total);
    guarded_output<int> values(total);
    runs_cleanly("mgpu::merge_by_key", [&] {
      const auto ends = mgpu::merge_by_key(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                           in.b_keys.end(), in.a_values.begin(), in.b_values.begin(), keys.begin(),
                                           values.begin(), comp);
      CHECK(ends.first == keys.end());
      CHECK(ends.second == values.end());
    });
    check_guards(keys, "mgpu::merge_by_key keys");
    check_guards(values, "mgpu::merge_by_key values");
    if (valid)
    {
      const auto a = in.a_pairs(), b = in.b_pairs();
      std::vector<std::pair<Key, int>> expected(total);
      std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), by_key);
      const auto [expected_keys, expected_values] = split_pairs(expected);
      MGPU_CHECK_EQUAL_RANGES(keys.inside(), expected_keys);
      MGPU_CHECK_EQUAL_RANGES(values.inside(), expected_values);
    }
  }
  valid_merge_still_right();
}

using set_kind = mgpu_test::set_op;
using mgpu_test::run_set_keys;
using mgpu_test::run_set_pairs;
using mgpu_test::std_set_op;

inline std::string name_of(set_kind kind, bool by_key, bool unique)
{
  return std::string("mgpu::") + mgpu_test::name_of(kind) + (by_key ? "_by_key" : "") +
         (unique ? " with unique_keys" : "");
}

// The most outputs a valid input of these sizes can give: the room a caller
// leaves for them.
inline std::size_t capacity_of(set_kind kind, std::size_t a_count, std::size_t b_count)
{
  switch (kind)
  {
    case set_kind::intersection: return std::min(a_count, b_count);
    case set_kind::difference: return a_count;
    default: return a_count + b_count;
  }
}

template <set_kind Kind>
void valid_set_still_right()
{
  runs_cleanly("the next valid " + name_of(Kind, false, false), [] {
    const auto a = mgpu_test::random_sorted<int>(1000, 0, 300, 21);
    const auto b = mgpu_test::random_sorted<int>(777, 0, 300, 22);
    auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
    auto out = mgpu_test::poisoned<backend, int>(a.size() + b.size());
    const auto end = run_set_keys<Kind>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                        out.begin(), ::cuda::std::less<>{});
    auto expected = std_set_op<Kind>(a, b, ::cuda::std::less<>{});
    CHECK(std::size_t(end - out.begin()) == expected.size());
    expected.resize(out.size(), mgpu_test::poison<int>());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  });
}

template <set_kind Kind, class Key, class Compare, class... Promise>
void check_set_keys(const two_ranges<Key>& in, Compare comp, bool valid, Promise... promise)
{
  const std::string name = name_of(Kind, false, sizeof...(Promise) > 0);
  const std::size_t capacity = capacity_of(Kind, in.a.size(), in.b.size());
  guarded_output<Key> keys(capacity);
  std::ptrdiff_t count = -1;
  runs_cleanly(name, [&] {
    const auto end = run_set_keys<Kind>(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                        in.b_keys.end(), keys.begin(), comp, promise...);
    CHECK_MESSAGE(keys.holds(end), name << " returned an end outside its output");
    count = end - keys.begin();
  });
  check_guards(keys, name);
  if (valid)
  {
    const auto expected = std_set_op<Kind>(in.a, in.b, comp);
    CHECK(count == std::ptrdiff_t(expected.size()));
    auto written = keys.inside();
    written.resize(std::min(written.size(), expected.size()));
    MGPU_CHECK_EQUAL_RANGES(written, expected);
  }
  valid_set_still_right<Kind>();
}

template <set_kind Kind, class Key, class Compare, class... Promise>
void check_set_pairs(const two_ranges<Key>& in, Compare comp, bool valid, Promise... promise)
{
  const std::string name = name_of(Kind, true, sizeof...(Promise) > 0);
  const std::size_t capacity = capacity_of(Kind, in.a.size(), in.b.size());
  guarded_output<Key> keys(capacity);
  guarded_output<int> values(capacity);
  std::ptrdiff_t count = -1;
  runs_cleanly(name, [&] {
    const auto ends = run_set_pairs<Kind>(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                          in.b_keys.end(), in.a_values.begin(), in.b_values.begin(), keys.begin(),
                                          values.begin(), comp, promise...);
    CHECK_MESSAGE(keys.holds(ends.first), name << " returned a keys end outside its output");
    CHECK_MESSAGE(values.holds(ends.second), name << " returned a values end outside its output");
    CHECK(ends.first - keys.begin() == ends.second - values.begin());
    count = ends.first - keys.begin();
  });
  check_guards(keys, name + " keys");
  check_guards(values, name + " values");
  if (valid)
  {
    const auto expected = std_set_op<Kind>(in.a_pairs(), in.b_pairs(),
                                              [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
    CHECK(count == std::ptrdiff_t(expected.size()));
    const auto [expected_keys, expected_values] = split_pairs(expected);
    auto written_keys = keys.inside();
    auto written_values = values.inside();
    written_keys.resize(std::min(written_keys.size(), expected.size()));
    written_values.resize(std::min(written_values.size(), expected.size()));
    MGPU_CHECK_EQUAL_RANGES(written_keys, expected_keys);
    MGPU_CHECK_EQUAL_RANGES(written_values, expected_values);
  }
  valid_set_still_right<Kind>();
}

// All sixteen forms; the unique_keys ones are never given unique keys here.
template <class Key, class Compare>
void check_every_set_operation(const two_ranges<Key>& in, Compare comp, bool valid)
{
  mgpu_test::for_each_set_op([&](auto kind) {
    constexpr set_kind Kind = decltype(kind)::value;
    check_set_keys<Kind>(in, comp, valid);
    check_set_keys<Kind>(in, comp, false, mgpu::unique_keys);
    check_set_pairs<Kind>(in, comp, valid);
    check_set_pairs<Kind>(in, comp, false, mgpu::unique_keys);
  });
}

// ---------------------------------------------------------------------------
// Bulk remove and bulk insert

// About a third of the positions of [0, count), ascending.
inline std::vector<long long> ascending_positions(std::size_t count, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::vector<long long> positions;
  for (std::size_t i = 0; i < count; ++i)
    if (engine() % 3 == 0)
      positions.push_back(static_cast<long long>(i));
  return positions;
}

using mgpu_test::converted;

inline std::vector<long long> joined(std::vector<long long> front, const std::vector<long long>& back)
{
  front.insert(front.end(), back.begin(), back.end());
  return front;
}

inline void valid_bulk_still_right()
{
  runs_cleanly("the next valid mgpu::bulk_remove and mgpu::bulk_insert", [] {
    const std::vector<int> source = mgpu_test::iota_values<int>(500, 1);
    const std::vector<int> indices = {0, 3, 4, 250, 499};
    auto d_source = to_backend<backend>(source), d_indices = to_backend<backend>(indices);
    auto kept = mgpu_test::poisoned<backend, int>(source.size() - indices.size());
    mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(),
                      kept.begin());
    std::vector<int> expected_kept;
    for (std::size_t i = 0; i < source.size(); ++i)
      if (std::find(indices.begin(), indices.end(), int(i)) == indices.end())
        expected_kept.push_back(source[i]);
    MGPU_CHECK_EQUAL_RANGES(to_std(kept), expected_kept);

    const std::vector<int> values = {-1, -2, -3}, positions = {0, 0, 500};
    auto d_values = to_backend<backend>(values), d_positions = to_backend<backend>(positions);
    auto merged = mgpu_test::poisoned<backend, int>(source.size() + values.size());
    mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_values.begin(), d_values.end(),
                      d_positions.begin(), merged.begin());
    std::vector<int> expected_merged = {-1, -2};
    expected_merged.insert(expected_merged.end(), source.begin(), source.end());
    expected_merged.push_back(-3);
    MGPU_CHECK_EQUAL_RANGES(to_std(merged), expected_merged);
  });
}

template <class Index>
void check_bad_remove(const std::string& kind, std::size_t count, const std::vector<Index>& indices)
{
  CAPTURE(kind);
  CAPTURE(count);
  const auto source = mgpu_test::iota_values<int>(count, 1);
  auto d_source  = to_backend<backend>(source);
  auto d_indices = to_backend<backend>(indices);
  guarded_output<int> kept(count > indices.size() ? count - indices.size() : 0);
  runs_cleanly("mgpu::bulk_remove", [&] {
    mgpu::bulk_remove(backend::policy(), d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(),
                      kept.begin());
  });
  check_guards(kept, "mgpu::bulk_remove");
  valid_bulk_still_right();
}

using mgpu_test::reference_insert;

template <class Position>
void check_bad_insert(const std::string& kind, std::size_t count, const std::vector<Position>& positions, bool valid)
{
  CAPTURE(kind);
  CAPTURE(count);
  const auto source = mgpu_test::iota_values<int>(count, 1);
  std::vector<int> values(positions.size());
  for (std::size_t j = 0; j < values.size(); ++j)
    values[j] = -1 - int(j);
  auto d_source    = to_backend<backend>(source);
  auto d_values    = to_backend<backend>(values);
  auto d_positions = to_backend<backend>(positions);
  guarded_output<int> merged(count + values.size());
  runs_cleanly("mgpu::bulk_insert", [&] {
    const auto end = mgpu::bulk_insert(backend::policy(), d_source.begin(), d_source.end(), d_values.begin(),
                                       d_values.end(), d_positions.begin(), merged.begin());
    CHECK(end == merged.end());
  });
  check_guards(merged, "mgpu::bulk_insert");
  if (valid)
    MGPU_CHECK_EQUAL_RANGES(merged.inside(), reference_insert(source, values, positions));
  valid_bulk_still_right();
}

// ---------------------------------------------------------------------------
// Load-balancing search, transform_lbs and the interval family

using mgpu_test::valid_offsets;

inline void valid_lbs_still_right()
{
  runs_cleanly("the next valid mgpu::load_balance_search", [] {
    const std::vector<int> offsets = {0, 0, 3, 10, 10, 11, 40};
    const int total = 50;
    auto d_offsets = to_backend<backend>(offsets);
    auto segments = mgpu_test::poisoned<backend, int>(total);
    mgpu::load_balance_search(backend::policy(), d_offsets.begin(), d_offsets.end(), segments.begin(),
                              segments.end());
    std::vector<int> expected(total);
    for (int i = 0; i < total; ++i)
      expected[i] = int(std::upper_bound(offsets.begin(), offsets.end(), i) - offsets.begin()) - 1;
    MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected);
  });
}

// Counts the calls whose arguments leave their ranges (item and rank in
// [0, total), segment in [0, segments)); the others mark their item.
struct argument_check
{
  long long total, segments;
  int* marks;
  unsigned long long* out_of_range;

  template <class Index>
  MGPU_HD void operator()(Index item, Index segment, Index rank) const
  {
    if (item >= 0 && item < total && segment >= 0 && segment < segments && rank >= 0 && rank < total)
      marks[item] = 1;
    else
    {
#ifdef __CUDA_ARCH__
      atomicAdd(out_of_range, 1ull);
#else
      ++*out_of_range;
#endif
    }
  }
};

template <class Vector>
auto raw(Vector& v)
{
  return thrust::raw_pointer_cast(v.data());
}

// Every load-balanced algorithm on `offsets` with `total` work items.
template <class Offset>
void check_bad_offsets(const std::string& kind, const std::vector<Offset>& host_offsets, std::size_t total)
{
  CAPTURE(kind);
  CAPTURE(host_offsets.size());
  CAPTURE(total);
  const std::size_t segments = host_offsets.size();
  const auto policy = backend::policy();
  auto offsets = to_backend<backend>(host_offsets);
  const auto first = offsets.begin(), last = offsets.end();
  const auto segment_values = to_backend<backend>(mgpu_test::iota_values<int>(segments, 0));
  const auto zero_starts = to_backend<backend>(std::vector<int>(segments, 0));
  const auto input = to_backend<backend>(mgpu_test::iota_values<int>(total, 0));
  {
    guarded_output<int> result(total);
    runs_cleanly("mgpu::load_balance_search",
                 [&] { mgpu::load_balance_search(policy, first, last, result.begin(), result.end()); });
    check_guards(result, "mgpu::load_balance_search");
    valid_lbs_still_right();
  }
  {
    guarded_output<int> marks(total);
    typename backend::template vector<unsigned long long> out_of_range(1, 0);
    runs_cleanly("mgpu::transform_lbs", [&] {
      mgpu::transform_lbs(policy, first, last, std::ptrdiff_t(total),
                          argument_check{static_cast<long long>(total), static_cast<long long>(segments),
                                         marks.data(), raw(out_of_range)});
    });
    check_guards(marks, "mgpu::transform_lbs");
    const unsigned long long calls_out_of_range = to_std(out_of_range)[0];
    CHECK_MESSAGE(calls_out_of_range == 0,
                  "mgpu::transform_lbs: " << calls_out_of_range << " calls with an item, segment or rank out of range");
    valid_lbs_still_right();
  }
  {
    guarded_output<int> result(total);
    runs_cleanly("mgpu::interval_expand", [&] {
      mgpu::interval_expand(policy, first, last, segment_values.begin(), result.begin(), result.end());
    });
    check_guards(result, "mgpu::interval_expand");
    valid_lbs_still_right();
  }
  {
    guarded_output<int> result(total);
    runs_cleanly("mgpu::interval_gather", [&] {
      mgpu::interval_gather(policy, first, last, zero_starts.begin(), input.begin(), result.begin(), result.end());
    });
    check_guards(result, "mgpu::interval_gather");
    valid_lbs_still_right();
  }
  {
    guarded_output<int> result(total);
    runs_cleanly("mgpu::interval_scatter", [&] {
      mgpu::interval_scatter(policy, first, last, zero_starts.begin(), input.begin(), input.end(), result.begin());
    });
    check_guards(result, "mgpu::interval_scatter");
    valid_lbs_still_right();
  }
  {
    guarded_output<int> result(total);
    runs_cleanly("mgpu::interval_move", [&] {
      mgpu::interval_move(policy, first, last, std::ptrdiff_t(total), zero_starts.begin(), zero_starts.begin(),
                          input.begin(), result.begin());
    });
    check_guards(result, "mgpu::interval_move");
    valid_lbs_still_right();
  }
}

// Each kind of bad offsets for `segments` segments over `total` items.
inline void check_every_bad_offset_kind(std::size_t segments, std::size_t total, std::uint64_t seed)
{
  mgpu_test::for_each_bad_offset_kind(segments, total, seed, [&](const std::string& kind, const auto& offsets) {
    check_bad_offsets(kind, offsets, total);
  });
}

} // namespace bad_input_cases

// ---------------------------------------------------------------------------

TEST_CASE("bad input: merge and merge_by_key on unsorted, reversed, misordered, NaN and all-equal keys")
{
  std::uint64_t seed = 1000;
  for (const auto& sizes : bad_input_cases::two_range_sizes())
  {
    const std::size_t a_count = sizes.first, b_count = sizes.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    bad_input_cases::for_each_ordering(a_count, b_count, seed += 10,
                                       [](const std::string& kind, const auto& in, auto comp, bool valid) {
                                         CAPTURE(kind);
                                         bad_input_cases::check_merge(in, comp, valid);
                                       });
  }
}

TEST_CASE("bad input: the set operations, by key and with unique_keys, on badly ordered or duplicated keys")
{
  std::uint64_t seed = 2000;
  for (const auto& sizes : bad_input_cases::two_range_sizes())
  {
    const std::size_t a_count = sizes.first, b_count = sizes.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    bad_input_cases::for_each_ordering(a_count, b_count, seed += 10,
                                       [](const std::string& kind, const auto& in, auto comp, bool valid) {
                                         CAPTURE(kind);
                                         bad_input_cases::check_every_set_operation(in, comp, valid);
                                       });
  }
}

TEST_CASE("bad input: merge and the set operations under a comparator that is not a strict weak ordering")
{
  // less_equal holds both ways on equal keys.
  std::uint64_t seed = 3000;
  for (const auto& sizes : bad_input_cases::two_range_sizes())
  {
    const std::size_t a_count = sizes.first, b_count = sizes.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    seed += 10;
    const bad_input_cases::two_ranges<int> in(bad_input_cases::sorted_with_duplicates(a_count, seed),
                                              bad_input_cases::sorted_with_duplicates(b_count, seed + 1));
    bad_input_cases::check_merge(in, ::cuda::std::less_equal<>{}, false);
    bad_input_cases::check_every_set_operation(in, ::cuda::std::less_equal<>{}, false);
  }
}

TEST_CASE("bad input: bulk_remove with unsorted, repeated, negative, out-of-range and too many indices")
{
  using bad_input_cases::check_bad_remove;
  using bad_input_cases::converted;
  using bad_input_cases::joined;
  std::uint64_t seed = 4000;
  for (std::size_t count : bad_input_cases::bulk_sizes())
  {
    const long long n = static_cast<long long>(count);
    const auto ascending = bad_input_cases::ascending_positions(count, seed += 10);

    auto unsorted = ascending;
    std::shuffle(unsorted.begin(), unsorted.end(), std::mt19937_64(seed));
    check_bad_remove("unsorted", count, converted<int>(unsorted));

    std::vector<long long> repeated;
    for (long long index : ascending)
      repeated.insert(repeated.end(), {index, index});
    check_bad_remove("repeated", count, converted<int>(repeated));

    check_bad_remove("negative", count, converted<int>(joined({bad_input_cases::int_min, -1000, -1}, ascending)));
    check_bad_remove("at or past the end", count,
                     converted<int>(joined(ascending, {n, n + 1, bad_input_cases::int_max})));
    check_bad_remove("more indices than elements", count,
                     mgpu_test::random_sorted<int>(2 * count + 5, 0, int(count) - 1, seed + 1));
    check_bad_remove("64-bit indices far out of range", count,
                     converted<std::int64_t>(joined(joined({-(1ll << 40)}, ascending),
                                                    {1ll << 40, std::numeric_limits<long long>::max()})));
  }
}

TEST_CASE("bad input: bulk_insert with unsorted, repeated, negative and past-the-end positions")
{
  using bad_input_cases::check_bad_insert;
  using bad_input_cases::converted;
  using bad_input_cases::joined;
  std::uint64_t seed = 5000;
  for (std::size_t count : bad_input_cases::bulk_sizes())
  {
    const long long n = static_cast<long long>(count);
    const std::size_t value_count = count / 3 + 1;
    check_bad_insert("unsorted", count, mgpu_test::random_values<int>(value_count, 0, int(count), seed += 10), false);
    check_bad_insert("repeated (valid)", count,
                     mgpu_test::random_sorted<int>(value_count, 0, int(count / 50), seed + 1), true);
    const auto ascending_ints = mgpu_test::random_sorted<int>(value_count, 0, int(count), seed + 2);
    const std::vector<long long> ascending(ascending_ints.begin(), ascending_ints.end());
    check_bad_insert("negative", count, converted<int>(joined({bad_input_cases::int_min, -5, -1}, ascending)), false);
    check_bad_insert("past the end", count,
                     converted<int>(joined(ascending, {n + 1, n + 1000, bad_input_cases::int_max})), false);
    check_bad_insert("64-bit positions far out of range", count,
                     converted<std::int64_t>(joined(joined({-(1ll << 40)}, ascending), {1ll << 40})), false);
  }
}

TEST_CASE("bad input: the load-balanced algorithms on offsets that decrease, start off 0 or pass the total")
{
  std::uint64_t seed = 6000;
  for (const auto& sizes : bad_input_cases::lbs_sizes())
  {
    const std::size_t segments = sizes.first, total = sizes.second;
    CAPTURE(segments);
    CAPTURE(total);
    bad_input_cases::check_every_bad_offset_kind(segments, total, seed += 10);
  }
}
