// Merge, merge_by_key and the eight set operations on keys ordered only by
// a member or a free operator<, and under comparators templated on one type,
// against std: as in Thrust, comparisons see values of the first range's type.
#pragma once

#include "common/merge_reference.h"
#include "common/set_op_kinds.h"
#include "common/test_support.h"

#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <cuda/std/functional>

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <utility>

namespace value_semantics_cases {

// Ordered only by a member operator<.
struct member_key
{
  int id;
  MGPU_HD bool operator<(const member_key& other) const { return id < other.id; }
};

// Ordered only by a free, non-template operator<.
struct free_key
{
  int id;
};
MGPU_HD inline bool operator<(const free_key& x, const free_key& y) { return x.id < y.id; }

static_assert(std::is_trivially_copyable_v<member_key> && std::is_trivially_copyable_v<free_key>);

// Comparators that deduce one type from both arguments: a device_reference
// or a mixed pair would not compile.
struct same_type_less
{
  template <class T>
  MGPU_HD bool operator()(const T& x, const T& y) const
  {
    return x < y;
  }
};
struct same_type_greater
{
  template <class T>
  MGPU_HD bool operator()(const T& x, const T& y) const
  {
    return y < x;
  }
};

// Stands for "no comparator argument": the mgpu call takes its default
// (::cuda::std::less<>), the host reference the key's own operator<.
struct default_order
{
  template <class T>
  bool operator()(const T& x, const T& y) const
  {
    return x < y;
  }
};

template <class Compare>
inline constexpr bool is_default_order_v = std::is_same_v<Compare, default_order>;

inline int id_of(int key) { return key; }
inline int id_of(short key) { return key; }
inline int id_of(const member_key& key) { return key.id; }
inline int id_of(const free_key& key) { return key.id; }

template <class Key>
Key make_key(int id)
{
  if constexpr (std::is_arithmetic_v<Key>)
    return static_cast<Key>(id);
  else
    return Key{id};
}

inline constexpr int poison_id = -0x5eadbeef;

template <class Key>
std::vector<int> ids_of(const std::vector<Key>& keys)
{
  std::vector<int> ids;
  for (const Key& key : keys)
    ids.push_back(id_of(key));
  return ids;
}

template <class Key>
typename backend::template vector<Key> poisoned_keys(std::size_t count)
{
  return typename backend::template vector<Key>(count, make_key<Key>(poison_id));
}

// `expected` followed by poison up to `capacity`.
inline std::vector<int> padded(std::vector<int> expected, std::size_t capacity)
{
  expected.resize(capacity, poison_id);
  return expected;
}

// Keys with ids in [0, hi] (duplicates where count > hi + 1), sorted by comp.
template <class Key, class Compare>
std::vector<Key> sorted_keys(std::size_t count, int hi, std::uint64_t seed, Compare comp)
{
  std::vector<Key> keys;
  for (int id : mgpu_test::random_values<int>(count, 0, hi, seed))
    keys.push_back(make_key<Key>(id));
  std::sort(keys.begin(), keys.end(), comp);
  return keys;
}

// Keys with strictly increasing ids (gaps of 1 to 3), sorted by comp: no
// two are equivalent.
template <class Key, class Compare>
std::vector<Key> unique_sorted_keys(std::size_t count, std::uint64_t seed, Compare comp)
{
  std::vector<Key> keys;
  int id = 0;
  for (int gap : mgpu_test::random_values<int>(count, 1, 3, seed))
    keys.push_back(make_key<Key>(id += gap));
  std::sort(keys.begin(), keys.end(), comp);
  return keys;
}

// The input, as the first range's key type: what the reference compares.
template <class Key, class Other>
std::vector<Key> as_keys(const std::vector<Other>& keys)
{
  std::vector<Key> converted;
  for (const Other& key : keys)
    converted.push_back(Key(key));
  return converted;
}

enum class overload
{
  general,
  unique_keys
};

// Calls `call(order...)` with an mgpu call's trailing arguments: the
// comparator (none for the default order), then mgpu::unique_keys if asked.
template <class Compare, class Call>
auto call_ordered(Compare comp, Call call)
{
  if constexpr (is_default_order_v<Compare>)
    return call();
  else
    return call(comp);
}

template <class Compare, class Call>
auto call_ordered(Compare comp, overload which, Call call)
{
  if (which == overload::general)
    return call_ordered(comp, call);
  if constexpr (is_default_order_v<Compare>)
    return call(::cuda::std::less<>{}, mgpu::unique_keys);
  else
    return call(comp, mgpu::unique_keys);
}

// ---------------------------------------------------------------------------
// Merge
// ---------------------------------------------------------------------------

template <class Key, class BKey, class Compare>
void check_merge(const std::vector<Key>& a, const std::vector<BKey>& b, Compare comp)
{
  auto d_a = mgpu_test::to_backend<backend>(a);
  auto d_b = mgpu_test::to_backend<backend>(b);
  auto merged = poisoned_keys<Key>(a.size() + b.size());
  const auto end = call_ordered(comp, [&](auto... order) {
    return mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), merged.begin(), order...);
  });
  CHECK(end == merged.end());

  const auto b_keys = as_keys<Key>(b);
  std::vector<Key> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b_keys.begin(), b_keys.end(), expected.begin(), comp);
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(merged)), ids_of(expected));
}

// Values name their source (A: 0.., B: |A|..), so stability is checked too.
template <class Key, class BKey, class Compare>
void check_merge_by_key(const std::vector<Key>& a, const std::vector<BKey>& b, Compare comp)
{
  const auto a_values = mgpu_test::iota_values<int>(a.size(), 0);
  const auto b_values = mgpu_test::iota_values<int>(b.size(), int(a.size()));
  auto d_a = mgpu_test::to_backend<backend>(a);
  auto d_b = mgpu_test::to_backend<backend>(b);
  auto d_av = mgpu_test::to_backend<backend>(a_values), d_bv = mgpu_test::to_backend<backend>(b_values);
  auto keys   = poisoned_keys<Key>(a.size() + b.size());
  auto values = mgpu_test::poisoned<backend, int>(a.size() + b.size());
  const auto ends = call_ordered(comp, [&](auto... order) {
    return mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                              d_bv.begin(), keys.begin(), values.begin(), order...);
  });
  CHECK(ends.first == keys.end());
  CHECK(ends.second == values.end());

  const auto [expected_keys, expected_values] =
    mgpu_test::reference_merge_pairs(a, a_values, as_keys<Key>(b), b_values, comp);
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(keys)), ids_of(expected_keys));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(values), expected_values);
}

// ---------------------------------------------------------------------------
// Set operations
// ---------------------------------------------------------------------------

using op = mgpu_test::set_op;
using mgpu_test::name_of;

using mgpu_test::run_set_keys;
using mgpu_test::run_set_pairs;
using mgpu_test::std_set_op;

// Outputs are one element longer than needed, so a stray write fails.
template <op Op, class Key, class BKey, class Compare>
void check_set_keys(const std::vector<Key>& a, const std::vector<BKey>& b, Compare comp, overload which)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique_overload = which == overload::unique_keys;
  CAPTURE(unique_overload);
  auto d_a = mgpu_test::to_backend<backend>(a);
  auto d_b = mgpu_test::to_backend<backend>(b);
  const std::size_t capacity = a.size() + b.size() + 1;
  auto out                   = poisoned_keys<Key>(capacity);
  const auto end             = call_ordered(comp, which, [&](auto... order) {
    return run_set_keys<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(),
                            order...);
  });
  const auto expected = ids_of(std_set_op<Op>(a, as_keys<Key>(b), comp));
  CHECK(std::size_t(end - out.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(out)), padded(expected, capacity));
}

// Values name their source (A: 0.., B: |A|..).
template <op Op, class Key, class BKey, class Compare>
void check_set_pairs(const std::vector<Key>& a, const std::vector<BKey>& b, Compare comp, overload which)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique_overload = which == overload::unique_keys;
  CAPTURE(unique_overload);
  const auto a_values = mgpu_test::iota_values<int>(a.size(), 0);
  const auto b_values = mgpu_test::iota_values<int>(b.size(), int(a.size()));
  auto d_a = mgpu_test::to_backend<backend>(a);
  auto d_b = mgpu_test::to_backend<backend>(b);
  auto d_av = mgpu_test::to_backend<backend>(a_values), d_bv = mgpu_test::to_backend<backend>(b_values);
  const std::size_t capacity = a.size() + b.size() + 1;
  auto keys                  = poisoned_keys<Key>(capacity);
  auto values                = mgpu_test::poisoned<backend, int>(capacity);
  const auto ends            = call_ordered(comp, which, [&](auto... order) {
    return run_set_pairs<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                             d_bv.begin(), keys.begin(), values.begin(), order...);
  });

  const auto b_keys = as_keys<Key>(b);
  std::vector<std::pair<Key, int>> pa, pb;
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], a_values[i]);
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b_keys[i], b_values[i]);
  const auto expected =
    std_set_op<Op>(pa, pb, [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
  std::vector<int> expected_ids, expected_values;
  for (const auto& [key, value] : expected)
    expected_ids.push_back(id_of(key)), expected_values.push_back(value);
  CHECK(std::size_t(ends.first - keys.begin()) == expected.size());
  CHECK(std::size_t(ends.second - values.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(keys)), padded(expected_ids, capacity));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(values), padded(expected_values, capacity));
}

template <class Key, class BKey, class Compare>
void check_set_operations(const std::vector<Key>& a, const std::vector<BKey>& b, Compare comp, overload which)
{
  auto both = [&](auto op_constant) {
    constexpr op Op = decltype(op_constant)::value;
    check_set_keys<Op>(a, b, comp, which);
    check_set_pairs<Op>(a, b, comp, which);
  };
  both(std::integral_constant<op, op::intersection>{});
  both(std::integral_constant<op, op::union_>{});
  both(std::integral_constant<op, op::difference>{});
  both(std::integral_constant<op, op::symmetric_difference>{});
}

// ---------------------------------------------------------------------------
// Every algorithm on a few shapes
// ---------------------------------------------------------------------------

// Empty, single-element, lopsided and several-tile ranges with many
// duplicates; B holds `BKey`s, compared as A's `Key`s.
template <class Key, class BKey = Key, class Compare>
void check_every_algorithm(Compare comp)
{
  const std::pair<std::size_t, std::size_t> shapes[] = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {1, 3000}, {3000, 2500},
                                                        {7000, 5003}};
  std::uint64_t seed = 17;
  for (const auto& shape : shapes)
  {
    const std::size_t na = shape.first, nb = shape.second;
    CAPTURE(na);
    CAPTURE(nb);
    const auto a = sorted_keys<Key>(na, 300, seed, comp);
    const auto b = sorted_keys<BKey>(nb, 300, seed + 1, comp);
    check_merge(a, b, comp);
    check_merge_by_key(a, b, comp);
    check_set_operations(a, b, comp, overload::general);

    const auto unique_a = unique_sorted_keys<Key>(na, seed + 2, comp);
    const auto unique_b = unique_sorted_keys<BKey>(nb, seed + 3, comp);
    check_set_operations(unique_a, unique_b, comp, overload::unique_keys);
    check_set_operations(unique_a, unique_b, comp, overload::general);
    seed += 4;
  }
}

} // namespace value_semantics_cases

TEST_CASE("value semantics: a key type ordered only by a member operator<")
{
  value_semantics_cases::check_every_algorithm<value_semantics_cases::member_key>(
    value_semantics_cases::default_order{});
}

TEST_CASE("value semantics: a key type ordered only by a free operator<")
{
  value_semantics_cases::check_every_algorithm<value_semantics_cases::free_key>(
    value_semantics_cases::default_order{});
}

TEST_CASE("value semantics: int keys under comparators templated on one type, ascending and descending")
{
  value_semantics_cases::check_every_algorithm<int>(value_semantics_cases::same_type_less{});
  value_semantics_cases::check_every_algorithm<int>(value_semantics_cases::same_type_greater{});
}

TEST_CASE("value semantics: the second range's keys are compared as the first range's value type")
{
  // short keys in B, int keys in A: the comparator deduces int from both.
  value_semantics_cases::check_every_algorithm<int, short>(value_semantics_cases::same_type_less{});
  value_semantics_cases::check_every_algorithm<int, short>(value_semantics_cases::same_type_greater{});
}

#ifdef MGPU_CHECK_PRECONDITIONS
#  include "common/checked_support.h"

#  include <string>

namespace value_semantics_cases {

// Runs `call`, expects std::invalid_argument whose message holds every
// fragment, and checks that the keys output still holds only poison.
template <class Call, class Output>
void expect_rejected(Call call, const Output& output, const std::vector<const char*>& fragments)
{
  checked::expect_invalid_argument(call, fragments);
  const auto ids = ids_of(mgpu_test::to_std(output));
  CHECK(std::all_of(ids.begin(), ids.end(), [](int id) { return id == poison_id; }));
}

// Unsorted and repeated keys are found by the same comparisons the
// algorithms make.
template <class Key, class BKey = Key, class Compare>
void check_rejections(Compare comp)
{
  const int a_ids[] = {1, 2, 3, 4, 5}, b_ids[] = {1, 5, 9, 7, 10, 11}, repeated_ids[] = {1, 2, 2, 3};
  std::vector<Key> a;
  std::vector<BKey> b, repeated;
  for (int id : a_ids)
    a.push_back(make_key<Key>(id));
  for (int id : b_ids)
    b.push_back(make_key<BKey>(id));
  for (int id : repeated_ids)
    repeated.push_back(make_key<BKey>(id));
  std::sort(a.begin(), a.end(), comp);
  std::sort(repeated.begin(), repeated.end(), comp);
  if (comp(make_key<BKey>(2), make_key<BKey>(1))) // descending: B's order reversed keeps it unsorted at 3
    std::reverse(b.begin(), b.end());
  auto d_a = mgpu_test::to_backend<backend>(a);
  auto d_b = mgpu_test::to_backend<backend>(b);
  auto d_repeated = mgpu_test::to_backend<backend>(repeated);
  auto out = poisoned_keys<Key>(16);
  expect_rejected(
    [&] {
      call_ordered(comp, [&](auto... order) {
        return mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), order...);
      });
    },
    out, {"mgpu::merge", "second input range must be sorted", "position: 3"});
  expect_rejected(
    [&] {
      call_ordered(comp, [&](auto... order) {
        return mgpu::set_union(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(),
                               order...);
      });
    },
    out, {"mgpu::set_union", "second input range must be sorted", "position: 3"});
  expect_rejected(
    [&] {
      call_ordered(comp, overload::unique_keys, [&](auto... order) {
        return mgpu::set_intersection(backend::policy(), d_a.begin(), d_a.end(), d_repeated.begin(),
                                      d_repeated.end(), out.begin(), order...);
      });
    },
    out, {"mgpu::set_intersection", "must not hold equivalent keys", "position: 2"});
}

} // namespace value_semantics_cases

TEST_CASE("value semantics: checked mode compares as the algorithms do")
{
  using namespace value_semantics_cases;
  check_rejections<member_key>(default_order{});
  check_rejections<free_key>(default_order{});
  check_rejections<int>(same_type_less{});
  check_rejections<int>(same_type_greater{});
  check_rejections<int, short>(same_type_less{});
}
#endif
