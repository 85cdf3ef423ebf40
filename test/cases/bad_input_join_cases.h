// Bad-input test bodies for the sorted searches and the relational joins,
// written once and run against `backend` (the including file defines it as
// the host or the CUDA backend): unsorted keys in every way their
// preconditions rule out. The output is then unspecified, but a call must
// touch only the ranges it was given: each output lies between two poisoned
// guard zones that must survive, no exception may surface, every needle gets
// an answer in [0, haystack size], a join writes exactly the rows its
// join_size promised for the same data (and no index outside its range), and
// the next valid call must still be right.
#pragma once

#include "common/bad_data.h"
#include "common/guarded_output.h"
#include "common/join_reference.h"
#include "common/test_support.h"

#include <mgpu/join.h>
#include <mgpu/sorted_search.h>

#include <thrust/binary_search.h>
#include <thrust/iterator/discard_iterator.h>

#include <cuda/std/functional>

#if MGPU_HAS_CUDA_BACKEND
#  include <cuda_runtime_api.h>
#endif

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace bad_input_join_cases {

inline constexpr bool on_device = !std::is_same_v<backend, mgpu_test::host_backend>;

// Joins whose size exceeds this many rows run into discarded outputs (their
// count is still checked against join_size): unsorted keys can promise many
// (a NaN is equivalent to every key). Beyond the second limit the rows take
// too long to write even into discarded outputs, and only join_size runs.
constexpr long long stored_row_limit    = 1ll << 22;
constexpr long long discarded_row_limit = on_device ? 1ll << 32 : 1ll << 26;

// (A, B) sizes: below one tile, a few tiles, and on the device many.
inline std::vector<std::pair<std::size_t, std::size_t>> sizes()
{
  std::vector<std::pair<std::size_t, std::size_t>> shapes = {{100, 100}, {60, 20000}, {20000, 60}, {20000, 20000},
                                                             {100000, 77777}};
  if (mgpu_test::many_waves_sizes(on_device))
    shapes.emplace_back(1600000, 1400000);
  return shapes;
}

// Guarded outputs and clean calls (common/guarded_output.h).
template <class T>
using guarded_output = mgpu_test::guarded_output<backend, T>;
using mgpu_test::check_guards;
using mgpu_test::guard_size;
using mgpu_test::runs_cleanly;

// How many values lie outside [lo, hi]; poison (a row an unsorted join left
// unwritten) counts only where every element must be written.
template <class T>
long long out_of_range(const std::vector<T>& values, long long lo, long long hi, bool all_written)
{
  long long count = 0;
  for (const T& value : values)
    if (value == mgpu_test::poison<T>() ? all_written
                                        : static_cast<long long>(value) < lo || static_cast<long long>(value) > hi)
      ++count;
  return count;
}

template <class Key>
struct two_ranges
{
  std::vector<Key> a, b;
  typename backend::template vector<Key> a_keys, b_keys;

  two_ranges(std::vector<Key> a_host, std::vector<Key> b_host)
      : a(std::move(a_host)), b(std::move(b_host)), a_keys(to_backend<backend>(a)), b_keys(to_backend<backend>(b))
  {}
};

using mgpu_test::ascending_ints;
using mgpu_test::descending_ints;
using mgpu_test::sorted_with_nans;
using mgpu_test::unsorted_ints;

// Sorted runs of up to `run` equal keys, the runs in random order: sorted
// within every tile-sized stretch, unsorted across them.
inline std::vector<int> shuffled_runs(std::size_t count, int run, std::uint64_t seed)
{
  std::vector<int> keys(count);
  for (std::size_t i = 0; i < count; ++i)
    keys[i] = int(i / std::size_t(run));
  std::mt19937_64 engine(seed);
  const std::size_t block = 3000;
  std::vector<std::size_t> blocks;
  for (std::size_t begin = 0; begin < count; begin += block)
    blocks.push_back(begin);
  std::shuffle(blocks.begin(), blocks.end(), engine);
  std::vector<int> shuffled;
  for (std::size_t begin : blocks)
    shuffled.insert(shuffled.end(), keys.begin() + std::ptrdiff_t(begin),
                    keys.begin() + std::ptrdiff_t(std::min(begin + block, count)));
  return shuffled;
}

// Calls check(kind, inputs, comp, valid) for each kind of ordering at sizes
// (a_count, b_count); `valid` says the preconditions hold, so results are
// checked too. All-equal keys use at most 2000 rows a side (their join has
// a_count x b_count rows).
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
  check("sorted runs in shuffled blocks",
        two_ranges<int>(shuffled_runs(a_count, 3, seed), shuffled_runs(b_count, 2, seed + 1)), less, false);
  check("all keys equal",
        two_ranges<int>(std::vector<int>(std::min<std::size_t>(a_count, 2000), 7),
                        std::vector<int>(std::min<std::size_t>(b_count, 2000), 7)),
        less, true);
  check("sorted with duplicates",
        two_ranges<int>(mgpu_test::random_sorted<int>(a_count, 0, int(a_count / 8) + 1, seed),
                        mgpu_test::random_sorted<int>(b_count, 0, int(b_count / 8) + 1, seed + 1)),
        less, true);
}

template <class Key, class Compare>
void check_searches(const std::string& ordering, const two_ranges<Key>& in, Compare comp, bool valid)
{
  for (const bool lower : {true, false})
  {
    const std::string name = std::string(lower ? "mgpu::sorted_lower_bound" : "mgpu::sorted_upper_bound") + " (" +
                             ordering + ")";
    guarded_output<long long> out(in.b.size());
    runs_cleanly(name, [&] {
      const auto end = lower ? mgpu::sorted_lower_bound(backend::policy(), in.a_keys.begin(), in.a_keys.end(),
                                                        in.b_keys.begin(), in.b_keys.end(), out.begin(), comp)
                             : mgpu::sorted_upper_bound(backend::policy(), in.a_keys.begin(), in.a_keys.end(),
                                                        in.b_keys.begin(), in.b_keys.end(), out.begin(), comp);
      CHECK(end == out.end());
    });
    check_guards(out, name);
    const auto answers = out.inside();
    CHECK_MESSAGE(out_of_range(answers, 0, static_cast<long long>(in.a.size()), true) == 0,
                  name << ": a needle has no answer, or one outside the haystack");
    if (valid)
    {
      std::vector<long long> expected(in.b.size());
      if (lower)
        thrust::lower_bound(thrust::host, in.a.begin(), in.a.end(), in.b.begin(), in.b.end(), expected.begin(), comp);
      else
        thrust::upper_bound(thrust::host, in.a.begin(), in.a.end(), in.b.begin(), in.b.end(), expected.begin(), comp);
      MGPU_CHECK_EQUAL_RANGES(answers, expected);
    }
  }
}

// On the host: the join by expansion (the CUDA backend's algorithm) replayed
// on the host policy, whose searches answer unsorted keys without flagging
// them: join_size and join must still agree and stay inside their outputs.
template <class Key, class Compare>
void check_joins_by_expansion(const std::string& ordering, const two_ranges<Key>& in, Compare comp)
{
  auto policy       = thrust::host;
  auto& host_policy = mgpu::detail::derived_policy(policy);
  const long long n = static_cast<long long>(in.a.size()), m = static_cast<long long>(in.b.size());
  for (const mgpu::join_kind kind : join_reference::all_kinds)
  {
    const std::string name =
      std::string("join by expansion ") + join_reference::name_of(kind) + " (" + ordering + ")";
    const bool keep_a = join_reference::keeps_a(kind), keep_b = join_reference::keeps_b(kind);
    long long size = -1;
    runs_cleanly(name + ": size", [&] {
      size = mgpu::detail::join_size_by_expansion(host_policy, in.a.begin(), in.a.end(), in.b.begin(), in.b.end(),
                                                  keep_a, keep_b, comp, "test");
    });
    CHECK_MESSAGE(size >= 0, name << ": size " << size);
    if (size < 0 || size > stored_row_limit)
      continue;
    guarded_output<long long> a_out{static_cast<std::size_t>(size)}, b_out{static_cast<std::size_t>(size)};
    runs_cleanly(name, [&] {
      const auto written = mgpu::detail::join_by_expansion(host_policy, in.a.begin(), in.a.end(), in.b.begin(),
                                                           in.b.end(), a_out.begin(), b_out.begin(), keep_a, keep_b,
                                                           comp, "test");
      CHECK_MESSAGE(written == size, name << ": wrote " << written << " rows of " << size);
    });
    check_guards(a_out, name + " A indices");
    check_guards(b_out, name + " B indices");
    CHECK_MESSAGE(out_of_range(a_out.inside(), -1, n - 1, false) == 0, name << ": an A index lies outside A");
    CHECK_MESSAGE(out_of_range(b_out.inside(), -1, m - 1, false) == 0, name << ": a B index lies outside B");
  }
  for (const bool keep_matched : {true, false})
  {
    guarded_output<long long> out(in.a.size());
    runs_cleanly("filter by expansion", [&] {
      const auto written = mgpu::detail::filter_by_match_by_expansion(
        host_policy, in.a.begin(), in.a.end(), in.b.begin(), in.b.end(), out.begin(), keep_matched, comp, "test");
      CHECK(written >= 0);
      CHECK(written <= n);
    });
    check_guards(out, "filter by expansion (" + ordering + ")");
  }
}

template <class Key, class Compare>
void check_joins(const std::string& ordering, const two_ranges<Key>& in, Compare comp, bool valid)
{
  const long long n = static_cast<long long>(in.a.size()), m = static_cast<long long>(in.b.size());
  for (const mgpu::join_kind kind : join_reference::all_kinds)
  {
    const std::string name = std::string("mgpu::join ") + join_reference::name_of(kind) + " (" + ordering + ")";
    long long size = -1;
    runs_cleanly(name + ": join_size", [&] {
      size = mgpu::join_size(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                             in.b_keys.end(), kind, comp);
    });
    CHECK_MESSAGE(size >= 0, name << ": join_size gave " << size);
    if (size < 0)
      continue;
    if (valid)
      CHECK(size == join_reference::count_rows(in.a, in.b, kind, comp));
    if (size > discarded_row_limit)
      continue;
    if (size > stored_row_limit)
    {
      // Too many rows to store: the count must still agree.
      runs_cleanly(name, [&] {
        const auto ends = mgpu::join(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                     in.b_keys.end(), thrust::make_discard_iterator(),
                                     thrust::make_discard_iterator(), kind, comp);
        CHECK(ends.first - thrust::make_discard_iterator() == size);
      });
      continue;
    }
    guarded_output<long long> a_out{static_cast<std::size_t>(size)}, b_out{static_cast<std::size_t>(size)};
    runs_cleanly(name, [&] {
      const auto ends = mgpu::join(backend::policy(), in.a_keys.begin(), in.a_keys.end(), in.b_keys.begin(),
                                   in.b_keys.end(), a_out.begin(), b_out.begin(), kind, comp);
      CHECK_MESSAGE(ends.first == a_out.end(), name << ": join wrote a different count than join_size");
      CHECK(ends.second == b_out.end());
    });
    check_guards(a_out, name + " A indices");
    check_guards(b_out, name + " B indices");
    const auto a_rows = a_out.inside(), b_rows = b_out.inside();
    CHECK_MESSAGE(out_of_range(a_rows, -1, n - 1, false) == 0, name << ": an A index lies outside A");
    CHECK_MESSAGE(out_of_range(b_rows, -1, m - 1, false) == 0, name << ": a B index lies outside B");
    if (valid)
    {
      const auto expected = join_reference::run_join(in.a, in.b, kind, comp);
      MGPU_CHECK_EQUAL_RANGES(a_rows, expected.a);
      MGPU_CHECK_EQUAL_RANGES(b_rows, expected.b);
    }
  }
  if constexpr (!on_device)
    check_joins_by_expansion(ordering, in, comp);
  for (const bool semi : {true, false})
  {
    const std::string name = std::string(semi ? "mgpu::semi_join" : "mgpu::anti_join") + " (" + ordering + ")";
    guarded_output<long long> out(in.a.size());
    runs_cleanly(name, [&] {
      const auto end = semi ? mgpu::semi_join(backend::policy(), in.a_keys.begin(), in.a_keys.end(),
                                              in.b_keys.begin(), in.b_keys.end(), out.begin(), comp)
                            : mgpu::anti_join(backend::policy(), in.a_keys.begin(), in.a_keys.end(),
                                              in.b_keys.begin(), in.b_keys.end(), out.begin(), comp);
      CHECK(end - out.begin() >= 0);
      CHECK(end - out.begin() <= std::ptrdiff_t(in.a.size()));
    });
    check_guards(out, name);
    CHECK_MESSAGE(out_of_range(out.inside(), 0, n - 1, false) == 0, name << ": an index lies outside A");
  }
}

// A valid join after the bad ones must still be right.
inline void valid_join_still_right()
{
  runs_cleanly("the next valid mgpu::join", [] {
    const auto a = mgpu_test::random_sorted<int>(3000, 0, 700, 11), b = mgpu_test::random_sorted<int>(2000, 0, 700, 12);
    auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
    const auto expected = join_reference::run_join(a, b, mgpu::join_kind::full_outer, ::cuda::std::less<>{});
    auto a_out = mgpu_test::poisoned<backend, long long>(expected.size());
    auto b_out = mgpu_test::poisoned<backend, long long>(expected.size());
    mgpu::join(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_out.begin(), b_out.begin(),
               mgpu::join_kind::full_outer);
    MGPU_CHECK_EQUAL_RANGES(to_std(a_out), expected.a);
    MGPU_CHECK_EQUAL_RANGES(to_std(b_out), expected.b);
  });
}

} // namespace bad_input_join_cases

TEST_CASE("bad input: sorted searches stay inside their ranges on unsorted keys")
{
  std::uint64_t seed = 9100;
  for (const auto& shape : bad_input_join_cases::sizes())
  {
    const std::size_t a_count = shape.first, b_count = shape.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    bad_input_join_cases::for_each_ordering(a_count, b_count, seed, [](const std::string& ordering, const auto& in,
                                                                       auto comp, bool valid) {
      bad_input_join_cases::check_searches(ordering, in, comp, valid);
    });
    seed += 2;
  }
}

TEST_CASE("bad input: joins write exactly their join_size rows, inside their outputs, on unsorted keys")
{
  std::uint64_t seed = 9200;
  for (const auto& shape : bad_input_join_cases::sizes())
  {
    const std::size_t a_count = shape.first, b_count = shape.second;
    CAPTURE(a_count);
    CAPTURE(b_count);
    bad_input_join_cases::for_each_ordering(a_count, b_count, seed, [](const std::string& ordering, const auto& in,
                                                                       auto comp, bool valid) {
      bad_input_join_cases::check_joins(ordering, in, comp, valid);
    });
    bad_input_join_cases::valid_join_still_right();
    seed += 2;
  }
}
