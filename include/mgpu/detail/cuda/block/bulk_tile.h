// Building blocks shared by the bulk remove and bulk insert tile kernels: a
// lower bound over a sorted list in shared memory, bank-conflict padding for
// tiles in shared memory, and the partial tile's staging in rounds.
#pragma once

#include <mgpu/detail/config.h>

namespace mgpu::detail::cuda {

// First i in [begin, end) with !(sorted[i] < key), or `end` when there is
// none. `sorted` lies in shared memory: each probe is a short dependent load.
template <class T, class Key>
__device__ MGPU_FORCEINLINE int shared_lower_bound(const T* sorted, int begin, int end, Key key)
{
  while (begin < end)
  {
    const int mid = (begin + end) / 2;
    if (sorted[mid] < key)
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

// Shared-memory slot of tile element i. Threads that each touch VT
// consecutive elements (a blocked arrangement) hit the same banks when VT
// shares a factor with 32; one spare slot after every 128 bytes of elements
// spreads them over all banks, while 32 consecutive elements stay in one
// conflict-free row. Odd VT needs no padding.
template <class T, int VT>
struct tile_padding
{
  static constexpr int period =
    (VT % 2 == 0 && sizeof(T) % 4 == 0 && 128 % sizeof(T) == 0) ? int(128 / sizeof(T)) : 0;

  static constexpr int slots(int tile_size) { return period ? tile_size + tile_size / period : tile_size; }
  static __device__ MGPU_FORCEINLINE int slot(int i) { return period ? i + i / period : i; }
};

// The last, partial tile's elements j = tid + i * NT (i < VT) in rounds of
// eight: load(u, j) for each element of a round, u being its place in the
// round, then store(u, j). The fully unrolled predicated form would set the
// register count of every tile.
template <int NT, int VT, class Load, class Store>
__device__ MGPU_FORCEINLINE void for_partial_tile_rounds(Load&& load, Store&& store)
{
  const int tid = static_cast<int>(threadIdx.x);
#pragma unroll 1
  for (int base = 0; base < VT; base += 8)
  {
#pragma unroll
    for (int u = 0; u < 8; ++u)
      if (base + u < VT)
        load(u, tid + (base + u) * NT);
#pragma unroll
    for (int u = 0; u < 8; ++u)
      if (base + u < VT)
        store(u, tid + (base + u) * NT);
  }
}

} // namespace mgpu::detail::cuda
