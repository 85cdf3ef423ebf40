#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/merge_cases.h"
#include "common/cuda_policies.h"

#include <thrust/binary_search.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/tabulate.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {
// Merges int keys carrying the values 0, 1, ... through `merge(a, b,
// a_values, b_values, keys_out, values_out)`, a detail entry point, into
// poisoned outputs, and checks the stable merge.
template <class Merge>
void check_int_pairs(const std::vector<int>& a, const std::vector<int>& b, Merge merge)
{
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  const auto av = mgpu_test::iota_values<int>(a.size(), 0), bv = mgpu_test::iota_values<int>(b.size(), int(a.size()));
  auto d_av = to_backend<backend>(av), d_bv = to_backend<backend>(bv);
  auto keys   = poisoned<backend, int>(a.size() + b.size());
  auto values = poisoned<backend, int>(a.size() + b.size());
  merge(d_a, d_b, d_av, d_bv, keys, values);
  const auto [ek, ev] = mgpu_test::reference_merge_pairs(a, av, b, bv, ::cuda::std::less<>{});
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), ek);
  MGPU_CHECK_EQUAL_RANGES(to_std(values), ev);
}
} // namespace

TEST_CASE("merge: the 64-bit offset path on inputs spanning many tiles")
{
  const auto a = random_sorted<int>(300001, 0, 5000, 41), b = random_sorted<int>(200003, 0, 5000, 42);
  check_int_pairs(a, b, [](auto& d_a, auto& d_b, auto& d_av, auto& d_bv, auto& keys, auto& values) {
    auto policy = thrust::cuda::par;
    mgpu::detail::cuda::merge_with_offsets<std::int64_t>(
      policy, d_a.begin(), std::int64_t(d_a.size()), d_b.begin(), std::int64_t(d_b.size()), d_av.begin(),
      d_bv.begin(), keys.begin(), values.begin(), ::cuda::std::less<>{}, "test");
  });
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
} // namespace

TEST_CASE("merge: more than 2^31 total elements (int8 keys, 64-bit offsets)")
{
  const std::int64_t na = (std::int64_t(1) << 30) + (std::int64_t(1) << 29) + 12345;
  const std::int64_t nb = (std::int64_t(1) << 30) + 777;
  REQUIRE(na + nb > std::int64_t(1) << 31);
  thrust::device_vector<std::int8_t> a(na), b(nb), merged(na + nb, std::int8_t(0x5a));
  thrust::tabulate(a.begin(), a.end(), ramp_key{na});
  thrust::tabulate(b.begin(), b.end(), ramp_key{nb});
  auto end = mgpu::merge(thrust::device, a.begin(), a.end(), b.begin(), b.end(), merged.begin());
  CHECK(end == merged.end());
  CHECK(thrust::is_sorted(thrust::device, merged.begin(), merged.end()));

  // Sorted and holding every key as often as A and B together do: the merge.
  thrust::device_vector<std::int8_t> keys(256);
  thrust::sequence(keys.begin(), keys.end(), -128);
  auto count_keys = [&](const thrust::device_vector<std::int8_t>& v) {
    thrust::device_vector<std::int64_t> lower(256), upper(256);
    thrust::lower_bound(v.begin(), v.end(), keys.begin(), keys.end(), lower.begin());
    thrust::upper_bound(v.begin(), v.end(), keys.begin(), keys.end(), upper.begin());
    thrust::host_vector<std::int64_t> lo = lower, hi = upper;
    std::vector<std::int64_t> counts(256);
    for (int k = 0; k < 256; ++k)
      counts[k] = hi[k] - lo[k];
    return counts;
  };
  const auto ca = count_keys(a), cb = count_keys(b), cm = count_keys(merged);
  int wrong = 0;
  for (int k = 0; k < 256; ++k)
    wrong += cm[k] == ca[k] + cb[k] ? 0 : 1;
  CHECK(wrong == 0);
}

namespace {
// One warp per diagonal, as a tile of a merge without a partition finds its
// splits.
__global__ void warp_merge_path_kernel(const int* a, int na, const int* b, int nb, int* splits)
{
  const int diag = int(blockIdx.x) * int(blockDim.x / 32) + int(threadIdx.x / 32);
  if (diag > na + nb) // whole warps leave
    return;
  const int split = mgpu::detail::cuda::warp_merge_path(a, na, b, nb, diag, ::cuda::std::less<>{});
  if (threadIdx.x % 32 == 0)
    splits[diag] = split;
}

template <mgpu::bounds Bounds>
void check_partition_every_diagonal(const std::vector<int>& a, const std::vector<int>& b)
{
  thrust::device_vector<int> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());
  const int total = int(a.size() + b.size());
  thrust::device_vector<int> splits(total + 1, -1);
  // A tile size of 1 puts a split on every diagonal.
  mgpu::detail::cuda::launch_merge_partition<Bounds>(
    nullptr, d_a.data().get(), int(a.size()), d_b.data().get(), int(b.size()), 1, total, splits.data().get(),
    ::cuda::std::less<>{}, "test");
  const auto found = to_std(splits);
  std::vector<int> expected(total + 1);
  for (int diag = 0; diag <= total; ++diag)
    expected[diag] = mgpu::merge_path<Bounds>(a.data(), int(a.size()), b.data(), int(b.size()), diag, ::cuda::std::less<>{});
  MGPU_CHECK_EQUAL_RANGES(found, expected);
  if constexpr (Bounds == mgpu::bounds::lower)
  {
    thrust::device_vector<int> warp_splits(total + 1, -1);
    constexpr int warps_per_cta = 4;
    warp_merge_path_kernel<<<(total + warps_per_cta) / warps_per_cta, 32 * warps_per_cta>>>(
      d_a.data().get(), int(a.size()), d_b.data().get(), int(b.size()), warp_splits.data().get());
    REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
    MGPU_CHECK_EQUAL_RANGES(to_std(warp_splits), expected);
  }
}
} // namespace

TEST_CASE("merge partition kernel and warp splits: agree with merge_path on every diagonal")
{
  for (std::uint64_t seed = 0; seed < 12; ++seed)
  {
    const std::size_t na = (seed * 977) % 5000, nb = (seed * 1733) % 4000 + 1;
    const int hi = seed % 2 ? 5 : 1 << 20;
    const auto a = random_sorted<int>(na, 0, hi, seed), b = random_sorted<int>(nb, 0, hi, seed + 50);
    CAPTURE(seed);
    check_partition_every_diagonal<mgpu::bounds::lower>(a, b);
    check_partition_every_diagonal<mgpu::bounds::upper>(a, b);
  }
}

namespace {
// Small tiles, a partition from 2 tiles per SM on, and `HeadTilesPerSm` tiles
// per SM finding their own splits while it runs: a modest merge takes every
// path of a large one.
template <int HeadTilesPerSm>
using small_tile_merge =
  mgpu::detail::cuda::fixed_hub<mgpu::detail::cuda::merge_policy<mgpu::detail::cuda::tile_shape<128, 3>, 2, HeadTilesPerSm>>;

template <int HeadTilesPerSm>
void check_small_tile_merge(const std::vector<int>& a, const std::vector<int>& b)
{
  check_int_pairs(a, b, [](auto& d_a, auto& d_b, auto& d_av, auto& d_bv, auto& keys, auto& values) {
    auto policy = thrust::cuda::par;
    mgpu::detail::cuda::merge_with_hub<int, small_tile_merge<HeadTilesPerSm>>(
      policy, d_a.begin(), int(d_a.size()), d_b.begin(), int(d_b.size()), d_av.begin(), d_bv.begin(), keys.begin(),
      values.begin(), ::cuda::std::less<>{}, "test");
  });
}

// A partitioned merge of keys in [0, 100) with `Size` offsets into `Out`
// elements starting `shift` elements into a poisoned array; `in_output`:
// whether the splits fit in the tiles' outputs, so that it takes no scratch.
template <class Size, class Out>
void check_split_placement(std::size_t na, std::size_t nb, std::size_t shift, bool in_output)
{
  CAPTURE(sizeof(Size));
  CAPTURE(sizeof(Out));
  CAPTURE(shift);
  const auto a = random_sorted<int>(na, 0, 100, na), b = random_sorted<int>(nb, 0, 100, nb + 1);
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  const Out poison = Out(-7);
  thrust::device_vector<Out> out(shift + na + nb + 1, poison);
  mgpu_test::device_arena arena(1 << 20);
  auto policy = thrust::cuda::par(arena.allocator());
  mgpu::detail::cuda::merge_with_hub<Size, small_tile_merge<1>>(
    policy, d_a.begin(), Size(na), d_b.begin(), Size(nb), mgpu::detail::no_values{}, mgpu::detail::no_values{},
    out.data().get() + shift, mgpu::detail::no_values{}, ::cuda::std::less<>{}, "test");
  std::vector<int> merged(na + nb);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), merged.begin());
  std::vector<Out> expected(shift, poison);
  for (int key : merged)
    expected.push_back(Out(key));
  expected.push_back(poison);
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  CHECK(arena.state.allocations == (in_output ? 0 : 1));
  CHECK(arena.state.live == 0);
}
} // namespace

TEST_CASE("merge: splits kept in the tiles' outputs, or in scratch where the output cannot hold them")
{
  // 384-element tiles; last tiles of 1 to 8 elements or a full one, outputs
  // narrower and wider than the offsets, and outputs off their alignment.
  for (std::size_t last : {1, 2, 3, 4, 5, 8, 384})
  {
    CAPTURE(last);
    const std::size_t na = 1500 * 384 / 2, nb = 1500 * 384 / 2 - 384 + last;
    // The last tile must hold two offsets: 8 bytes for int, 16 for int64.
    check_split_placement<int, int>(na, nb, 0, last >= 2);
    check_split_placement<std::int64_t, int>(na, nb, 0, last >= 4);
    check_split_placement<std::int64_t, int>(na, nb, 1, false);
    check_split_placement<int, std::int64_t>(na, nb, 0, true);
    check_split_placement<int, double>(na, nb, 0, true);
    check_split_placement<int, signed char>(na, nb, 0, last >= 8);
    check_split_placement<int, signed char>(na, nb, 3, false);
    check_split_placement<int, short>(na, nb, 1, false);
  }
}

TEST_CASE("merge: partitioned launches whose first tiles find their own splits beside the partition")
{
  for (int hi : {1 << 30, 1000, 3})
  {
    CAPTURE(hi);
    const auto a = random_sorted<int>(400001, 0, hi, 61), b = random_sorted<int>(300007, 0, hi, 62);
    check_small_tile_merge<0>(a, b);
    check_small_tile_merge<1>(a, b);
    check_small_tile_merge<3>(a, b);
    check_small_tile_merge<1>(a, {});
    check_small_tile_merge<1>({}, b);
  }
}
