#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/set_operations_cases.h"

#include <thrust/binary_search.h>
#include <thrust/fill.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/tabulate.h>

#include <cmath>

namespace {

template <set_cases::op Op>
constexpr mgpu::detail::set_op internal_op()
{
  using mgpu::detail::set_op;
  return Op == set_cases::op::intersection ? set_op::intersection
         : Op == set_cases::op::union_     ? set_op::union_
         : Op == set_cases::op::difference ? set_op::difference
                                           : set_op::symmetric_difference;
}

// The pairs reference of check_pairs, as separate key and value vectors.
template <set_cases::op Op>
std::pair<std::vector<int>, std::vector<int>> pairs_reference(const std::vector<int>& a, const std::vector<int>& b)
{
  std::vector<std::pair<int, int>> pa, pb;
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], int(i));
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b[i], int(a.size() + i));
  std::vector<int> keys, values;
  for (auto [k, v] : set_cases::std_set_op<Op>(pa, pb, [](auto x, auto y) { return x.first < y.first; }))
    keys.push_back(k), values.push_back(v);
  return {keys, values};
}

// One warp per tile boundary finds its cut as a tile that finds its own
// does.
template <mgpu::key_multiplicity M, class Key, class Compare>
__global__ void warp_cut_kernel(const Key* a, int na, const Key* b, int nb, int tile_size, int num_tiles,
                                mgpu::detail::cuda::set_split<int>* cuts, Compare comp)
{
  const int p = int(blockIdx.x) * int(blockDim.x / 32) + int(threadIdx.x / 32);
  if (p > num_tiles) // whole warps leave
    return;
  const int diag = p < num_tiles ? p * tile_size : na + nb;
  const auto cut = mgpu::detail::cuda::warp_balanced_cut<M>(a, na, b, nb, diag, comp);
  if (threadIdx.x % 32 == 0)
    cuts[p] = cut;
}

// The partition kernel's split and the cut one warp finds at every tile
// boundary, against balanced_path run on the host, with fresh look-back
// state for the tiles.
template <mgpu::key_multiplicity M, class Key, class Compare>
void check_set_partition(const std::vector<Key>& a, const std::vector<Key>& b, int tile_size, Compare comp)
{
  using mgpu::detail::cuda::set_split;
  using state_t = mgpu::detail::cuda::set_tile_state<int>;
  thrust::device_vector<Key> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());
  const int na = int(a.size()), nb = int(b.size()), total = na + nb;
  const int num_tiles = (total + tile_size - 1) / tile_size;
  const set_split<int> poison{-1, -1};
  thrust::device_vector<set_split<int>> splits(num_tiles + 1, poison), warp_cuts(num_tiles + 1, poison);
  // Poisoned: the partition resets every tile's status.
  thrust::device_vector<std::uint64_t> state_words(state_t::bytes(num_tiles) / sizeof(std::uint64_t), ~std::uint64_t(0));
  const state_t state{state_words.data().get()};
  mgpu::detail::cuda::launch_set_partition<M>(nullptr, d_a.data().get(), na, d_b.data().get(), nb, tile_size,
                                              num_tiles, splits.data().get(), state, comp, "test");
  constexpr int warps_per_cta = 4;
  warp_cut_kernel<M><<<(num_tiles + 1 + warps_per_cta - 1) / warps_per_cta, 32 * warps_per_cta>>>(
    d_a.data().get(), na, d_b.data().get(), nb, tile_size, num_tiles, warp_cuts.data().get(), comp);
  REQUIRE(cudaGetLastError() == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<set_split<int>> found(num_tiles + 1), found_by_warp(num_tiles + 1);
  thrust::copy(splits.begin(), splits.end(), found.begin());
  thrust::copy(warp_cuts.begin(), warp_cuts.end(), found_by_warp.begin());
  for (int p = 0; p <= num_tiles; ++p)
  {
    const int diag = p < num_tiles ? p * tile_size : total;
    const auto cut = mgpu::balanced_path<M, 4>(a.data(), na, b.data(), nb, diag, comp);
    CAPTURE(p);
    CAPTURE(diag);
    REQUIRE(found[p].a == cut.a);
    REQUIRE(found[p].b == cut.b);
    REQUIRE(found_by_warp[p].a == cut.a);
    REQUIRE(found_by_warp[p].b == cut.b);
  }
  std::vector<std::uint64_t> words(state_words.size());
  thrust::copy(state_words.begin(), state_words.end(), words.begin());
  for (int p = 0; p < num_tiles; ++p)
  {
    CAPTURE(p);
    REQUIRE(words[std::size_t(p) * state_t::words_per_tile] == state_t::unpublished);
  }
}

} // namespace

TEST_CASE("set partition kernel and warp cuts: agree with balanced_path at every tile boundary")
{
  // Tiny tiles keep each CTA's window within its samples after a round or
  // none; with the engine's tiles one CTA's window spans the whole input.
  using mgpu::key_multiplicity;
  const ::cuda::std::less<> less;
  for (const int tile : {3, 37, 256 * 29})
  {
    CAPTURE(tile);
    for (std::uint64_t seed = 0; seed < 3; ++seed)
    {
      // Heavy duplicates (runs longer than the tiles), few, and asymmetric sizes.
      check_set_partition<key_multiplicity::duplicates>(random_sorted<int>(60000, 0, 9, seed),
                                                        random_sorted<int>(40000, 0, 9, seed + 10), tile, less);
      check_set_partition<key_multiplicity::duplicates>(random_sorted<int>(100000, 0, 1000, seed + 20),
                                                        random_sorted<int>(80000, 0, 1000, seed + 30), tile, less);
      check_set_partition<key_multiplicity::duplicates>(random_sorted<int>(200, 0, 1 << 30, seed + 40),
                                                        random_sorted<int>(200000, 0, 1 << 30, seed + 50), tile, less);
      check_set_partition<key_multiplicity::duplicates>(random_sorted<int>(150000, 0, 1 << 30, seed + 60),
                                                        random_sorted<int>(5, 0, 1 << 30, seed + 70), tile, less);
      const auto ua = set_cases::random_unique_sorted(120000, seed + 80);
      const auto ub = set_cases::random_unique_sorted(130000, seed + 90);
      check_set_partition<key_multiplicity::unique>(ua, ub, tile, less);
      check_set_partition<key_multiplicity::duplicates>(ua, ub, tile, less);
    }
    // Disjoint, identical and empty ranges; descending keys under greater<>.
    const auto low = random_sorted<int>(80000, 0, 1000, 1), high = random_sorted<int>(60000, 2000, 5000, 2);
    check_set_partition<key_multiplicity::duplicates>(low, high, tile, less);
    check_set_partition<key_multiplicity::duplicates>(high, low, tile, less);
    check_set_partition<key_multiplicity::duplicates>(low, low, tile, less);
    check_set_partition<key_multiplicity::duplicates>(low, std::vector<int>{}, tile, less);
    check_set_partition<key_multiplicity::duplicates>(std::vector<int>{}, high, tile, less);
    // One key throughout: every cut falls in a run that starts at 0 and ends at the input's end.
    check_set_partition<key_multiplicity::duplicates>(std::vector<int>(300000, 5), std::vector<int>(200001, 5), tile, less);
    check_set_partition<key_multiplicity::duplicates>(std::vector<int>(70000, 5), low, tile, less);
    const ::cuda::std::greater<> greater;
    check_set_partition<key_multiplicity::duplicates>(random_sorted<int>(60000, 0, 50, 3, greater),
                                                      random_sorted<int>(60000, 0, 50, 4, greater), tile, greater);
  }
}

namespace {

// One CTA of two warps per tile, each tile starting after a pseudo-random
// pause so tiles publish out of order: the first warp looks back, and the
// tile records where its outputs start.
template <class Pace, class Size>
__global__ void look_back_kernel(mgpu::detail::cuda::tile_offsets_state<Size> state, const Size* counts,
                                 Size* starts)
{
  const Size tile = Size(blockIdx.x);
  __nanosleep(unsigned(tile * 2654435761u) % 3000u);
  if (threadIdx.x < 32)
  {
    const Size start = mgpu::detail::cuda::publish_and_look_back<Pace>(state, tile, counts[tile]);
    if (threadIdx.x == 0)
      starts[tile] = start;
  }
}

template <class Pace, class Size>
void check_look_back(int num_tiles, Size max_count)
{
  using state_t = mgpu::detail::cuda::tile_offsets_state<Size>;
  std::vector<Size> counts(num_tiles);
  std::uint64_t x = 12345;
  for (auto& c : counts)
  {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    c = (x >> 40) % 4 == 0 ? Size(0) : Size((x >> 20) % std::uint64_t(max_count + 1)); // a quarter empty
  }
  thrust::device_vector<Size> d_counts(counts.begin(), counts.end());
  thrust::device_vector<Size> d_starts(num_tiles, Size(-1));
  thrust::device_vector<std::uint64_t> words(state_t::bytes(num_tiles) / sizeof(std::uint64_t), state_t::unpublished);
  look_back_kernel<Pace><<<num_tiles, 64>>>(state_t{words.data().get()}, d_counts.data().get(),
                                            d_starts.data().get());
  REQUIRE(cudaGetLastError() == cudaSuccess);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  std::vector<Size> starts(num_tiles);
  thrust::copy(d_starts.begin(), d_starts.end(), starts.begin());
  Size expected = 0;
  for (int t = 0; t < num_tiles; ++t)
  {
    CAPTURE(t);
    REQUIRE(starts[t] == expected);
    expected += counts[t];
  }
}

} // namespace

TEST_CASE("tile look-back: every tile's start is the sum of the counts before it")
{
  using mgpu::detail::cuda::lookback_pace;
  // Grids below and above the size where the look-back starts sleeping,
  // and longer than one window many times over.
  for (int num_tiles : {1, 2, 31, 33, 129, 600, 20000})
  {
    CAPTURE(num_tiles);
    check_look_back<lookback_pace<0, 0>, int>(num_tiles, 1000);
    check_look_back<lookback_pace<500, 100>, int>(num_tiles, 1000);
    check_look_back<lookback_pace<0, 100>, std::int64_t>(num_tiles, std::int64_t(1) << 40);
  }
}

TEST_CASE("set operations: the 64-bit offset path on inputs spanning many tiles")
{
  const auto a = random_sorted<int>(300001, 0, 5000, 201), b = random_sorted<int>(200003, 0, 5000, 202);
  const auto ua = set_cases::random_unique_sorted(250000, 203), ub = set_cases::random_unique_sorted(260000, 204);
  set_cases::for_each_op([&](auto o) {
    constexpr auto Op = decltype(o)::value;
    const char* operation = set_cases::name_of(Op);
    CAPTURE(operation);
    auto run = [&](auto multiplicity, const std::vector<int>& x, const std::vector<int>& y) {
      constexpr mgpu::key_multiplicity M = decltype(multiplicity)::value;
      auto d_x = to_backend<backend>(x), d_y = to_backend<backend>(y);
      const std::size_t capacity = x.size() + y.size();
      auto keys = poisoned<backend, int>(capacity), values = poisoned<backend, int>(capacity);
      auto policy = thrust::cuda::par;
      const std::int64_t count = mgpu::detail::cuda::set_operation_with_offsets<std::int64_t, internal_op<Op>(), M>(
        policy, d_x.begin(), std::int64_t(x.size()), d_y.begin(), std::int64_t(y.size()),
        thrust::make_counting_iterator(0), thrust::make_counting_iterator(int(x.size())), keys.begin(), values.begin(),
        ::cuda::std::less<>{}, "test");
      const auto [expected_keys, expected_values] = pairs_reference<Op>(x, y);
      CHECK(std::size_t(count) == expected_keys.size());
      MGPU_CHECK_EQUAL_RANGES(to_std(keys), set_cases::padded(expected_keys, capacity));
      MGPU_CHECK_EQUAL_RANGES(to_std(values), set_cases::padded(expected_values, capacity));
    };
    run(std::integral_constant<mgpu::key_multiplicity, mgpu::key_multiplicity::duplicates>{}, a, b);
    run(std::integral_constant<mgpu::key_multiplicity, mgpu::key_multiplicity::unique>{}, ua, ub);
  });
}

TEST_CASE("set operations: device, par.on(stream), par(allocator) and par_nosync policies")
{
  const auto a = random_sorted<int>(300000, 0, 1000, 211), b = random_sorted<int>(250000, 0, 1000, 212);
  std::vector<int> expected;
  std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto out = poisoned<backend, int>(a.size() + b.size());
  auto run_and_check = [&](const auto& policy) {
    thrust::fill(out.begin(), out.end(), mgpu_test::poison<int>());
    auto end = mgpu::set_symmetric_difference(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
    // The returned end implies the work is complete: read the output without
    // synchronizing the policy's stream.
    CHECK(std::size_t(end - out.begin()) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), set_cases::padded(expected, out.size()));
  };
  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  run_and_check(thrust::device);
  run_and_check(thrust::cuda::par.on(stream.stream));
  run_and_check(thrust::cuda::par_nosync.on(stream.stream));
  run_and_check(thrust::cuda::par(arena.allocator()).on(stream.stream));
  CHECK(arena.state.allocations == 1); // splits, look-back state and count share one allocation
  CHECK(arena.state.live == 0);
}

TEST_CASE("set operations: a failed temporary allocation propagates and leaks nothing")
{
  const auto a = random_sorted<int>(50000, 0, 100, 221), b = random_sorted<int>(40000, 0, 100, 222);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto out = poisoned<backend, int>(a.size() + b.size());
  mgpu_test::device_arena arena(16 << 20);
  arena.state.fail_at = 0;
  CHECK_THROWS_AS(mgpu::set_union(thrust::cuda::par(arena.allocator()), d_a.begin(), d_a.end(), d_b.begin(),
                                  d_b.end(), out.begin()),
                  std::bad_alloc);
  CHECK(arena.state.live == 0);
  arena.state.fail_at = -1;
  auto end = mgpu::set_union(thrust::cuda::par(arena.allocator()), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                             out.begin());
  std::vector<int> expected;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  CHECK(std::size_t(end - out.begin()) == expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), set_cases::padded(expected, out.size()));
  CHECK(arena.state.live == 0);
}

namespace {
// Sorted int8 keys spread evenly over [-128, 127].
struct ramp_key
{
  std::int64_t count;
  __host__ __device__ std::int8_t operator()(std::int64_t i) const
  {
    return static_cast<std::int8_t>(i * 256 / count - 128);
  }
};

// Sorted keys whose counts grow with the key (key k about 2k + 1 times as
// often as the lowest): against a uniform ramp, low keys are commoner in the
// other range and high keys in this one.
struct skewed_key
{
  std::int64_t count;
  __host__ __device__ std::int8_t operator()(std::int64_t i) const
  {
    const auto k = static_cast<int>(sqrt(static_cast<double>(i) / static_cast<double>(count)) * 256.0);
    return static_cast<std::int8_t>((k < 255 ? k : 255) - 128);
  }
};

std::vector<std::int64_t> key_counts(const thrust::device_vector<std::int8_t>& v, std::int64_t size)
{
  thrust::device_vector<std::int8_t> keys(256);
  thrust::sequence(keys.begin(), keys.end(), -128);
  thrust::device_vector<std::int64_t> lower(256), upper(256);
  thrust::lower_bound(v.begin(), v.begin() + size, keys.begin(), keys.end(), lower.begin());
  thrust::upper_bound(v.begin(), v.begin() + size, keys.begin(), keys.end(), upper.begin());
  thrust::host_vector<std::int64_t> lo = lower, hi = upper;
  std::vector<std::int64_t> counts(256);
  for (int k = 0; k < 256; ++k)
    counts[k] = hi[k] - lo[k];
  return counts;
}
} // namespace

TEST_CASE("set operations: more than 2^31 total elements (int8 keys, 64-bit offsets)")
{
  const std::int64_t na = (std::int64_t(1) << 30) + (std::int64_t(1) << 29) + 12345;
  const std::int64_t nb = (std::int64_t(1) << 30) + 777;
  REQUIRE(na + nb > std::int64_t(1) << 31);
  thrust::device_vector<std::int8_t> a(na), b(nb), out(na + nb);
  thrust::tabulate(a.begin(), a.end(), ramp_key{na});
  thrust::tabulate(b.begin(), b.end(), skewed_key{nb});
  const auto ca = key_counts(a, na), cb = key_counts(b, nb);
  // Each side holds more copies of some keys, so the differences and the
  // union take surplus copies from A for some keys and from B for others.
  int a_heavier = 0, b_heavier = 0;
  for (std::size_t k = 0; k < 256; ++k)
  {
    a_heavier += ca[k] > cb[k] ? 1 : 0;
    b_heavier += cb[k] > ca[k] ? 1 : 0;
  }
  REQUIRE(a_heavier > 0);
  REQUIRE(b_heavier > 0);
  set_cases::for_each_op([&](auto o) {
    constexpr auto Op = decltype(o)::value;
    const char* operation = set_cases::name_of(Op);
    CAPTURE(operation);
    thrust::fill(out.begin(), out.end(), std::int8_t(0x5a)); // no operation reads another's output
    const auto end = set_cases::run_set_keys<Op>(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin(),
                                             ::cuda::std::less<>{});
    const std::int64_t size = end - out.begin();
    CHECK(thrust::is_sorted(thrust::device, out.begin(), end));
    // Each key appears as often as key-rank matching says.
    const auto co = key_counts(out, size);
    int wrong = 0;
    std::int64_t expected_size = 0;
    for (int k = 0; k < 256; ++k)
    {
      const std::int64_t x = ca[k], y = cb[k];
      const std::int64_t want = Op == set_cases::op::intersection ? std::min(x, y)
                                : Op == set_cases::op::union_     ? std::max(x, y)
                                : Op == set_cases::op::difference ? std::max<std::int64_t>(x - y, 0)
                                                                  : (x > y ? x - y : y - x);
      wrong += co[k] == want ? 0 : 1;
      expected_size += want;
    }
    CHECK(wrong == 0);
    CHECK(size == expected_size);
  });
}
