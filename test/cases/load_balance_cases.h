// Load-balancing search, transform_lbs and interval expand/gather/scatter/
// move test bodies, written once and run against `backend` (the including
// file defines it as the host or the CUDA backend). References are plain
// loops over the segments; outputs start poisoned.
#pragma once

#include "common/test_support.h"

#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>
#include <mgpu/search.h>

#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

using mgpu_test::poisoned;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace lbs_cases {

using count_list = std::vector<std::int64_t>;

// Tile sizes (items + segments) of the load-balanced tunings, sm_90 (256
// threads; 23, 15, 11 or 9 items each as the staged segment data grows) and
// fallback (128 threads): boundary tests straddle each of them.
inline const int tile_sizes[] = {128 * 7, 128 * 11, 256 * 9, 256 * 11, 256 * 15, 256 * 23};

template <class Offset>
std::vector<Offset> offsets_of(const count_list& counts)
{
  std::vector<Offset> offsets(counts.size());
  std::int64_t sum = 0;
  for (std::size_t s = 0; s < counts.size(); ++s)
  {
    offsets[s] = static_cast<Offset>(sum);
    sum += counts[s];
  }
  return offsets;
}

inline std::int64_t total_of(const count_list& counts)
{
  return std::accumulate(counts.begin(), counts.end(), std::int64_t(0));
}

// Each work item's segment and rank, by expanding the counts in order.
struct item_reference
{
  std::vector<int> segment, rank;
};

inline item_reference reference_of(const count_list& counts)
{
  item_reference ref;
  for (std::size_t s = 0; s < counts.size(); ++s)
    for (std::int64_t r = 0; r < counts[s]; ++r)
    {
      ref.segment.push_back(int(s));
      ref.rank.push_back(int(r));
    }
  return ref;
}

using mgpu_test::random_split;

// Power-law counts: P(count >= k) ~ k^-1.5, capped.
inline count_list power_law_counts(std::size_t segments, std::int64_t cap, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> unit(1e-9, 1.0);
  count_list counts(segments);
  for (auto& c : counts)
    c = std::min<std::int64_t>(cap, std::int64_t(std::pow(unit(engine), -1.0 / 1.5)) - 1);
  return counts;
}

// Records what transform_lbs passes for each item, and how often it is called.
struct record_segment_and_rank
{
  int* segments;
  int* ranks;
  int* calls;
  template <class Index>
  MGPU_HD void operator()(Index item, Index segment, Index rank) const
  {
    segments[item] = int(segment);
    ranks[item]    = int(rank);
    calls[item] += 1;
  }
};

template <class Vector>
auto raw(Vector& v)
{
  return thrust::raw_pointer_cast(v.data());
}

template <class Offset = int>
void check_search_and_transform(const count_list& counts)
{
  const auto ref   = reference_of(counts);
  const auto total = total_of(counts);
  auto offsets     = to_backend<backend>(offsets_of<Offset>(counts));

  auto segments = poisoned<backend, int>(std::size_t(total));
  mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), segments.begin(), segments.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), ref.segment);

  auto seen_segments = poisoned<backend, int>(std::size_t(total));
  auto seen_ranks    = poisoned<backend, int>(std::size_t(total));
  typename backend::template vector<int> calls(std::size_t(total), 0);
  mgpu::transform_lbs(backend::policy(), offsets.begin(), offsets.end(), total,
                      record_segment_and_rank{raw(seen_segments), raw(seen_ranks), raw(calls)});
  MGPU_CHECK_EQUAL_RANGES(to_std(seen_segments), ref.segment);
  MGPU_CHECK_EQUAL_RANGES(to_std(seen_ranks), ref.rank);
  MGPU_CHECK_EQUAL_RANGES(to_std(calls), std::vector<int>(std::size_t(total), 1));
}

// Interval inputs: one value per segment, an input array with a margin, each
// interval gathered from a random place in it, and destination intervals laid
// end to end in a random order (so they never overlap and cover the result).
struct interval_data
{
  std::vector<int> values, input;
  std::vector<std::int64_t> gather, scatter;

  interval_data(const count_list& counts, std::uint64_t seed)
  {
    const std::size_t m   = counts.size();
    const std::int64_t total = total_of(counts);
    values = mgpu_test::random_values<int>(m, -1000000, 1000000, seed);
    input  = mgpu_test::random_values<int>(std::size_t(total + 100), -1000000, 1000000, seed + 1);
    std::mt19937_64 engine(seed + 2);
    gather.resize(m);
    for (std::size_t s = 0; s < m; ++s)
      gather[s] = std::uniform_int_distribution<std::int64_t>(0, std::int64_t(input.size()) - counts[s])(engine);
    std::vector<std::size_t> order(m);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::shuffle(order.begin(), order.end(), engine);
    scatter.resize(m);
    std::int64_t position = 0;
    for (std::size_t s : order)
    {
      scatter[s] = position;
      position += counts[s];
    }
  }
};

template <class Offset = int, class Start = int>
void check_intervals(const count_list& counts, std::uint64_t seed)
{
  const auto ref   = reference_of(counts);
  const auto total = total_of(counts);
  const std::size_t n = std::size_t(total);
  const interval_data data(counts, seed);
  const std::vector<Start> gather(data.gather.begin(), data.gather.end());
  const std::vector<Start> scatter(data.scatter.begin(), data.scatter.end());
  auto offsets   = to_backend<backend>(offsets_of<Offset>(counts));
  auto values    = to_backend<backend>(data.values);
  auto input     = to_backend<backend>(data.input);
  auto d_gather  = to_backend<backend>(gather);
  auto d_scatter = to_backend<backend>(scatter);

  std::vector<int> expanded(n), gathered(n), scattered(n), moved(n);
  for (std::size_t i = 0; i < n; ++i)
  {
    const int s = ref.segment[i], r = ref.rank[i];
    expanded[i]                        = data.values[s];
    gathered[i]                        = data.input[std::size_t(gather[s] + r)];
    scattered[std::size_t(scatter[s] + r)] = data.input[i];
    moved[std::size_t(scatter[s] + r)]     = data.input[std::size_t(gather[s] + r)];
  }

  auto result = poisoned<backend, int>(n);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), values.begin(), result.begin(),
                        result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expanded);

  result = poisoned<backend, int>(n);
  mgpu::interval_gather(backend::policy(), offsets.begin(), offsets.end(), d_gather.begin(), input.begin(),
                        result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), gathered);

  result = poisoned<backend, int>(n);
  mgpu::interval_scatter(backend::policy(), offsets.begin(), offsets.end(), d_scatter.begin(), input.begin(),
                         input.begin() + total, result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), scattered);

  result = poisoned<backend, int>(n);
  mgpu::interval_move(backend::policy(), offsets.begin(), offsets.end(), total, d_gather.begin(), d_scatter.begin(),
                      input.begin(), result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), moved);
}

template <class Offset = int>
void check_all(const count_list& counts, std::uint64_t seed)
{
  CAPTURE(counts.size());
  CAPTURE(total_of(counts));
  check_search_and_transform<Offset>(counts);
  check_intervals<Offset>(counts, seed);
}

// load_balance_search and interval_expand into buffer[shift, shift + n) of
// a poisoned buffer with 8 spare elements: the CUDA tile writes contiguous
// results in 16-byte vectors, with single stores up to the first 16-byte
// boundary and after the last, so every shift mod 16 bytes and both vector
// widths (4- and 8-byte results) are covered, through iterators and raw
// pointers, and nothing outside the range may change.
template <class Out>
void check_shifted_results(const count_list& counts, std::uint64_t seed)
{
  const auto ref      = reference_of(counts);
  const std::size_t n = ref.segment.size();
  const auto values   = mgpu_test::random_values<int>(counts.size(), -1000000, 1000000, seed);
  auto offsets        = to_backend<backend>(offsets_of<int>(counts));
  auto d_values       = to_backend<backend>(values);
  for (std::size_t shift = 0; shift < 4; ++shift)
  {
    CAPTURE(shift);
    std::vector<Out> expected_segments(n + 8, mgpu_test::poison<Out>()), expected_values = expected_segments;
    for (std::size_t i = 0; i < n; ++i)
    {
      expected_segments[shift + i] = static_cast<Out>(ref.segment[i]);
      expected_values[shift + i]   = static_cast<Out>(values[std::size_t(ref.segment[i])]);
    }
    auto buffer = poisoned<backend, Out>(n + 8);
    mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), buffer.begin() + shift,
                              buffer.begin() + (shift + n));
    MGPU_CHECK_EQUAL_RANGES(to_std(buffer), expected_segments);
    buffer = poisoned<backend, Out>(n + 8);
    mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), raw(buffer) + shift,
                              raw(buffer) + (shift + n));
    MGPU_CHECK_EQUAL_RANGES(to_std(buffer), expected_segments);
    buffer = poisoned<backend, Out>(n + 8);
    mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), d_values.begin(), buffer.begin() + shift,
                          buffer.begin() + (shift + n));
    MGPU_CHECK_EQUAL_RANGES(to_std(buffer), expected_values);
    buffer = poisoned<backend, Out>(n + 8);
    mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), d_values.begin(), raw(buffer) + shift,
                          raw(buffer) + (shift + n));
    MGPU_CHECK_EQUAL_RANGES(to_std(buffer), expected_values);
  }
}

// interval_expand of values of type Value. The CUDA tile keeps values of up
// to 4 bytes where the segment starts were once its search is done with
// them (packed at their own size), and larger ones in an array of their own.
template <class Value>
void check_expand_values(const count_list& counts, std::uint64_t seed)
{
  const auto ref    = reference_of(counts);
  const auto values = mgpu_test::random_values<Value>(counts.size(), Value(1), Value(80), seed);
  std::vector<Value> expected(ref.segment.size());
  for (std::size_t i = 0; i < expected.size(); ++i)
    expected[i] = values[std::size_t(ref.segment[i])];
  auto offsets  = to_backend<backend>(offsets_of<int>(counts));
  auto d_values = to_backend<backend>(values);
  auto result   = poisoned<backend, Value>(expected.size());
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), d_values.begin(), result.begin(),
                        result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);
}

struct times_three
{
  MGPU_HD int operator()(int x) const { return 3 * x; }
};

} // namespace lbs_cases

#include "common/demo_outputs.h"
#include "demo_inputs.h"

TEST_CASE("load_balance_search: the Modern GPU demonstration's 50 objects give its printed references")
{
  const lbs_cases::count_list counts(std::begin(mgpu_demo_data::lbs_counts), std::end(mgpu_demo_data::lbs_counts));
  const auto total = lbs_cases::total_of(counts);
  REQUIRE(total == 125);
  auto offsets    = to_backend<backend>(lbs_cases::offsets_of<int>(counts));
  auto references = poisoned<backend, int>(125);
  mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), references.begin(), references.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(references),
                          std::vector<int>(std::begin(mgpu_demo_data::lbs_references), std::end(mgpu_demo_data::lbs_references)));
  lbs_cases::check_all(counts, 1);
}

TEST_CASE("load_balance_search: the documentation's worked examples (counts 2 5 3 0 1; 40 objects, 79 items)")
{
  {
    auto offsets  = to_backend<backend>(std::vector<int>{0, 2, 7, 10, 10});
    auto segments = poisoned<backend, int>(11);
    mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), segments.begin(), segments.end());
    MGPU_CHECK_EQUAL_RANGES(to_std(segments), (std::vector<int>{0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4}));
  }
  const lbs_cases::count_list counts = {1, 2, 4, 0, 4, 4, 3, 3, 2, 4, 0, 0, 1, 2, 1, 1, 0, 2, 2, 1,
                                        1, 4, 2, 3, 2, 2, 1, 1, 3, 0, 2, 1, 1, 3, 4, 2, 2, 4, 0, 4};
  const std::vector<int> expected_segments = {
    0,  1,  1,  2,  2,  2,  2,  4,  4,  4,  4,  5,  5,  5,  5,  6,  6,  6,  7,  7,  7,  8,  8,  9,  9,  9,  9,
    12, 13, 13, 14, 15, 17, 17, 18, 18, 19, 20, 21, 21, 21, 21, 22, 22, 23, 23, 23, 24, 24, 25, 25, 26, 27, 28,
    28, 28, 30, 30, 31, 32, 33, 33, 33, 34, 34, 34, 34, 35, 35, 36, 36, 37, 37, 37, 37, 39, 39, 39, 39};
  const std::vector<int> expected_ranks = {0, 0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 0, 1,
                                           2, 0, 1, 0, 1, 2, 3, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1,
                                           2, 3, 0, 1, 0, 1, 2, 0, 1, 0, 1, 0, 0, 0, 1, 2, 0, 1, 0, 0,
                                           0, 1, 2, 0, 1, 2, 3, 0, 1, 0, 1, 0, 1, 2, 3, 0, 1, 2, 3};
  auto offsets  = to_backend<backend>(lbs_cases::offsets_of<int>(counts));
  auto segments = poisoned<backend, int>(79), ranks = poisoned<backend, int>(79);
  typename backend::template vector<int> calls(79, 0);
  mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), segments.begin(), segments.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected_segments);
  segments = poisoned<backend, int>(79);
  mgpu::transform_lbs(backend::policy(), offsets.begin(), offsets.end(), 79,
                      lbs_cases::record_segment_and_rank{lbs_cases::raw(segments), lbs_cases::raw(ranks),
                                                         lbs_cases::raw(calls)});
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected_segments);
  MGPU_CHECK_EQUAL_RANGES(to_std(ranks), expected_ranks);

  // Cut into four tiles at the cross diagonals 30, 60 and 89, the upper-bound
  // Merge Path gives the documentation's tiles: items (0,21) (21,38) (38,58)
  // (58,79), offsets (0,9) (9,22) (22,31) (31,40).
  const auto host_offsets = lbs_cases::offsets_of<int>(counts);
  const int diagonals[] = {0, 30, 60, 89, 119};
  const int item_splits[] = {0, 21, 38, 58, 79};
  for (int p = 0; p < 5; ++p)
    CHECK(mgpu::merge_path<mgpu::bounds::upper>(thrust::counting_iterator<int>(0), 79, host_offsets.data(), 40,
                                                diagonals[p], ::cuda::std::less<>{}) == item_splits[p]);
}

TEST_CASE("interval_expand: the Fibonacci demonstration and the documentation's example")
{
  const lbs_cases::count_list counts(std::begin(mgpu_demo_data::expand_counts), std::end(mgpu_demo_data::expand_counts));
  auto offsets = to_backend<backend>(lbs_cases::offsets_of<int>(counts));
  auto values  = to_backend<backend>(std::vector<int>(std::begin(mgpu_demo_data::expand_values), std::end(mgpu_demo_data::expand_values)));
  auto expanded = poisoned<backend, int>(100);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), values.begin(), expanded.begin(),
                        expanded.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(expanded), std::vector<int>(std::begin(mgpu_demo_data::expanded), std::end(mgpu_demo_data::expanded)));

  // values 0..8, counts 1 2 1 0 4 2 3 0 2
  auto small_offsets = to_backend<backend>(std::vector<int>{0, 1, 3, 4, 4, 8, 10, 13, 13});
  auto small         = poisoned<backend, int>(15);
  mgpu::interval_expand(backend::policy(), small_offsets.begin(), small_offsets.end(),
                        thrust::make_counting_iterator(0), small.begin(), small.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(small), (std::vector<int>{0, 1, 1, 2, 4, 4, 4, 4, 5, 5, 6, 6, 6, 8, 8}));
}

TEST_CASE("interval_move: the 20-interval demonstration, and its gather and scatter halves")
{
  const lbs_cases::count_list counts(std::begin(mgpu_demo_data::move_counts), std::end(mgpu_demo_data::move_counts));
  const std::vector<int> gather(std::begin(mgpu_demo_data::move_gather), std::end(mgpu_demo_data::move_gather));
  const std::vector<int> scatter(std::begin(mgpu_demo_data::move_scatter), std::end(mgpu_demo_data::move_scatter));
  const auto host_offsets = lbs_cases::offsets_of<int>(counts);
  auto offsets   = to_backend<backend>(host_offsets);
  auto d_gather  = to_backend<backend>(gather);
  auto d_scatter = to_backend<backend>(scatter);
  auto moved     = poisoned<backend, int>(100);
  mgpu::interval_move(backend::policy(), offsets.begin(), offsets.end(), 100, d_gather.begin(), d_scatter.begin(),
                      thrust::make_counting_iterator(0), moved.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(moved), std::vector<int>(std::begin(mgpu_demo_data::moved), std::end(mgpu_demo_data::moved)));

  // Gathering alone stores the intervals in order; scattering alone reads
  // them in order.
  std::vector<int> gathered, scattered(100, mgpu_test::poison<int>());
  for (std::size_t s = 0; s < counts.size(); ++s)
    for (int r = 0; r < counts[s]; ++r)
    {
      gathered.push_back(gather[s] + r);
      scattered[std::size_t(scatter[s] + r)] = host_offsets[s] + r;
    }
  auto result = poisoned<backend, int>(100);
  mgpu::interval_gather(backend::policy(), offsets.begin(), offsets.end(), d_gather.begin(),
                        thrust::make_counting_iterator(0), result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), gathered);
  result = poisoned<backend, int>(100);
  mgpu::interval_scatter(backend::policy(), offsets.begin(), offsets.end(), d_scatter.begin(),
                         thrust::make_counting_iterator(0), thrust::make_counting_iterator(100), result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), scattered);
}

TEST_CASE("load_balance_search and intervals: items + segments around tile boundaries")
{
  std::uint64_t seed = 10;
  for (int tile : lbs_cases::tile_sizes)
    for (int combined : {tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile, 3 * tile + 1})
      for (int segments : {1, combined / 4, combined / 2, (3 * combined) / 4, combined - 1})
      {
        CAPTURE(tile);
        CAPTURE(combined);
        seed += 2;
        lbs_cases::check_all(lbs_cases::random_split(std::size_t(segments), combined - segments, seed), seed + 1);
      }
}

TEST_CASE("load_balance_search and intervals: empty problems write nothing")
{
  for (const lbs_cases::count_list& counts :
       {lbs_cases::count_list{}, lbs_cases::count_list{0}, lbs_cases::count_list(5000, 0), lbs_cases::count_list{1},
        lbs_cases::count_list{0, 1}, lbs_cases::count_list{1, 0}})
    lbs_cases::check_all(counts, 2);

  // Zero segments, zero total: nothing is read or written.
  typename backend::template vector<int> none;
  auto untouched = poisoned<backend, int>(3);
  mgpu::load_balance_search(backend::policy(), none.begin(), none.end(), untouched.begin(), untouched.begin());
  mgpu::interval_expand(backend::policy(), none.begin(), none.end(), none.begin(), untouched.begin(), untouched.begin());
  mgpu::interval_move(backend::policy(), none.begin(), none.end(), 0, none.begin(), none.begin(), none.begin(),
                      untouched.begin());
  mgpu::transform_lbs(backend::policy(), none.begin(), none.end(), 0,
                      lbs_cases::record_segment_and_rank{nullptr, nullptr, nullptr});
  MGPU_CHECK_EQUAL_RANGES(to_std(untouched), std::vector<int>(3, mgpu_test::poison<int>()));
}

TEST_CASE("load_balance_search and intervals: all counts 0 but one")
{
  for (std::size_t position : {std::size_t(0), std::size_t(4321), std::size_t(9999)})
  {
    CAPTURE(position);
    lbs_cases::count_list counts(10000, 0);
    counts[position] = 50000;
    lbs_cases::check_all(counts, 3 + position);
  }
}

TEST_CASE("load_balance_search and intervals: runs of empty segments longer than a tile")
{
  lbs_cases::count_list counts;
  std::mt19937_64 engine(4);
  for (int run = 0; run < 12; ++run)
  {
    counts.push_back(std::int64_t(engine() % 7));
    counts.insert(counts.end(), 1000 + engine() % 9000, 0); // up to ~5 tiles of nothing
    counts.push_back(std::int64_t(engine() % 3000));
  }
  counts.insert(counts.begin(), 4000, 0); // leading
  counts[0] = 0;
  counts.insert(counts.end(), 6000, 0); // trailing
  lbs_cases::check_all(counts, 5);
}

TEST_CASE("load_balance_search and intervals: all ones, counts larger than a tile, a single segment")
{
  lbs_cases::check_all(lbs_cases::count_list(backend::large_size, 1), 6);

  lbs_cases::count_list large(300);
  std::mt19937_64 engine(7);
  for (auto& c : large)
    c = 2000 + std::int64_t(engine() % 7000);
  lbs_cases::check_all(large, 8);

  for (std::int64_t total : {std::int64_t(1), std::int64_t(3839), std::int64_t(3840), std::int64_t(5887),
                             std::int64_t(5888), std::int64_t(5889), std::int64_t(backend::large_size) + 3})
    lbs_cases::check_all(lbs_cases::count_list{total}, 9);
}

TEST_CASE("load_balance_search and intervals: random, geometric and power-law counts")
{
  const std::size_t n = backend::large_size;
  lbs_cases::check_all(lbs_cases::random_split(n / 4, std::int64_t(n), 11), 12);
  lbs_cases::check_all(lbs_cases::power_law_counts(n / 8, 20000, 13), 14);

  lbs_cases::count_list geometric(n / 8);
  std::mt19937_64 engine(15);
  std::geometric_distribution<int> dist(0.2);
  for (auto& c : geometric)
    c = dist(engine);
  lbs_cases::check_all(geometric, 16);
}

TEST_CASE("load_balance_search and intervals: 64-bit offset values and interval starts")
{
  const auto counts = lbs_cases::random_split(30000, 70001, 17);
  lbs_cases::check_search_and_transform<std::int64_t>(counts);
  lbs_cases::check_intervals<std::int64_t, std::int64_t>(counts, 18);
  lbs_cases::check_intervals<int, std::int64_t>(counts, 19);
  lbs_cases::check_intervals<std::int64_t, int>(counts, 20);
}

TEST_CASE("load_balance_search and interval_expand: results at every alignment, of 4 and 8 bytes, converted")
{
  // Several tiles of mostly short segments, and a few tiles of one long one.
  for (const auto& counts :
       {lbs_cases::random_split(3000, 40000, 41), lbs_cases::count_list{3, 0, 25000, 1, 0, 2}, lbs_cases::count_list{5}})
  {
    CAPTURE(counts.size());
    lbs_cases::check_shifted_results<int>(counts, 42);
    lbs_cases::check_shifted_results<std::int64_t>(counts, 43);
    lbs_cases::check_shifted_results<float>(counts, 44);
    lbs_cases::check_shifted_results<double>(counts, 45);
  }
}

TEST_CASE("interval_expand: values of 1, 2, 4 and 8 bytes, among runs of empty segments")
{
  // Short segments, then tiles that hold nothing but empty segments (more
  // segments than a tile stages in one pass), then one long segment.
  lbs_cases::count_list counts = lbs_cases::random_split(5000, 9000, 46);
  counts.insert(counts.end(), 20000, 0);
  counts.push_back(12000);
  counts.insert(counts.end(), 7, 0);
  lbs_cases::check_expand_values<std::uint8_t>(counts, 47);
  lbs_cases::check_expand_values<std::int16_t>(counts, 48);
  lbs_cases::check_expand_values<float>(counts, 49);
  lbs_cases::check_expand_values<double>(counts, 50);
}

TEST_CASE("transform_lbs and intervals: the 64-bit index path on small inputs")
{
  // mgpu::detail::transform_lbs_with_offsets<int64_t> runs the engine with
  // 64-bit indices whatever the size: the path problems past 2^31 take.
  const auto counts = lbs_cases::power_law_counts(20000, 5000, 21);
  const auto ref    = lbs_cases::reference_of(counts);
  const std::int64_t total = lbs_cases::total_of(counts), m = std::int64_t(counts.size());
  auto offsets = to_backend<backend>(lbs_cases::offsets_of<std::int64_t>(counts));
  auto policy  = backend::policy();

  auto segments = poisoned<backend, int>(std::size_t(total));
  mgpu::detail::transform_lbs_with_offsets<std::int64_t>(
    policy, offsets.begin(), m, total, mgpu::detail::lbs_search_op<decltype(segments.begin())>{{}, segments.begin()},
    "test");
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), ref.segment);

  const lbs_cases::interval_data data(counts, 22);
  auto input = to_backend<backend>(data.input);
  auto gather = to_backend<backend>(data.gather), scatter = to_backend<backend>(data.scatter);
  auto moved = poisoned<backend, int>(std::size_t(total));
  mgpu::detail::transform_lbs_with_offsets<std::int64_t>(
    policy, offsets.begin(), m, total,
    mgpu::detail::interval_move_op<decltype(gather.begin()), decltype(scatter.begin()), decltype(input.begin()),
                                   decltype(moved.begin())>{{}, gather.begin(), scatter.begin(), input.begin(),
                                                            moved.begin()},
    "test");
  std::vector<int> expected(static_cast<std::size_t>(total));
  for (std::size_t i = 0; i < expected.size(); ++i)
    expected[std::size_t(data.scatter[ref.segment[i]] + ref.rank[i])] =
      data.input[std::size_t(data.gather[ref.segment[i]] + ref.rank[i])];
  MGPU_CHECK_EQUAL_RANGES(to_std(moved), expected);
}

TEST_CASE("load_balance_search and intervals: fancy iterators for offsets, values, inputs and outputs")
{
  // Offsets 0, 3, 6, ... from a transform_iterator: item i is in segment i / 3.
  const int m = 7000, total = 3 * m;
  auto offsets_first = thrust::make_transform_iterator(thrust::make_counting_iterator(0), lbs_cases::times_three{});
  auto segments      = poisoned<backend, int>(total);
  mgpu::load_balance_search(backend::policy(), offsets_first, offsets_first + m, segments.begin(), segments.end());
  std::vector<int> expected(total);
  for (int i = 0; i < total; ++i)
    expected[i] = i / 3;
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected);

  const auto counts = lbs_cases::random_split(5000, 40000, 23);
  const auto ref    = lbs_cases::reference_of(counts);
  auto offsets      = to_backend<backend>(lbs_cases::offsets_of<int>(counts));
  const std::size_t n = ref.segment.size();

  // constant_iterator and transform_iterator values.
  auto result = poisoned<backend, int>(n);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), thrust::make_constant_iterator(42),
                        result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), std::vector<int>(n, 42));
  result = poisoned<backend, int>(n);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), offsets_first, result.begin(), result.end());
  expected.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i)
    expected[i] = 3 * ref.segment[i];
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);

  // zip_iterator values and results: tuples expand together.
  auto ints   = to_backend<backend>(mgpu_test::iota_values<int>(counts.size(), 100));
  std::vector<double> host_doubles(counts.size());
  for (std::size_t s = 0; s < counts.size(); ++s)
    host_doubles[s] = 0.5 * double(s);
  auto doubles     = to_backend<backend>(host_doubles);
  auto out_ints    = poisoned<backend, int>(n);
  auto out_doubles = poisoned<backend, double>(n);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(),
                        thrust::make_zip_iterator(ints.begin(), doubles.begin()),
                        thrust::make_zip_iterator(out_ints.begin(), out_doubles.begin()),
                        thrust::make_zip_iterator(out_ints.end(), out_doubles.end()));
  std::vector<int> expected_ints(n);
  std::vector<double> expected_doubles(n);
  for (std::size_t i = 0; i < n; ++i)
    expected_ints[i] = 100 + ref.segment[i], expected_doubles[i] = 0.5 * ref.segment[i];
  MGPU_CHECK_EQUAL_RANGES(to_std(out_ints), expected_ints);
  MGPU_CHECK_EQUAL_RANGES(to_std(out_doubles), expected_doubles);

  // counting_iterator input: gathering positions shows where each item came from.
  auto gather = to_backend<backend>(std::vector<int>(counts.size(), 1000));
  result      = poisoned<backend, int>(n);
  mgpu::interval_gather(backend::policy(), offsets.begin(), offsets.end(), gather.begin(),
                        thrust::make_counting_iterator(0), result.begin(), result.end());
  for (std::size_t i = 0; i < n; ++i)
    expected[i] = 1000 + ref.rank[i];
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);

  // Discarded results: runs, writes nothing anywhere.
  mgpu::load_balance_search(backend::policy(), offsets.begin(), offsets.end(), thrust::make_discard_iterator(),
                            thrust::make_discard_iterator(std::ptrdiff_t(n)));
}

TEST_CASE("interval_expand, gather, scatter and move: the examples in the header documentation")
{
  // counts 1 2 1 0 4, values 10 11 12 13 14
  auto offsets = to_backend<backend>(std::vector<int>{0, 1, 3, 4, 4});
  auto result  = poisoned<backend, int>(8);
  mgpu::interval_expand(backend::policy(), offsets.begin(), offsets.end(), thrust::make_counting_iterator(10),
                        result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), (std::vector<int>{10, 11, 11, 12, 14, 14, 14, 14}));

  // counts 2 3; input 100, 101, ...
  auto two     = to_backend<backend>(std::vector<int>{0, 2});
  auto gather  = to_backend<backend>(std::vector<int>{5, 0});
  auto scatter = to_backend<backend>(std::vector<int>{3, 0});
  auto input   = thrust::make_counting_iterator(100);
  result       = poisoned<backend, int>(5);
  mgpu::interval_gather(backend::policy(), two.begin(), two.end(), gather.begin(), input, result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), (std::vector<int>{105, 106, 100, 101, 102}));
  result = poisoned<backend, int>(5);
  mgpu::interval_scatter(backend::policy(), two.begin(), two.end(), scatter.begin(), input, input + 5, result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), (std::vector<int>{102, 103, 104, 100, 101}));

  // counts 3 2, gather 10 0, scatter 2 0
  auto three_two = to_backend<backend>(std::vector<int>{0, 3});
  auto gather_m  = to_backend<backend>(std::vector<int>{10, 0});
  auto scatter_m = to_backend<backend>(std::vector<int>{2, 0});
  result         = poisoned<backend, int>(5);
  mgpu::interval_move(backend::policy(), three_two.begin(), three_two.end(), 5, gather_m.begin(), scatter_m.begin(),
                      input, result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), (std::vector<int>{100, 101, 110, 111, 112}));
}
