// segmented_reduce test bodies, written once and run against `backend` (the
// including file defines it as the host or the CUDA backend). The reference
// is a plain left fold per segment; outputs start poisoned. Operations that
// are associative but not commutative (composition of affine maps with
// wrap-around arithmetic, exact in every grouping) catch values reduced out
// of order, across threads and across tiles; an init that is not the
// operation's identity catches init applied more or less than once.
#pragma once

#include "common/test_support.h"

#include <mgpu/segmented_reduce.h>

#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>

#include <cuda/functional>
#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <ostream>
#include <random>
#include <vector>

using mgpu_test::poisoned;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace segreduce_cases {

using size_list = std::vector<std::int64_t>;

// Steps (values + segments) per tile of the CUDA tunings, sm_90 and
// fallback, for values of 4, 8 and 16 bytes: the boundary tests straddle
// each of them.
inline const int tile_sizes[] = {256 * 23, 256 * 11, 256 * 5, 128 * 11};

template <class Offset>
std::vector<Offset> offsets_of(const size_list& sizes)
{
  std::vector<Offset> offsets(sizes.size());
  std::int64_t sum = 0;
  for (std::size_t s = 0; s < sizes.size(); ++s)
  {
    offsets[s] = static_cast<Offset>(sum);
    sum += sizes[s];
  }
  return offsets;
}

inline std::int64_t total_of(const size_list& sizes)
{
  return std::accumulate(sizes.begin(), sizes.end(), std::int64_t(0));
}

using mgpu_test::random_split;

// Runs of empty segments longer than a tile between segments of every
// length, leading and trailing empties included.
inline size_list long_and_empty_runs(std::uint64_t seed)
{
  size_list sizes(3000, 0);
  std::mt19937_64 engine(seed);
  for (int run = 0; run < 10; ++run)
  {
    sizes.push_back(std::int64_t(engine() % 5));
    sizes.insert(sizes.end(), 1000 + engine() % 9000, 0);
    sizes.push_back(std::int64_t(engine() % 20000));
    sizes.push_back(1);
  }
  sizes.insert(sizes.end(), 7000, 0);
  return sizes;
}

// ---------------------------------------------------------------------------
// Operations

// x -> a * x + b with wrap-around arithmetic. then(f, g) applies f, then g:
// associative, not commutative, exact in any grouping.
template <class Word>
struct affine
{
  Word a, b;
  friend MGPU_HD bool operator==(const affine& x, const affine& y) { return x.a == y.a && x.b == y.b; }
  friend MGPU_HD bool operator!=(const affine& x, const affine& y) { return !(x == y); }
  friend affine operator+(const affine& f) { return f; } // printed as is by first_mismatch
};

template <class Word>
struct then
{
  MGPU_HD affine<Word> operator()(const affine<Word>& f, const affine<Word>& g) const
  {
    using wide = decltype(Word() * 1u); // unsigned: no promotion to int, whose overflow is undefined
    return {Word(wide(g.a) * wide(f.a)), Word(wide(g.a) * wide(f.b) + wide(g.b))};
  }
};

// A value of the sequence, as an affine map (odd slopes keep the products
// from collapsing to 0).
template <class Word>
struct affine_of_index
{
  MGPU_HD affine<Word> operator()(std::int64_t i) const
  {
    const auto x = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
    return {Word((x >> 17) | 1u), Word(x >> 29)};
  }
};

template <class Word>
std::ostream& operator<<(std::ostream& out, const affine<Word>& f)
{
  return out << "(" << +f.a << ", " << +f.b << ")";
}

struct plus_op
{
  template <class T>
  MGPU_HD T operator()(const T& x, const T& y) const
  {
    return x + y;
  }
};

struct xor_op
{
  template <class T>
  MGPU_HD T operator()(const T& x, const T& y) const
  {
    return T(x ^ y);
  }
};

struct times_three
{
  MGPU_HD int operator()(int s) const { return 3 * s; }
};

struct times_two
{
  MGPU_HD std::int64_t operator()(int x) const { return 2 * std::int64_t(x); }
};

// A wide value: an affine map (then: not commutative) and Words - 2 words
// summed one by one, so every byte is carried. The CUDA tiles of wide values
// have fewer threads and items (down to 64 x 1 at 256 bytes).
template <int Words>
struct wide_value
{
  affine<std::uint32_t> map;
  std::uint32_t sums[Words - 2];
  wide_value() = default;
  MGPU_HD explicit wide_value(std::int64_t fill) : map{std::uint32_t(fill), std::uint32_t(fill)}
  {
    for (auto& sum : sums)
      sum = std::uint32_t(fill);
  }
  friend MGPU_HD bool operator==(const wide_value& x, const wide_value& y)
  {
    for (int w = 0; w < Words - 2; ++w)
      if (x.sums[w] != y.sums[w])
        return false;
    return x.map == y.map;
  }
  friend MGPU_HD bool operator!=(const wide_value& x, const wide_value& y) { return !(x == y); }
  friend wide_value operator+(const wide_value& v) { return v; } // printed as is by first_mismatch
};

template <int Words>
struct wide_then
{
  MGPU_HD wide_value<Words> operator()(const wide_value<Words>& f, const wide_value<Words>& g) const
  {
    wide_value<Words> r;
    r.map = then<std::uint32_t>{}(f.map, g.map);
    for (int w = 0; w < Words - 2; ++w)
      r.sums[w] = f.sums[w] + g.sums[w];
    return r;
  }
};

template <int Words>
std::ostream& operator<<(std::ostream& out, const wide_value<Words>& v)
{
  return out << "(" << v.map << ", " << v.sums[0] << ", ..., " << v.sums[Words - 3] << ")";
}

template <int Words>
std::vector<wide_value<Words>> wide_values(std::size_t count, std::uint64_t seed)
{
  std::vector<wide_value<Words>> values(count);
  std::mt19937 engine(static_cast<std::uint32_t>(seed));
  for (std::size_t i = 0; i < count; ++i)
  {
    values[i].map = affine_of_index<std::uint32_t>{}(std::int64_t(seed) + std::int64_t(i));
    for (auto& sum : values[i].sums)
      sum = engine();
  }
  return values;
}

// ---------------------------------------------------------------------------
// Reference and checks

// What an output holds before a call: a value no correct result is.
template <class T>
T poison_of()
{
  return mgpu_test::poison<T>();
}
template <>
inline affine<std::uint16_t> poison_of()
{
  return {0xdead, 0xbeef};
}
template <>
inline affine<std::uint32_t> poison_of()
{
  return {0xdeadbeefu, 0xdeadbeefu};
}
template <>
inline affine<std::uint64_t> poison_of()
{
  return {0xdeadbeefdeadbeefull, 0xdeadbeefdeadbeefull};
}

// result[s] = op(...op(init, v0)..., vk), left to right.
template <class T, class Value, class Offset, class Op>
std::vector<T> reference_reduce(const std::vector<Value>& values, const std::vector<Offset>& offsets, T init, Op op)
{
  std::vector<T> result(offsets.size());
  for (std::size_t s = 0; s < offsets.size(); ++s)
  {
    const auto end = s + 1 < offsets.size() ? std::size_t(offsets[s + 1]) : values.size();
    T reduction    = init;
    for (auto i = std::size_t(offsets[s]); i < end; ++i)
      reduction = op(reduction, static_cast<T>(values[i]));
    result[s] = reduction;
  }
  return result;
}

// mgpu::segmented_reduce of `values` over `sizes` on the backend, into a
// poisoned output, against the reference; the returned end too.
template <class T, class Value, class Offset = int, class Op>
void check_reduce(const size_list& sizes, const std::vector<Value>& values, T init, Op op)
{
  CAPTURE(sizes.size());
  CAPTURE(values.size());
  const auto host_offsets = offsets_of<Offset>(sizes);
  const auto expected     = reference_reduce(values, host_offsets, init, op);
  auto d_values           = to_backend<backend>(values);
  auto d_offsets          = to_backend<backend>(host_offsets);
  typename backend::template vector<T> result(sizes.size() + 1, poison_of<T>());
  const auto end = mgpu::segmented_reduce(backend::policy(), d_values.begin(), d_values.end(), d_offsets.begin(),
                                          d_offsets.end(), result.begin(), init, op);
  CHECK(end - result.begin() == std::ptrdiff_t(sizes.size()));
  auto actual = to_std(result);
  CHECK(actual.back() == poison_of<T>()); // nothing past the m results
  actual.pop_back();
  MGPU_CHECK_EQUAL_RANGES(actual, expected);
}

template <class Word>
std::vector<affine<Word>> affine_values(std::size_t count, std::int64_t first = 0)
{
  std::vector<affine<Word>> values(count);
  for (std::size_t i = 0; i < count; ++i)
    values[i] = affine_of_index<Word>{}(first + std::int64_t(i));
  return values;
}

// Every type and operation on one distribution of sizes: int32 and int64
// sums (init not 0), doubles holding integers (exact in any grouping), and
// the affine composition on 4-, 8- and 16-byte maps (the 4-byte carry is
// packed with its look-back status, the wider ones are not).
inline void check_all(const size_list& sizes, std::uint64_t seed)
{
  CAPTURE(total_of(sizes));
  const std::size_t n = std::size_t(total_of(sizes));
  const auto ints     = mgpu_test::random_values<int>(n, -1000, 1000, seed);
  check_reduce(sizes, ints, 7, plus_op{});
  const auto longs = mgpu_test::random_values<std::int64_t>(n, -(std::int64_t(1) << 40), std::int64_t(1) << 40, seed);
  check_reduce<std::int64_t>(sizes, longs, std::int64_t(-3), plus_op{});
  std::vector<double> doubles(n);
  for (std::size_t i = 0; i < n; ++i)
    doubles[i] = double(ints[i]);
  check_reduce(sizes, doubles, 0.5, plus_op{});
  // One-byte values: the CUDA tile copies them one by one and rounds the
  // start of its segment starts up to a 4-byte boundary after them.
  std::vector<std::uint8_t> bytes(n);
  for (std::size_t i = 0; i < n; ++i)
    bytes[i] = std::uint8_t(ints[i]);
  check_reduce(sizes, bytes, std::uint8_t(9), xor_op{});
  const affine<std::uint16_t> start16{3, 5};
  check_reduce(sizes, affine_values<std::uint16_t>(n, std::int64_t(seed)), start16, then<std::uint16_t>{});
  const affine<std::uint32_t> start32{3, 5};
  check_reduce(sizes, affine_values<std::uint32_t>(n, std::int64_t(seed)), start32, then<std::uint32_t>{});
  const affine<std::uint64_t> start64{3, 5};
  check_reduce(sizes, affine_values<std::uint64_t>(n, std::int64_t(seed)), start64, then<std::uint64_t>{});
}

// The wide values, 32, 96 and 256 bytes, on one distribution of sizes.
inline void check_wide(const size_list& sizes, std::uint64_t seed)
{
  CAPTURE(total_of(sizes));
  const std::size_t n = std::size_t(total_of(sizes));
  check_reduce(sizes, wide_values<8>(n, seed), wide_value<8>(3), wide_then<8>{});
  check_reduce(sizes, wide_values<24>(n, seed + 1), wide_value<24>(3), wide_then<24>{});
  check_reduce(sizes, wide_values<64>(n, seed + 2), wide_value<64>(3), wide_then<64>{});
}

} // namespace segreduce_cases

TEST_CASE("segmented_reduce: the header's example and small hand-checked cases")
{
  auto values  = to_backend<backend>(std::vector<int>{1, 2, 3, 4, 5, 6});
  auto offsets = to_backend<backend>(std::vector<int>{0, 2, 2, 5});
  auto sums    = poisoned<backend, int>(4);
  const auto end = mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(),
                                          offsets.end(), sums.begin(), 0, ::cuda::std::plus<int>{});
  CHECK(end == sums.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(sums), (std::vector<int>{3, 0, 12, 6}));

  // init once per segment, even when empty: the maximum of 4 and the segment.
  sums = poisoned<backend, int>(4);
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(), offsets.end(), sums.begin(),
                         4, ::cuda::maximum<int>{});
  MGPU_CHECK_EQUAL_RANGES(to_std(sums), (std::vector<int>{4, 4, 5, 6}));

  // Order: the composition of (2x + 1) then (3x + 0) is 6x + 3, the other way 6x + 1.
  using map = segreduce_cases::affine<std::uint32_t>;
  auto maps       = to_backend<backend>(std::vector<map>{{2, 1}, {3, 0}});
  auto one        = to_backend<backend>(std::vector<int>{0});
  typename backend::template vector<map> composed_map(1, map{0, 0});
  mgpu::segmented_reduce(backend::policy(), maps.begin(), maps.end(), one.begin(), one.end(), composed_map.begin(),
                         map{1, 0}, segreduce_cases::then<std::uint32_t>{});
  CHECK(to_std(composed_map)[0] == map{6, 3});
}

TEST_CASE("segmented_reduce: values + segments around tile boundaries")
{
  std::uint64_t seed = 100;
  for (int tile : segreduce_cases::tile_sizes)
    for (int steps : {tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile + 1, 3 * tile + 2})
      for (int segments : {1, 2, steps / 4, steps / 2, (3 * steps) / 4, steps - 1})
      {
        CAPTURE(tile);
        CAPTURE(steps);
        CAPTURE(segments);
        seed += 3;
        segreduce_cases::check_all(segreduce_cases::random_split(std::size_t(segments), steps - segments, seed), seed);
      }
}

TEST_CASE("segmented_reduce: all segments empty, and no segment at all")
{
  using segreduce_cases::size_list;
  for (const size_list& sizes : {size_list{0}, size_list(7, 0), size_list(100000, 0), size_list(300001, 0)})
    segreduce_cases::check_all(sizes, 1);
  // Almost all empty: a handful of values among hundreds of thousands of segments.
  size_list sparse(200000, 0);
  sparse[0] = 1, sparse[77777] = 3, sparse[199999] = 1;
  segreduce_cases::check_all(sparse, 2);

  // No segment: nothing is read or written, whatever the values.
  auto values    = to_backend<backend>(std::vector<int>{1, 2, 3});
  typename backend::template vector<int> none;
  auto untouched = poisoned<backend, int>(2);
  const auto end = mgpu::segmented_reduce(backend::policy(), values.begin(), values.begin(), none.begin(), none.end(),
                                          untouched.begin(), 0, segreduce_cases::plus_op{});
  CHECK(end == untouched.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(untouched), std::vector<int>(2, mgpu_test::poison<int>()));
}

TEST_CASE("segmented_reduce: one segment of every value, at sizes around tiles and large")
{
  for (std::int64_t total : {std::int64_t(1), std::int64_t(5887), std::int64_t(5888), std::int64_t(5889),
                             std::int64_t(3 * 5888 + 17), std::int64_t(backend::large_size) + 3})
  {
    CAPTURE(total);
    segreduce_cases::check_all(segreduce_cases::size_list{total}, 3);
  }
  // Between empty neighbours.
  segreduce_cases::check_all(segreduce_cases::size_list{0, 0, 100000, 0}, 4);
}

TEST_CASE("segmented_reduce: all segments of size 1, and of sizes 0 to 2")
{
  segreduce_cases::check_all(segreduce_cases::size_list(backend::large_size, 1), 5);
  segreduce_cases::size_list small(backend::large_size / 2);
  std::mt19937_64 engine(6);
  for (auto& size : small)
    size = std::int64_t(engine() % 3);
  segreduce_cases::check_all(small, 6);
}

TEST_CASE("segmented_reduce: long segments between runs of empty ones, and random sizes")
{
  segreduce_cases::check_all(segreduce_cases::long_and_empty_runs(7), 7);
  segreduce_cases::check_all(segreduce_cases::random_split(backend::large_size / 16, backend::large_size, 8), 8);
  // Segments longer than several tiles next to segments of one value.
  segreduce_cases::size_list mixed;
  std::mt19937_64 engine(9);
  for (int i = 0; i < 40; ++i)
  {
    mixed.push_back(std::int64_t(engine() % 40000));
    mixed.insert(mixed.end(), engine() % 3000, 1);
  }
  segreduce_cases::check_all(mixed, 9);
}

TEST_CASE("segmented_reduce: wide values, whose tiles have fewer threads and items")
{
  using namespace segreduce_cases;
  // Around the tiles of 64, 128, 640 and 768 steps that wide values have.
  for (const std::int64_t steps : {63, 64, 65, 127, 128, 129, 639, 640, 641, 767, 768, 769, 3000})
    for (const std::int64_t segments : {std::int64_t(1), steps / 2, steps - 1})
    {
      CAPTURE(steps);
      check_wide(random_split(std::size_t(segments), steps - segments, std::uint64_t(steps + segments)), 11);
    }
  check_wide(size_list(20000, 1), 12);
  check_wide(size_list{0, 40000, 0}, 13);
  check_wide(random_split(10000, 40000, 14), 14);
  check_wide(long_and_empty_runs(15), 15);
}

TEST_CASE("segmented_reduce: values converted to init's type, results to the output's")
{
  const auto sizes  = segreduce_cases::random_split(3000, 50000, 10);
  const auto shorts = mgpu_test::random_values<std::int16_t>(50000, std::int16_t(-30000), std::int16_t(30000), 11);
  // int16 values summed as int64, from an init far outside int16.
  segreduce_cases::check_reduce(sizes, shorts, std::int64_t(1) << 40, segreduce_cases::plus_op{});
  // int values summed as double.
  const auto ints = mgpu_test::random_values<int>(50000, -1000000, 1000000, 12);
  segreduce_cases::check_reduce(sizes, ints, 0.25, segreduce_cases::plus_op{});

  // int64 reductions written to an int output.
  auto offsets = to_backend<backend>(segreduce_cases::offsets_of<int>(sizes));
  auto values  = to_backend<backend>(ints);
  auto result  = poisoned<backend, int>(sizes.size());
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(), offsets.end(),
                         result.begin(), std::int64_t(0), segreduce_cases::plus_op{});
  const auto expected = segreduce_cases::reference_reduce(ints, segreduce_cases::offsets_of<int>(sizes), 0,
                                                          segreduce_cases::plus_op{});
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);
}

TEST_CASE("segmented_reduce: partial results in the type op returns, as Thrust's reductions hold them")
{
  // Halves summed by thrust::plus<double> from an int init of 0: doubles
  // throughout (exact sums, so grouping cannot round), not ints.
  const auto sizes = segreduce_cases::random_split(2000, 40000, 13);
  const auto whole = mgpu_test::random_values<int>(40000, -1000, 1000, 14);
  std::vector<double> halves;
  for (int w : whole)
    halves.push_back(w + 0.5);
  const auto host_offsets = segreduce_cases::offsets_of<int>(sizes);
  const auto expected     = segreduce_cases::reference_reduce(halves, host_offsets, 0.0, thrust::plus<double>{});
  auto values = to_backend<backend>(halves);
  auto offsets = to_backend<backend>(host_offsets);
  auto result = poisoned<backend, double>(sizes.size());
  mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), offsets.begin(), offsets.end(),
                         result.begin(), 0, thrust::plus<double>{});
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);
}

TEST_CASE("segmented_reduce: fancy iterators for values, offsets and results")
{
  const auto sizes    = segreduce_cases::random_split(4000, 60000, 13);
  const auto offsets  = segreduce_cases::offsets_of<int>(sizes);
  auto d_offsets      = to_backend<backend>(offsets);
  const std::size_t m = sizes.size();
  std::vector<std::int64_t> indices(60000);
  std::iota(indices.begin(), indices.end(), std::int64_t(0));

  // counting_iterator values: each segment sums its own positions.
  auto result = poisoned<backend, std::int64_t>(m);
  mgpu::segmented_reduce(backend::policy(), thrust::make_counting_iterator<std::int64_t>(0),
                         thrust::make_counting_iterator<std::int64_t>(60000), d_offsets.begin(), d_offsets.end(),
                         result.begin(), std::int64_t(0), segreduce_cases::plus_op{});
  MGPU_CHECK_EQUAL_RANGES(to_std(result),
                          segreduce_cases::reference_reduce(indices, offsets, std::int64_t(0), segreduce_cases::plus_op{}));

  // transform_iterator values (converted on the fly), non-commutative.
  using map    = segreduce_cases::affine<std::uint32_t>;
  auto maps_it = thrust::make_transform_iterator(thrust::make_counting_iterator<std::int64_t>(0),
                                                 segreduce_cases::affine_of_index<std::uint32_t>{});
  typename backend::template vector<map> composed(m, map{0, 0});
  mgpu::segmented_reduce(backend::policy(), maps_it, maps_it + 60000, d_offsets.begin(), d_offsets.end(),
                         composed.begin(), map{1, 0}, segreduce_cases::then<std::uint32_t>{});
  MGPU_CHECK_EQUAL_RANGES(to_std(composed),
                          segreduce_cases::reference_reduce(segreduce_cases::affine_values<std::uint32_t>(60000),
                                                            offsets, map{1, 0}, segreduce_cases::then<std::uint32_t>{}));

  // Offsets 0, 3, 6, ... from a transform_iterator; results through a
  // transform_output_iterator.
  std::vector<int> ints = mgpu_test::random_values<int>(30000, -100, 100, 14);
  auto d_ints           = to_backend<backend>(ints);
  auto steps   = thrust::make_transform_iterator(thrust::make_counting_iterator(0), segreduce_cases::times_three{});
  auto doubled = poisoned<backend, std::int64_t>(10000);
  mgpu::segmented_reduce(backend::policy(), d_ints.begin(), d_ints.end(), steps, steps + 10000,
                         thrust::make_transform_output_iterator(doubled.begin(), segreduce_cases::times_two{}), 0,
                         segreduce_cases::plus_op{});
  std::vector<std::int64_t> expected(10000);
  for (std::size_t s = 0; s < expected.size(); ++s)
    expected[s] = 2 * std::int64_t(ints[3 * s] + ints[3 * s + 1] + ints[3 * s + 2]);
  MGPU_CHECK_EQUAL_RANGES(to_std(doubled), expected);

  // Discarded results: runs, returns the end, writes nothing anywhere.
  const auto end = mgpu::segmented_reduce(backend::policy(), d_ints.begin(), d_ints.end(), steps, steps + 10000,
                                          thrust::make_discard_iterator(), 0, segreduce_cases::plus_op{});
  CHECK(end == thrust::make_discard_iterator(10000));
}

TEST_CASE("segmented_reduce: 64-bit offset values, and the 64-bit index path on small inputs")
{
  const auto sizes = segreduce_cases::random_split(20000, 90001, 15);
  const auto ints  = mgpu_test::random_values<int>(90001, -1000, 1000, 16);
  segreduce_cases::check_reduce<int, int, std::int64_t>(sizes, ints, 3, segreduce_cases::plus_op{});
  segreduce_cases::check_reduce<segreduce_cases::affine<std::uint32_t>, segreduce_cases::affine<std::uint32_t>,
                                std::int64_t>(sizes, segreduce_cases::affine_values<std::uint32_t>(90001),
                                              {5, 7}, segreduce_cases::then<std::uint32_t>{});

  // mgpu::detail::segmented_reduce_with_offsets<int64_t> runs with 64-bit
  // indices whatever the size: the path problems past 2^31 take.
  const auto offsets = segreduce_cases::offsets_of<std::int64_t>(sizes);
  auto d_offsets     = to_backend<backend>(offsets);
  auto d_ints        = to_backend<backend>(ints);
  auto result        = poisoned<backend, int>(sizes.size());
  auto policy        = backend::policy();
  mgpu::detail::segmented_reduce_with_offsets<std::int64_t>(policy, d_ints.begin(), d_offsets.begin(),
                                                            std::int64_t(sizes.size()), std::int64_t(90001),
                                                            result.begin(), 11, segreduce_cases::plus_op{});
  MGPU_CHECK_EQUAL_RANGES(to_std(result), segreduce_cases::reference_reduce(ints, offsets, 11, segreduce_cases::plus_op{}));
}

TEST_CASE("segmented_reduce: raw pointers to values and offsets at every alignment, and into a raw result")
{
  // The CUDA tile copies contiguous values in whole 16-byte blocks and the
  // few values around them one by one, and loads 4-byte offsets likewise:
  // every shift of the first value (4- and 8-byte values) and of the first
  // offset modulo 16 bytes.
  for (const auto& sizes : {segreduce_cases::random_split(3000, 40000, 19), segreduce_cases::size_list{3, 0, 25000, 1, 0, 2},
                            segreduce_cases::size_list{5}})
  {
    const auto host_offsets = segreduce_cases::offsets_of<int>(sizes);
    const std::size_t n     = std::size_t(segreduce_cases::total_of(sizes));
    auto offsets            = to_backend<backend>(host_offsets);
    const auto ints         = mgpu_test::random_values<int>(n + 4, -1000, 1000, 20);
    const auto longs        = mgpu_test::random_values<std::int64_t>(n + 4, -1000, 1000, 21);
    auto d_ints             = to_backend<backend>(ints);
    auto d_longs            = to_backend<backend>(longs);
    for (std::size_t shift = 0; shift < 4; ++shift)
    {
      CAPTURE(shift);
      const std::vector<int> shifted_ints(ints.begin() + shift, ints.begin() + shift + n);
      const std::vector<std::int64_t> shifted_longs(longs.begin() + shift, longs.begin() + shift + n);
      std::vector<int> padded_offsets(shift, -1);
      padded_offsets.insert(padded_offsets.end(), host_offsets.begin(), host_offsets.end());
      auto d_padded_offsets      = to_backend<backend>(padded_offsets);
      const int* shifted_offsets = thrust::raw_pointer_cast(d_padded_offsets.data()) + shift;
      auto int_sums = poisoned<backend, int>(sizes.size());
      const int* int_values = thrust::raw_pointer_cast(d_ints.data()) + shift;
      int* const int_result = thrust::raw_pointer_cast(int_sums.data());
      CHECK(mgpu::segmented_reduce(backend::policy(), int_values, int_values + n, shifted_offsets,
                                   shifted_offsets + sizes.size(), int_result, 1,
                                   segreduce_cases::plus_op{}) == int_result + sizes.size());
      MGPU_CHECK_EQUAL_RANGES(to_std(int_sums),
                              segreduce_cases::reference_reduce(shifted_ints, host_offsets, 1, segreduce_cases::plus_op{}));
      auto long_sums = poisoned<backend, std::int64_t>(sizes.size());
      const std::int64_t* long_values = thrust::raw_pointer_cast(d_longs.data()) + shift;
      mgpu::segmented_reduce(backend::policy(), long_values, long_values + n, offsets.begin(), offsets.end(),
                             thrust::raw_pointer_cast(long_sums.data()), std::int64_t(1), segreduce_cases::plus_op{});
      MGPU_CHECK_EQUAL_RANGES(to_std(long_sums), segreduce_cases::reference_reduce(shifted_longs, host_offsets,
                                                                                   std::int64_t(1), segreduce_cases::plus_op{}));
    }
  }
}

TEST_CASE("segmented_reduce: the overload without a policy picks the iterators' system")
{
  const auto sizes = segreduce_cases::random_split(500, 9000, 17);
  const auto ints  = mgpu_test::random_values<int>(9000, -1000, 1000, 18);
  const auto host_offsets = segreduce_cases::offsets_of<int>(sizes);
  auto offsets = to_backend<backend>(host_offsets);
  auto values  = to_backend<backend>(ints);
  auto result  = poisoned<backend, int>(sizes.size());
  const auto end = mgpu::segmented_reduce(values.begin(), values.end(), offsets.begin(), offsets.end(), result.begin(),
                                          -5, segreduce_cases::plus_op{});
  CHECK(end == result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result),
                          segreduce_cases::reference_reduce(ints, host_offsets, -5, segreduce_cases::plus_op{}));
}
