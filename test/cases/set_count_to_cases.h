// The count_to forms of the multiset operations, written once and run against
// `backend` (the including file defines it as the host or the CUDA backend).
// Each form must write to *it exactly the count the returning form returns,
// converted to *it's value type, and the same outputs; the references are
// std::set_* on (key, source index) pairs, outputs and counts start poisoned,
// and the count's neighbours must stay poisoned.
#pragma once

#include "common/set_op_kinds.h"
#include "common/test_support.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/set_operations.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

namespace count_to_cases {

using mgpu_test::poison;
using mgpu_test::poisoned;
using mgpu_test::random_sorted;
using mgpu_test::to_backend;
using mgpu_test::to_std;

using op = mgpu_test::set_op;
using mgpu_test::name_of;
template <op Op>
using op_constant = mgpu_test::set_op_constant<Op>;

template <class F>
void for_each_op(F&& f)
{
  mgpu_test::for_each_set_op(f);
}

// Stands for the policy of a call made without one.
struct no_policy
{};

// mgpu's keys operation `Op` on `args`, led by `policy` unless it is no_policy.
template <op Op, class Policy, class... Args>
decltype(auto) keys_op(Policy policy, Args... args)
{
  auto call = [&](auto... lead) -> decltype(auto) {
    if constexpr (Op == op::intersection)
      return mgpu::set_intersection(lead..., args...);
    else if constexpr (Op == op::union_)
      return mgpu::set_union(lead..., args...);
    else if constexpr (Op == op::difference)
      return mgpu::set_difference(lead..., args...);
    else
      return mgpu::set_symmetric_difference(lead..., args...);
  };
  if constexpr (std::is_same_v<Policy, no_policy>)
    return call();
  else
    return call(policy);
}

// mgpu's by-key operation `Op`, led by `policy` unless it is no_policy;
// intersection and difference take the first range's values only, as
// Thrust's do. `tail` follows the outputs.
template <op Op, class Policy, class K1, class K2, class V1, class V2, class KO, class VO, class... Tail>
decltype(auto) pairs_op(Policy policy, K1 keys_first1, K1 keys_last1, K2 keys_first2, K2 keys_last2, V1 values1,
                        V2 values2, KO keys_result, VO values_result, Tail... tail)
{
  auto call = [&](auto... lead) -> decltype(auto) {
    if constexpr (Op == op::intersection)
      return mgpu::set_intersection_by_key(lead..., keys_first1, keys_last1, keys_first2, keys_last2, values1,
                                           keys_result, values_result, tail...);
    else if constexpr (Op == op::union_)
      return mgpu::set_union_by_key(lead..., keys_first1, keys_last1, keys_first2, keys_last2, values1, values2,
                                    keys_result, values_result, tail...);
    else if constexpr (Op == op::difference)
      return mgpu::set_difference_by_key(lead..., keys_first1, keys_last1, keys_first2, keys_last2, values1,
                                         keys_result, values_result, tail...);
    else
      return mgpu::set_symmetric_difference_by_key(lead..., keys_first1, keys_last1, keys_first2, keys_last2,
                                                   values1, values2, keys_result, values_result, tail...);
  };
  if constexpr (std::is_same_v<Policy, no_policy>)
    return call();
  else
    return call(policy);
}

// The reference's keys and their sources (A's index, or |A| + B's index).
template <op Op>
std::pair<std::vector<int>, std::vector<int>> reference(const std::vector<int>& a, const std::vector<int>& b)
{
  std::vector<int> keys, sources;
  for (const auto& [key, source] : mgpu_test::set_reference_with_sources<Op>(a, b))
    keys.push_back(key), sources.push_back(source);
  return {keys, sources};
}

template <class T>
std::vector<T> padded(std::vector<T> values, std::size_t size)
{
  values.resize(size, poison<T>());
  return values;
}

// How a count_to call is written: with the policy or without, with an
// explicit comparator or the default one; `unique` adds mgpu::unique_keys
// (which needs the comparator).
enum class shape
{
  policy_comparator,
  policy_default,
  no_policy_comparator,
  no_policy_default
};

inline std::vector<shape> shapes_for(bool unique)
{
  if (unique)
    return {shape::policy_comparator, shape::no_policy_comparator};
  return {shape::policy_comparator, shape::policy_default, shape::no_policy_comparator, shape::no_policy_default};
}

// call(policy or no_policy{}, tail...) with the tail `how` and `Unique` ask
// for, ending in `count`.
template <bool Unique, class Call, class CountTo>
void call_in_shape(shape how, Call&& call, CountTo count)
{
  const auto policy = backend::policy();
  const ::cuda::std::less<> less;
  const bool with_policy     = how == shape::policy_comparator || how == shape::policy_default;
  const bool with_comparator = how == shape::policy_comparator || how == shape::no_policy_comparator;
  if constexpr (Unique)
  {
    REQUIRE(with_comparator);
    if (with_policy)
      call(policy, less, mgpu::unique_keys, count);
    else
      call(no_policy{}, less, mgpu::unique_keys, count);
  }
  else if (with_policy)
  {
    if (with_comparator)
      call(policy, less, count);
    else
      call(policy, count);
  }
  else if (with_comparator)
    call(no_policy{}, less, count);
  else
    call(no_policy{}, count);
}

// Where the count goes: a vector element reached through the vector's
// iterator, or through its data() pointer (device_ptr / raw pointer).
enum class count_place
{
  iterator,
  pointer
};

// Holds the count between two poisoned neighbours, which must survive.
template <class Count>
struct count_slot
{
  typename backend::template vector<Count> storage = poisoned<backend, Count>(3);

  auto element() { return storage.begin() + 1; }
  auto pointer() { return storage.data() + 1; }
  Count value() const { return to_std(storage)[1]; }

  void check_holds(std::size_t expected) const
  {
    const auto host = to_std(storage);
    CHECK(host[0] == poison<Count>());
    CHECK(host[1] == static_cast<Count>(expected));
    CHECK(host[2] == poison<Count>());
  }
};

// The keys operation's count_to form, written as `how` says, against the
// returning form and the reference.
template <op Op, bool Unique, class Count = long long, count_place Place = count_place::iterator>
void check_keys(const std::vector<int>& a, const std::vector<int>& b, shape how)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique = Unique;
  CAPTURE(unique);
  const int call_shape = int(how);
  CAPTURE(call_shape);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  const std::vector<int> expected = reference<Op>(a, b).first;
  const std::size_t capacity      = a.size() + b.size() + 1;
  const ::cuda::std::less<> less;

  auto returned = poisoned<backend, int>(capacity);
  auto end = returned.begin();
  if constexpr (Unique)
    end = keys_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), returned.begin(), less,
                      mgpu::unique_keys);
  else
    end = keys_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), returned.begin(), less);
  CHECK(std::size_t(end - returned.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(returned), padded(expected, capacity));

  auto out = poisoned<backend, int>(capacity);
  count_slot<Count> count;
  auto run = [&](auto policy, auto... tail) {
    keys_op<Op>(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), tail...);
  };
  if constexpr (Place == count_place::iterator)
    call_in_shape<Unique>(how, run, mgpu::count_to(count.element()));
  else
    call_in_shape<Unique>(how, run, mgpu::count_to(count.pointer()));
  count.check_holds(expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), to_std(returned));
}

// The by-key form likewise; values name their source, so a value that left
// its key is caught.
template <op Op, bool Unique, class Count = long long>
void check_pairs(const std::vector<int>& a, const std::vector<int>& b, shape how)
{
  const char* operation = name_of(Op);
  CAPTURE(operation);
  const bool unique = Unique;
  CAPTURE(unique);
  const int call_shape = int(how);
  CAPTURE(call_shape);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto d_av = to_backend<backend>(mgpu_test::iota_values<int>(a.size(), 0));
  auto d_bv = to_backend<backend>(mgpu_test::iota_values<int>(b.size(), int(a.size())));
  const auto [expected_keys, expected_values] = reference<Op>(a, b);
  const std::size_t capacity                  = a.size() + b.size() + 1;
  const ::cuda::std::less<> less;

  auto returned_keys = poisoned<backend, int>(capacity), returned_values = poisoned<backend, int>(capacity);
  auto returned = [&](auto... tail) {
    return pairs_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                        d_bv.begin(), returned_keys.begin(), returned_values.begin(), less, tail...);
  };
  std::ptrdiff_t returned_count = 0;
  if constexpr (Unique)
    returned_count = returned(mgpu::unique_keys).first - returned_keys.begin();
  else
    returned_count = returned().first - returned_keys.begin();
  CHECK(std::size_t(returned_count) == expected_keys.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(returned_keys), padded(expected_keys, capacity));
  MGPU_CHECK_EQUAL_RANGES(to_std(returned_values), padded(expected_values, capacity));

  auto keys = poisoned<backend, int>(capacity), values = poisoned<backend, int>(capacity);
  count_slot<Count> count;
  call_in_shape<Unique>(
    how,
    [&](auto policy, auto... tail) {
      pairs_op<Op>(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(), keys.begin(),
                   values.begin(), tail...);
    },
    mgpu::count_to(count.element()));
  count.check_holds(expected_keys.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), to_std(returned_keys));
  MGPU_CHECK_EQUAL_RANGES(to_std(values), to_std(returned_values));
}

// Every operation, keys and pairs, in one call shape.
template <bool Unique>
void check_all(const std::vector<int>& a, const std::vector<int>& b, shape how)
{
  for_each_op([&](auto o) {
    check_keys<decltype(o)::value, Unique>(a, b, how);
    check_pairs<decltype(o)::value, Unique>(a, b, how);
  });
}

using mgpu_test::random_unique_sorted;

// Totals around the tile sizes of the tunings that 4-byte keys run (sm_90
// and fallback; keys only, by key from one side and from both), plus empty
// sides and tiny inputs.
inline std::vector<std::pair<std::size_t, std::size_t>> boundary_shapes()
{
  std::vector<std::pair<std::size_t, std::size_t>> shapes = {{0, 0}, {0, 1}, {1, 0}, {1, 1},
                                                              {0, 3000}, {3000, 0}, {7, 3}};
  using namespace mgpu::detail::cuda;
  for (std::size_t tile : {set_operation_tuning_sm90<4>::shape::tile_size,
                           set_operation_tuning_sm90<4, true>::shape::tile_size,
                           set_operation_tuning_sm90<4, true, true>::shape::tile_size,
                           set_operation_tuning_fallback<4>::shape::tile_size})
    for (std::size_t total : {tile - 1, tile, tile + 1, 2 * tile + 1})
    {
      shapes.emplace_back(total / 2, total - total / 2);
      shapes.emplace_back(total / 5, total - total / 5);
    }
  return shapes;
}

} // namespace count_to_cases

TEST_CASE("set operations, count_to: every operation and call shape writes the returning form's count and outputs")
{
  using namespace count_to_cases;
  const auto a = random_sorted<int>(5000, 0, 400, 1), b = random_sorted<int>(4100, 0, 400, 2);
  for (shape how : shapes_for(false))
    check_all<false>(a, b, how);
  const auto ua = random_unique_sorted(4000, 3), ub = random_unique_sorted(4500, 4);
  for (shape how : shapes_for(true))
    check_all<true>(ua, ub, how);
  // The general overloads on duplicate-free data agree with unique_keys.
  check_all<false>(ua, ub, shape::policy_comparator);
}

TEST_CASE("set operations, count_to: the count converted to int, long long or unsigned, through an iterator or a "
          "pointer")
{
  using namespace count_to_cases;
  const auto a = random_sorted<int>(3000, 0, 100, 11), b = random_sorted<int>(3500, 0, 100, 12);
  check_keys<op::union_, false, int>(a, b, shape::policy_comparator);
  check_keys<op::union_, false, unsigned>(a, b, shape::policy_comparator);
  check_keys<op::union_, false, long long, count_place::pointer>(a, b, shape::policy_comparator);
  check_keys<op::union_, false, long long, count_place::pointer>(a, b, shape::no_policy_default);
  check_pairs<op::symmetric_difference, false, int>(a, b, shape::policy_default);
  check_pairs<op::symmetric_difference, false, unsigned>(a, b, shape::no_policy_comparator);
  // An empty result's count is written too.
  check_keys<op::intersection, false, int>(a, {}, shape::policy_comparator);
  check_keys<op::intersection, false, unsigned>({}, b, shape::policy_comparator);
}

TEST_CASE("set operations, count_to: sizes around tile boundaries and empty sides")
{
  using namespace count_to_cases;
  std::uint64_t seed = 200;
  for (const auto& sizes : boundary_shapes())
  {
    const std::size_t na = sizes.first, nb = sizes.second;
    CAPTURE(na);
    CAPTURE(nb);
    const shape how = shape::policy_comparator;
    check_all<false>(random_sorted<int>(na, 0, 9, seed), random_sorted<int>(nb, 0, 9, seed + 1), how);
    check_all<false>(random_sorted<int>(na, 0, 1 << 30, seed + 2), random_sorted<int>(nb, 0, 1 << 30, seed + 3), how);
    check_all<true>(random_unique_sorted(na, seed + 4), random_unique_sorted(nb, seed + 5), how);
    seed += 6;
  }
}

TEST_CASE("set operations, count_to: large inputs (on an H100 or H200, enough tiles for a partition pass)")
{
  using namespace count_to_cases;
  const std::size_t n = 3 * backend::large_size / 2;
  for (int hi : {1 << 30, 1000})
  {
    CAPTURE(hi);
    check_all<false>(random_sorted<int>(n, 0, hi, 21 + hi), random_sorted<int>(n + 777, 0, hi, 22 + hi),
                     shape::policy_comparator);
  }
  check_all<true>(random_unique_sorted(n, 23), random_unique_sorted(n - 99, 24), shape::policy_comparator);
}

TEST_CASE("set operations, count_to: set_difference_by_key with Thrust's parameter list")
{
  using namespace count_to_cases;
  // Keys with duplicates, then unique keys for the forms that promise them.
  for (const bool unique : {false, true})
  {
    CAPTURE(unique);
    const auto a = unique ? random_unique_sorted(9000, 33) : random_sorted<int>(9000, 0, 300, 31);
    const auto b = unique ? random_unique_sorted(7000, 34) : random_sorted<int>(7000, 0, 300, 32);
    const auto [expected_keys, expected_values] = reference<op::difference>(a, b);
    auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
    auto d_av = to_backend<backend>(mgpu_test::iota_values<int>(a.size(), 0));
    auto d_bv = to_backend<backend>(std::vector<int>(b.size(), -1)); // never read
    const std::size_t capacity = a.size() + 1;
    // Forms 0-3: through the policy or not, default order or comp; 4-5
    // (unique keys only): comp with mgpu::unique_keys, through the policy or not.
    for (int form = 0; form < (unique ? 6 : 4); ++form)
    {
      CAPTURE(form);
      auto keys = poisoned<backend, int>(capacity), values = poisoned<backend, int>(capacity);
      count_slot<long long> count;
      const auto count_to = mgpu::count_to(count.element());
      const ::cuda::std::less<> less;
      switch (form)
      {
        case 0:
          mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                                      d_bv.begin(), keys.begin(), values.begin(), count_to);
          break;
        case 1:
          mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                                      d_bv.begin(), keys.begin(), values.begin(), less, count_to);
          break;
        case 2:
          mgpu::set_difference_by_key(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                                      keys.begin(), values.begin(), count_to);
          break;
        case 3:
          mgpu::set_difference_by_key(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                                      keys.begin(), values.begin(), less, count_to);
          break;
        case 4:
          mgpu::set_difference_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                                      d_bv.begin(), keys.begin(), values.begin(), less, mgpu::unique_keys, count_to);
          break;
        default:
          mgpu::set_difference_by_key(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                                      keys.begin(), values.begin(), less, mgpu::unique_keys, count_to);
      }
      count.check_holds(expected_keys.size());
      MGPU_CHECK_EQUAL_RANGES(to_std(keys), padded(expected_keys, capacity));
      MGPU_CHECK_EQUAL_RANGES(to_std(values), padded(expected_values, capacity));
    }
  }
}

#ifndef MGPU_CHECK_PRECONDITIONS
TEST_CASE("set operations, count_to: on unsorted input the count stays within the largest valid result")
{
  using namespace count_to_cases;
  // Unsorted keys with runs, and data sorted one way but compared the other.
  const std::size_t na = 70000, nb = 50000, guard = 4096;
  const std::vector<std::pair<std::vector<int>, std::vector<int>>> inputs = {
    {mgpu_test::random_values<int>(na, 0, 50, 41), mgpu_test::random_values<int>(nb, 0, 50, 42)},
    {random_sorted<int>(na, 0, 1 << 30, 43, std::greater<>{}), random_sorted<int>(nb, 0, 1 << 30, 44)}};
  for (const auto& input : inputs)
    for_each_op([&](auto o) {
      constexpr op Op       = decltype(o)::value;
      const auto& a         = input.first;
      const auto& b         = input.second;
      const char* operation = name_of(Op);
      CAPTURE(operation);
      const std::size_t largest = Op == op::intersection ? std::min(na, nb) : Op == op::difference ? na : na + nb;
      auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
      auto d_av = to_backend<backend>(mgpu_test::iota_values<int>(na, 0));
      auto d_bv = to_backend<backend>(mgpu_test::iota_values<int>(nb, int(na)));
      for (bool unique : {false, true})
      {
        CAPTURE(unique);
        // Only the first `largest` outputs are the algorithm's; the guard behind them must stay poisoned.
        auto keys = poisoned<backend, int>(largest + guard), values = poisoned<backend, int>(largest + guard);
        count_slot<long long> count, pairs_count;
        const ::cuda::std::less<> less;
        if (unique)
          keys_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), keys.begin(), less,
                      mgpu::unique_keys, mgpu::count_to(count.element()));
        else
          keys_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), keys.begin(), less,
                      mgpu::count_to(count.element()));
        auto written = count.value();
        CHECK(written >= 0);
        CHECK(std::size_t(written) <= largest);
        auto host_keys = to_std(keys);
        CHECK(std::all_of(host_keys.begin() + largest, host_keys.end(), [](int x) { return x == poison<int>(); }));

        keys = poisoned<backend, int>(largest + guard);
        if (unique)
          pairs_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                       keys.begin(), values.begin(), less, mgpu::unique_keys, mgpu::count_to(pairs_count.element()));
        else
          pairs_op<Op>(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(), d_bv.begin(),
                       keys.begin(), values.begin(), less, mgpu::count_to(pairs_count.element()));
        written = pairs_count.value();
        CHECK(written >= 0);
        CHECK(std::size_t(written) <= largest);
        host_keys              = to_std(keys);
        const auto host_values = to_std(values);
        CHECK(std::all_of(host_keys.begin() + largest, host_keys.end(), [](int x) { return x == poison<int>(); }));
        CHECK(std::all_of(host_values.begin() + largest, host_values.end(), [](int x) { return x == poison<int>(); }));
      }
    });
}
#endif
