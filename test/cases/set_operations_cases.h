// Multiset operation test bodies, written once and run against `backend`
// (the including file defines it as the host or the CUDA backend).
// References are std::set_* on (key, source index) pairs ordered by key, so
// they also say which range every output comes from; outputs start poisoned
// and one element longer than needed, so a missing or stray write fails.
#pragma once

#include "common/set_op_kinds.h"
#include "common/test_support.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/set_operations.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>

#include <cuda/std/functional>

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <utility>

using mgpu_test::poisoned;
using mgpu_test::random_sorted;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace set_cases {

using op = mgpu_test::set_op;
using mgpu_test::name_of;
template <op Op>
using op_constant = mgpu_test::set_op_constant<Op>;

template <class F>
void for_each_op(F&& f)
{
  mgpu_test::for_each_set_op(f);
}

using mgpu_test::run_set_keys;
using mgpu_test::run_set_pairs;
using mgpu_test::std_set_op;

// `expected` followed by poison up to `capacity`: what a poisoned output of
// that size must hold afterwards.
template <class T>
std::vector<T> padded(std::vector<T> expected, std::size_t capacity)
{
  expected.resize(capacity, mgpu_test::poison<T>());
  return expected;
}

enum class overload
{
  general,
  unique_keys
};

template <op Op, class Key, class Compare = ::cuda::std::less<>>
void check_keys(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {},
                overload which = overload::general)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique_overload = which == overload::unique_keys;
  CAPTURE(unique_overload);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  const auto expected        = std_set_op<Op>(a, b, comp);
  const std::size_t capacity = a.size() + b.size() + 1;
  auto out                   = poisoned<backend, Key>(capacity);
  const auto end =
    unique_overload
      ? run_set_keys<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), comp,
                     mgpu::unique_keys)
      : run_set_keys<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), comp);
  CHECK(std::size_t(end - out.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), padded(expected, capacity));
}

// Values name their source (A: 0.., B: |A|..), so the tests see which range
// each output came from.
template <op Op, class Key, class Value = int, class Compare = ::cuda::std::less<>>
void check_pairs(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {},
                 overload which = overload::general)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique_overload = which == overload::unique_keys;
  CAPTURE(unique_overload);
  const auto a_values = mgpu_test::iota_values<Value>(a.size(), Value(0));
  const auto b_values = mgpu_test::iota_values<Value>(b.size(), Value(a.size()));
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto d_av = to_backend<backend>(a_values), d_bv = to_backend<backend>(b_values);
  const std::size_t capacity = a.size() + b.size() + 1;
  auto keys                  = poisoned<backend, Key>(capacity);
  auto values                = poisoned<backend, Value>(capacity);
  const auto ends =
    unique_overload
      ? run_set_pairs<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                      keys.begin(), values.begin(), comp, mgpu::unique_keys)
      : run_set_pairs<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                      keys.begin(), values.begin(), comp);

  std::vector<std::pair<Key, Value>> pa, pb;
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], a_values[i]);
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b[i], b_values[i]);
  const auto expected = std_set_op<Op>(pa, pb, [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
  std::vector<Key> expected_keys;
  std::vector<Value> expected_values;
  for (const auto& [k, v] : expected)
    expected_keys.push_back(k), expected_values.push_back(v);
  CHECK(std::size_t(ends.first - keys.begin()) == expected.size());
  CHECK(std::size_t(ends.second - values.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), padded(expected_keys, capacity));
  MGPU_CHECK_EQUAL_RANGES(to_std(values), padded(expected_values, capacity));
}

// The keys operation on ranges that start `a_skip` / `b_skip` elements into
// their storage: the tiles copy their slices in aligned 16-byte blocks, so
// the ranges' first keys must be able to lie at any alignment.
template <op Op, class Key>
void check_keys_displaced(const std::vector<Key>& a, const std::vector<Key>& b, std::size_t a_skip,
                          std::size_t b_skip)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  CAPTURE(a_skip);
  CAPTURE(b_skip);
  std::vector<Key> a_storage(a_skip, mgpu_test::poison<Key>()), b_storage(b_skip, mgpu_test::poison<Key>());
  a_storage.insert(a_storage.end(), a.begin(), a.end());
  b_storage.insert(b_storage.end(), b.begin(), b.end());
  auto d_a = to_backend<backend>(a_storage), d_b = to_backend<backend>(b_storage);
  const auto expected        = std_set_op<Op>(a, b, ::cuda::std::less<>{});
  const std::size_t capacity = a.size() + b.size() + 1;
  auto out                   = poisoned<backend, Key>(capacity);
  const auto end = run_set_keys<Op>(backend::policy(), d_a.begin() + a_skip, d_a.end(), d_b.begin() + b_skip, d_b.end(),
                                out.begin(), ::cuda::std::less<>{});
  CHECK(std::size_t(end - out.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), padded(expected, capacity));
}

// All four operations, keys and pairs.
template <class Key, class Compare = ::cuda::std::less<>>
void check_all(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {},
               overload which = overload::general)
{
  for_each_op([&](auto o) {
    check_keys<decltype(o)::value>(a, b, comp, which);
    check_pairs<decltype(o)::value>(a, b, comp, which);
  });
}

using mgpu_test::random_unique_sorted;

// Totals around the tile sizes of every tuning (sm_90 and fallback, 4- and
// 8-byte keys), plus empty and tiny inputs.
inline std::vector<std::pair<std::size_t, std::size_t>> boundary_shapes()
{
  std::vector<std::pair<std::size_t, std::size_t>> shapes = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 3000}, {3000, 0}, {7, 3}};
  using namespace mgpu::detail::cuda;
  for (std::size_t tile : {set_operation_tuning_sm90<4>::shape::tile_size, set_operation_tuning_sm90<4, true>::shape::tile_size,
                           set_operation_tuning_sm90<4, true, true>::shape::tile_size,
                           set_operation_tuning_sm90<8>::shape::tile_size,
                           set_operation_tuning_fallback<4>::shape::tile_size,
                           set_operation_tuning_fallback<16>::shape::tile_size})
    for (std::size_t total : {tile - 1, tile, tile + 1, 3 * tile + 1})
    {
      shapes.emplace_back(total / 2, total - total / 2);
      shapes.emplace_back(total / 5, total - total / 5);
    }
  return shapes;
}

template <class T>
std::vector<T> concat_sorted(std::vector<T> x, const std::vector<T>& y)
{
  x.insert(x.end(), y.begin(), y.end());
  std::sort(x.begin(), x.end());
  return x;
}

struct times_two
{
  MGPU_HD int operator()(int x) const { return 2 * x; }
};

} // namespace set_cases

TEST_CASE("set operations: the key-rank example of the Modern GPU documentation")
{
  // A: 1 1 2 3 3 3 5 6 6 6 6 7 7 8 8 9, B: 1 2 2 3 3 3 3 6 6 6 6 8.
  const std::vector<int> a = {1, 1, 2, 3, 3, 3, 5, 6, 6, 6, 6, 7, 7, 8, 8, 9};
  const std::vector<int> b = {1, 2, 2, 3, 3, 3, 3, 6, 6, 6, 6, 8};
  const std::vector<int> intersection = {1, 2, 3, 3, 3, 6, 6, 6, 6, 8};
  const std::vector<int> union_ = {1, 1, 2, 2, 3, 3, 3, 3, 5, 6, 6, 6, 6, 7, 7, 8, 8, 9};
  const std::vector<int> difference = {1, 5, 7, 7, 8, 9};
  const std::vector<int> symmetric_difference = {1, 2, 3, 5, 7, 7, 8, 9};
  CHECK(set_cases::std_set_op<set_cases::op::intersection>(a, b, std::less<>{}) == intersection);
  CHECK(set_cases::std_set_op<set_cases::op::union_>(a, b, std::less<>{}) == union_);
  CHECK(set_cases::std_set_op<set_cases::op::difference>(a, b, std::less<>{}) == difference);
  CHECK(set_cases::std_set_op<set_cases::op::symmetric_difference>(a, b, std::less<>{}) == symmetric_difference);
  set_cases::check_all(a, b);
  set_cases::check_all(b, a);
}

#include "common/demo_outputs.h"
#include "demo_inputs.h"

TEST_CASE("set operations: the Modern GPU demonstrations' inputs give their printed outputs")
{
  auto from = [](const auto& array) { return std::vector<int>(std::begin(array), std::end(array)); };
  const auto a = from(mgpu_demo_data::multiset_keys_a), b = from(mgpu_demo_data::multiset_keys_b);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto out = poisoned<backend, int>(201);
  auto end = mgpu::set_intersection(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(end - out.begin() == 50);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), set_cases::padded(from(mgpu_demo_data::multiset_keys_intersection), 201));
  out = poisoned<backend, int>(201);
  end = mgpu::set_symmetric_difference(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  CHECK(end - out.begin() == 100);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), set_cases::padded(from(mgpu_demo_data::multiset_keys_symmetric_difference), 201));
  set_cases::check_all(a, b);

  // Pairs: A's values are its indices 0..99, B's are 100..199.
  const auto pa = from(mgpu_demo_data::multiset_pairs_a), pb = from(mgpu_demo_data::multiset_pairs_b);
  auto d_pa = to_backend<backend>(pa), d_pb = to_backend<backend>(pb);
  auto keys = poisoned<backend, int>(201), values = poisoned<backend, int>(201);
  auto ends = mgpu::set_intersection_by_key(backend::policy(), d_pa.begin(), d_pa.end(), d_pb.begin(), d_pb.end(),
                                            thrust::make_counting_iterator(0), keys.begin(), values.begin());
  CHECK(ends.first - keys.begin() == 47);
  CHECK(ends.second - values.begin() == 47);
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), set_cases::padded(from(mgpu_demo_data::multiset_pairs_intersection_keys), 201));
  MGPU_CHECK_EQUAL_RANGES(to_std(values), set_cases::padded(from(mgpu_demo_data::multiset_pairs_intersection_values), 201));

  keys = poisoned<backend, int>(201), values = poisoned<backend, int>(201);
  ends = mgpu::set_symmetric_difference_by_key(backend::policy(), d_pa.begin(), d_pa.end(), d_pb.begin(), d_pb.end(),
                                               thrust::make_counting_iterator(0), thrust::make_counting_iterator(100),
                                               keys.begin(), values.begin());
  CHECK(ends.first - keys.begin() == 106);
  MGPU_CHECK_EQUAL_RANGES(to_std(keys),
                          set_cases::padded(from(mgpu_demo_data::multiset_pairs_symmetric_difference_keys), 201));
  MGPU_CHECK_EQUAL_RANGES(to_std(values),
                          set_cases::padded(from(mgpu_demo_data::multiset_pairs_symmetric_difference_values), 201));
  set_cases::check_all(pa, pb);
}

TEST_CASE("set operations: sizes around tile boundaries, heavy duplicates and wide keys")
{
  std::uint64_t seed = 100;
  for (const auto& shape : set_cases::boundary_shapes())
  {
    const std::size_t na = shape.first, nb = shape.second;
    CAPTURE(na);
    CAPTURE(nb);
    set_cases::check_all(random_sorted<int>(na, 0, 9, seed), random_sorted<int>(nb, 0, 9, seed + 1));
    set_cases::check_all(random_sorted<int>(na, 0, 1 << 30, seed + 2), random_sorted<int>(nb, 0, 1 << 30, seed + 3));
    seed += 4;
  }
}

TEST_CASE("set operations: large random multisets, wide to narrow key ranges")
{
  const std::size_t n = backend::large_size;
  for (int hi : {1 << 30, 1000, 9, 1})
  {
    CAPTURE(hi);
    set_cases::check_all(random_sorted<int>(n, 0, hi, 11 + hi), random_sorted<int>(n + 12345, 0, hi, 12 + hi));
    set_cases::check_all(random_sorted<int>(n / 10, 0, hi, 13 + hi), random_sorted<int>(n, 0, hi, 14 + hi));
  }
}

TEST_CASE("set operations: duplicate-free inputs, general and unique_keys overloads agree with std")
{
  const std::size_t n = backend::large_size;
  for (const auto& shape : set_cases::boundary_shapes())
  {
    const std::size_t na = shape.first, nb = shape.second;
    CAPTURE(na);
    CAPTURE(nb);
    const auto a = set_cases::random_unique_sorted(na, na + 1), b = set_cases::random_unique_sorted(nb, nb + 2);
    set_cases::check_all(a, b, ::cuda::std::less<>{}, set_cases::overload::unique_keys);
  }
  for (int max_gap : {2, 5, 1000})
  {
    CAPTURE(max_gap);
    const auto a = set_cases::random_unique_sorted(n, 21, max_gap), b = set_cases::random_unique_sorted(n - 999, 22, max_gap);
    set_cases::check_all(a, b, ::cuda::std::less<>{}, set_cases::overload::general);
    set_cases::check_all(a, b, ::cuda::std::less<>{}, set_cases::overload::unique_keys);
  }
  // Identical duplicate-free ranges: every key is a match.
  const auto same = set_cases::random_unique_sorted(n / 3, 23);
  set_cases::check_all(same, same, ::cuda::std::less<>{}, set_cases::overload::unique_keys);
}

TEST_CASE("set operations: identical, disjoint, interleaved and empty ranges")
{
  const auto multi = random_sorted<int>(20000, 0, 500, 31);
  set_cases::check_all(multi, multi);
  const auto low = mgpu_test::iota_values<int>(9000, 0), high = mgpu_test::iota_values<int>(7000, 100000);
  for (auto which : {set_cases::overload::general, set_cases::overload::unique_keys})
  {
    set_cases::check_all(low, high, ::cuda::std::less<>{}, which);
    set_cases::check_all(high, low, ::cuda::std::less<>{}, which);
    // Evens against odds: disjoint but fully interleaved.
    std::vector<int> evens(8000), odds(8001);
    for (int i = 0; i < 8000; ++i)
      evens[i] = 2 * i;
    for (int i = 0; i < 8001; ++i)
      odds[i] = 2 * i + 1;
    set_cases::check_all(evens, odds, ::cuda::std::less<>{}, which);
    set_cases::check_all(low, {}, ::cuda::std::less<>{}, which);
    set_cases::check_all({}, high, ::cuda::std::less<>{}, which);
    set_cases::check_all(std::vector<int>{}, std::vector<int>{}, ::cuda::std::less<>{}, which);
  }
  set_cases::check_all(multi, {});
  set_cases::check_all({}, multi);
}

TEST_CASE("set operations: runs of one key longer than a tile, in one or both ranges")
{
  const auto a_rest = random_sorted<int>(3000, 0, 100, 41), b_rest = random_sorted<int>(2000, 0, 100, 42);
  const std::vector<int> long_run_a(9000, 50), long_run_b(12000, 50), few(3, 50);
  set_cases::check_all(set_cases::concat_sorted(a_rest, long_run_a), set_cases::concat_sorted(b_rest, long_run_b));
  set_cases::check_all(set_cases::concat_sorted(a_rest, long_run_a), set_cases::concat_sorted(b_rest, few));
  set_cases::check_all(set_cases::concat_sorted(a_rest, few), set_cases::concat_sorted(b_rest, long_run_b));
  set_cases::check_all(set_cases::concat_sorted(a_rest, long_run_a), b_rest);
  set_cases::check_all(std::vector<int>(10000, 7), std::vector<int>(10000, 7));
  set_cases::check_all(std::vector<int>(10001, 7), std::vector<int>(7003, 7));
  set_cases::check_all(std::vector<int>(5, 7), std::vector<int>(20000, 7));
  // Several long runs back to back, offset between the ranges.
  std::vector<int> runs_a, runs_b;
  for (int key = 0; key < 8; ++key)
  {
    runs_a.insert(runs_a.end(), 2500 + 700 * key, key);
    runs_b.insert(runs_b.end(), 6000 - 500 * key, key);
  }
  set_cases::check_all(runs_a, runs_b);
}

TEST_CASE("set operations: asymmetric sizes (1 : 1000)")
{
  for (int hi : {1 << 30, 1000, 9})
  {
    CAPTURE(hi);
    const auto small = random_sorted<int>(100, 0, hi, 51), large = random_sorted<int>(100000, 0, hi, 52);
    set_cases::check_all(small, large);
    set_cases::check_all(large, small);
  }
  const auto small = set_cases::random_unique_sorted(120, 53, 500), large = set_cases::random_unique_sorted(120000, 54);
  set_cases::check_all(small, large, ::cuda::std::less<>{}, set_cases::overload::unique_keys);
  set_cases::check_all(large, small, ::cuda::std::less<>{}, set_cases::overload::unique_keys);
}

TEST_CASE("set operations: inputs starting at any alignment in their storage")
{
  // Short ranges (no whole 16-byte block in a slice) and ranges of several
  // tiles, with heavy duplicates and with wide keys.
  const std::vector<std::pair<std::vector<int>, std::vector<int>>> inputs = {
    {random_sorted<int>(5, 0, 9, 91), random_sorted<int>(3, 0, 9, 92)},
    {random_sorted<int>(20000, 0, 50, 93), random_sorted<int>(17000, 0, 50, 94)},
    {random_sorted<int>(20000, 0, 1 << 30, 95), random_sorted<int>(23000, 0, 1 << 30, 96)}};
  for (const auto& input : inputs)
    for (std::size_t a_skip = 0; a_skip < 4; ++a_skip)
      for (std::size_t b_skip = 0; b_skip < 4; ++b_skip)
        set_cases::for_each_op([&](auto o) {
          set_cases::check_keys_displaced<decltype(o)::value>(input.first, input.second, a_skip, b_skip);
        });
  const auto a64 = random_sorted<std::int64_t>(30000, 0, 40, 97), b64 = random_sorted<std::int64_t>(25000, 0, 40, 98);
  for (std::size_t a_skip = 0; a_skip < 2; ++a_skip)
    for (std::size_t b_skip = 0; b_skip < 2; ++b_skip)
      set_cases::for_each_op(
        [&](auto o) { set_cases::check_keys_displaced<decltype(o)::value>(a64, b64, a_skip, b_skip); });
}

TEST_CASE("set operations: descending order with cuda::std::greater")
{
  ::cuda::std::greater<> greater;
  set_cases::check_all(random_sorted<int>(20000, 0, 9, 61, greater), random_sorted<int>(17000, 0, 9, 62, greater), greater);
  set_cases::check_all(random_sorted<int>(9000, 0, 1 << 30, 63, greater),
                       random_sorted<int>(12000, 0, 1 << 30, 64, greater), greater);
  auto a = set_cases::random_unique_sorted(15000, 65), b = set_cases::random_unique_sorted(14000, 66);
  std::reverse(a.begin(), a.end());
  std::reverse(b.begin(), b.end());
  set_cases::check_all(a, b, greater, set_cases::overload::unique_keys);
}

TEST_CASE("set operations: 8-byte keys and values")
{
  set_cases::check_all(random_sorted<std::int64_t>(30000, -(1ll << 40), 1ll << 40, 71),
                       random_sorted<std::int64_t>(25000, -(1ll << 40), 1ll << 40, 72));
  set_cases::check_all(random_sorted<std::int64_t>(30000, 0, 50, 73), random_sorted<std::int64_t>(25000, 0, 50, 74));
  set_cases::check_all(random_sorted<double>(20000, -1.0, 1.0, 75), random_sorted<double>(21000, -1.0, 1.0, 76));
  // Doubles with many exact repeats.
  auto few_doubles = [](std::size_t n, std::uint64_t seed) {
    auto ints = random_sorted<int>(n, 0, 40, seed);
    return std::vector<double>(ints.begin(), ints.end());
  };
  set_cases::check_all(few_doubles(15000, 77), few_doubles(16000, 78));
  set_cases::for_each_op([&](auto o) {
    set_cases::check_pairs<decltype(o)::value, std::int64_t, std::int64_t>(random_sorted<std::int64_t>(20000, 0, 100, 79),
                                                                          random_sorted<std::int64_t>(20001, 0, 100, 80));
    set_cases::check_pairs<decltype(o)::value, double, double>(random_sorted<double>(7000, 0.0, 1.0, 81),
                                                               random_sorted<double>(9000, 0.0, 1.0, 82));
  });
}

TEST_CASE("set operations by key: zip_iterator values travel as tuples")
{
  const mgpu_test::tagged_zip_inputs in(10000, 8000, 91);
  const auto &a = in.a, &b = in.b;
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto d_ai = to_backend<backend>(in.a_tags), d_bi = to_backend<backend>(in.b_tags);
  auto d_af = to_backend<backend>(in.a_weights), d_bf = to_backend<backend>(in.b_weights);
  set_cases::for_each_op([&](auto o) {
    constexpr auto Op = decltype(o)::value;
    const char* operation = set_cases::name_of(Op);
    CAPTURE(operation);
    const std::size_t n = a.size() + b.size();
    auto keys = poisoned<backend, int>(n), out_i = poisoned<backend, int>(n);
    auto out_f = poisoned<backend, float>(n);
    const auto ends = set_cases::run_set_pairs<Op>(
      backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
      thrust::make_zip_iterator(d_ai.begin(), d_af.begin()), thrust::make_zip_iterator(d_bi.begin(), d_bf.begin()),
      keys.begin(), thrust::make_zip_iterator(out_i.begin(), out_f.begin()), ::cuda::std::less<>{});
    const auto expected_keys = set_cases::std_set_op<Op>(a, b, std::less<>{});
    const std::size_t count  = expected_keys.size();
    CHECK(std::size_t(ends.first - keys.begin()) == count);
    CHECK(std::size_t(ends.second - thrust::make_zip_iterator(out_i.begin(), out_f.begin())) == count);
    MGPU_CHECK_EQUAL_RANGES(to_std(keys), set_cases::padded(expected_keys, n));

    // Compare the int halves with the pairs reference; the float half must
    // belong to the same source element.
    std::vector<std::pair<int, int>> pa, pb;
    for (std::size_t i = 0; i < a.size(); ++i)
      pa.emplace_back(a[i], in.a_tags[i]);
    for (std::size_t i = 0; i < b.size(); ++i)
      pb.emplace_back(b[i], in.b_tags[i]);
    const auto expected = set_cases::std_set_op<Op>(pa, pb, [](auto x, auto y) { return x.first < y.first; });
    std::vector<int> expected_i;
    std::vector<float> expected_f;
    for (auto [k, v] : expected)
    {
      expected_i.push_back(v);
      expected_f.push_back(in.weight_of(v));
    }
    MGPU_CHECK_EQUAL_RANGES(to_std(out_i), set_cases::padded(expected_i, n));
    MGPU_CHECK_EQUAL_RANGES(to_std(out_f), set_cases::padded(expected_f, n));
  });
}

TEST_CASE("set operations: fancy-iterator inputs and discard outputs")
{
  // A = 0, 2, 4, ... (transform over counting), B = 1000, 1001, ... (counting).
  const int na = 6000, nb = 5000;
  auto a_first = thrust::make_transform_iterator(thrust::make_counting_iterator(0), set_cases::times_two{});
  auto b_first = thrust::make_counting_iterator(1000);
  std::vector<int> a(na), b(nb);
  for (int i = 0; i < na; ++i)
    a[i] = 2 * i;
  for (int i = 0; i < nb; ++i)
    b[i] = 1000 + i;
  set_cases::for_each_op([&](auto o) {
    constexpr auto Op = decltype(o)::value;
    const char* operation = set_cases::name_of(Op);
    CAPTURE(operation);
    const auto expected = set_cases::std_set_op<Op>(a, b, std::less<>{});
    auto out = poisoned<backend, int>(na + nb);
    auto end = set_cases::run_set_keys<Op>(backend::policy(), a_first, a_first + na, b_first, b_first + nb, out.begin(),
                                       ::cuda::std::less<>{}, mgpu::unique_keys);
    CHECK(std::size_t(end - out.begin()) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), set_cases::padded(expected, na + nb));

    // Keys discarded, values kept (the values say where each output came from).
    std::vector<std::pair<int, int>> pa, pb;
    for (int i = 0; i < na; ++i)
      pa.emplace_back(a[i], i);
    for (int i = 0; i < nb; ++i)
      pb.emplace_back(b[i], na + i);
    std::vector<int> expected_values;
    for (auto [k, v] : set_cases::std_set_op<Op>(pa, pb, [](auto x, auto y) { return x.first < y.first; }))
      expected_values.push_back(v);
    auto values = poisoned<backend, int>(na + nb);
    auto ends   = set_cases::run_set_pairs<Op>(backend::policy(), a_first, a_first + na, b_first, b_first + nb,
                                         thrust::make_counting_iterator(0), thrust::make_counting_iterator(na),
                                         thrust::make_discard_iterator(), values.begin(), ::cuda::std::less<>{});
    CHECK(std::size_t(ends.second - values.begin()) == expected_values.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(values), set_cases::padded(expected_values, na + nb));
  });
}

TEST_CASE("set_difference_by_key: Thrust's parameter list with the unused second values")
{
  // Keys with duplicates, then unique keys for the forms that promise them.
  for (const bool unique : {false, true})
  {
    CAPTURE(unique);
    const auto a = unique ? mgpu_test::random_unique_sorted(9000, 113) : random_sorted<int>(9000, 0, 300, 111);
    const auto b = unique ? mgpu_test::random_unique_sorted(7000, 114) : random_sorted<int>(7000, 0, 300, 112);
    auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
    std::vector<int> expected_keys, expected_values;
    {
      std::vector<std::pair<int, int>> pa, pb, expected;
      for (std::size_t i = 0; i < a.size(); ++i)
        pa.emplace_back(a[i], int(i));
      for (std::size_t i = 0; i < b.size(); ++i)
        pb.emplace_back(b[i], -1);
      std::set_difference(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(expected),
                          [](auto x, auto y) { return x.first < y.first; });
      for (auto [k, v] : expected)
        expected_keys.push_back(k), expected_values.push_back(v);
    }
    const std::size_t capacity = a.size() + 1;
    const ::cuda::std::less<> less;
    const auto a_values = thrust::make_counting_iterator(0), b_values = thrust::make_counting_iterator(-1);
    // Forms: default order, comp, then (unique keys only) comp with
    // mgpu::unique_keys through the policy and without one.
    for (int form = 0; form < (unique ? 4 : 2); ++form)
    {
      CAPTURE(form);
      auto keys = poisoned<backend, int>(capacity), values = poisoned<backend, int>(capacity);
      auto ends = thrust::make_pair(keys.begin(), values.begin());
      switch (form)
      {
        case 0:
          ends = mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                             a_values, b_values, keys.begin(), values.begin());
          break;
        case 1:
          ends = mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                             a_values, b_values, keys.begin(), values.begin(), less);
          break;
        case 2:
          ends = mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                             a_values, b_values, keys.begin(), values.begin(), less, mgpu::unique_keys);
          break;
        default:
          ends = mgpu::set_difference_by_key(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_values, b_values,
                                             keys.begin(), values.begin(), less, mgpu::unique_keys);
      }
      CHECK(std::size_t(ends.first - keys.begin()) == expected_keys.size());
      CHECK(std::size_t(ends.second - values.begin()) == expected_keys.size());
      MGPU_CHECK_EQUAL_RANGES(to_std(keys), set_cases::padded(expected_keys, capacity));
      MGPU_CHECK_EQUAL_RANGES(to_std(values), set_cases::padded(expected_values, capacity));
    }
  }
}

TEST_CASE("set operations: the examples of the public header")
{
  auto a = to_backend<backend>(std::vector<int>{1, 2, 2, 2, 5});
  auto b = to_backend<backend>(std::vector<int>{2, 2, 5, 5});
  auto out = poisoned<backend, int>(9);
  auto fresh = [&] { // each call writes into newly poisoned storage
    out = poisoned<backend, int>(9);
    return out.begin();
  };
  auto result = [&](auto end) {
    auto host = to_std(out);
    host.resize(std::size_t(end - out.begin()));
    return host;
  };
  CHECK(result(mgpu::set_intersection(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), fresh())) ==
        std::vector<int>{2, 2, 5});
  CHECK(result(mgpu::set_union(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), fresh())) ==
        std::vector<int>{1, 2, 2, 2, 5, 5});
  CHECK(result(mgpu::set_difference(backend::policy(), a.begin(), a.end(), b.begin(), b.end(), fresh())) ==
        std::vector<int>{1, 2});
  CHECK(result(mgpu::set_symmetric_difference(backend::policy(), a.begin(), a.end(), b.begin(), b.end(),
                                              fresh())) == std::vector<int>{1, 2, 5});
}
