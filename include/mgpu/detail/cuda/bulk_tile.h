// Tile building blocks shared by bulk remove and bulk insert: the in-kernel
// search for a tile's slice of the sorted indices, one-byte flags read and
// written as whole words, and bank-conflict padding for tiles in shared
// memory.
//
// The boundary search runs in the tile kernel rather than in a separate
// partition launch: every tile finds its slice while its own loads are
// already in flight, and no scratch memory is needed.
#pragma once

#include <mgpu/detail/config.h>

#include <cstdint>

namespace mgpu::detail::cuda {

// First i in [begin, end) with !(key_at(i) < key), or `end` when there is
// none; `key_at` must be non-decreasing over [begin, end). The 32 lanes of the
// calling warp probe 32 evenly spaced positions per round, so the interval
// shrinks 32-fold per dependent global load (about 5 rounds for 2^25 keys
// against 25 for a binary search). Every lane of the warp must call it with
// the same arguments; every lane returns the answer.
template <class Size, class KeyAt, class Key>
__device__ MGPU_FORCEINLINE Size warp_lower_bound(KeyAt key_at, Size begin, Size end, Key key)
{
  constexpr unsigned all_lanes = 0xffffffffu;
  const unsigned lane          = threadIdx.x % 32;
  while (begin < end)
  {
    // Probes are non-decreasing across lanes and all lie in [begin, end).
    const auto width  = static_cast<unsigned long long>(end - begin);
    const Size probe  = begin + static_cast<Size>((width * lane) >> 5);
    const bool before = key_at(probe) < key;
    const int below   = __popc(__ballot_sync(all_lanes, before)); // lanes [0, below) probed before the key
    if (below == 0)
      return begin; // lane 0 probed `begin` itself
    // The answer lies in (probe of lane below-1, probe of lane below].
    const Size last_before = __shfl_sync(all_lanes, probe, below - 1);
    const Size first_after = __shfl_sync(all_lanes, probe, below & 31);
    begin                  = last_before + 1;
    end                    = below == 32 ? end : first_after;
  }
  return begin;
}

// Shared-memory slot of tile element i. Threads that each touch VT
// consecutive elements (a blocked arrangement) would hit the same banks; one
// spare slot after every 128 bytes of elements spreads them over all banks,
// while 32 consecutive elements stay in one conflict-free row.
template <class T>
struct tile_padding
{
  static constexpr int period = (sizeof(T) % 4 == 0 && 128 % sizeof(T) == 0) ? int(128 / sizeof(T)) : 0;

  static constexpr int slots(int tile_size) { return period ? tile_size + tile_size / period : tile_size; }
  static __device__ MGPU_FORCEINLINE int slot(int i) { return period ? i + i / period : i; }
};

// One-byte 0/1 flags, one per tile element. Thread t owns the VT flags at
// [VT * t, VT * t + VT) and moves them as VT / 4 words with the widest aligned
// vector accesses (conflict-free for VT = 4, 8 and 16). Flag i of a thread is
// bit 8 * (i % 4) of word i / 4, so popc of a word counts its set flags.
template <int VT>
struct flag_words
{
  static_assert(VT % 4 == 0, "flags move as whole 32-bit words");
  static constexpr int count = VT / 4;
  std::uint32_t word[count];

  __device__ MGPU_FORCEINLINE bool operator[](int i) const { return (word[i / 4] >> (8 * (i % 4))) & 1u; }

  __device__ MGPU_FORCEINLINE int set_count() const
  {
    int total = 0;
#pragma unroll
    for (int w = 0; w < count; ++w)
      total += __popc(word[w]);
    return total;
  }

  __device__ MGPU_FORCEINLINE void load(const unsigned char* flags)
  {
    const unsigned char* mine = flags + VT * threadIdx.x;
    if constexpr (count % 4 == 0)
    {
#pragma unroll
      for (int v = 0; v < count / 4; ++v)
      {
        const uint4 q = reinterpret_cast<const uint4*>(mine)[v];
        word[4 * v] = q.x, word[4 * v + 1] = q.y, word[4 * v + 2] = q.z, word[4 * v + 3] = q.w;
      }
    }
    else if constexpr (count % 2 == 0)
    {
#pragma unroll
      for (int v = 0; v < count / 2; ++v)
      {
        const uint2 q = reinterpret_cast<const uint2*>(mine)[v];
        word[2 * v] = q.x, word[2 * v + 1] = q.y;
      }
    }
    else
    {
#pragma unroll
      for (int w = 0; w < count; ++w)
        word[w] = reinterpret_cast<const std::uint32_t*>(mine)[w];
    }
  }

  __device__ MGPU_FORCEINLINE void store(unsigned char* flags) const
  {
    unsigned char* mine = flags + VT * threadIdx.x;
    if constexpr (count % 4 == 0)
    {
#pragma unroll
      for (int v = 0; v < count / 4; ++v)
        reinterpret_cast<uint4*>(mine)[v] = make_uint4(word[4 * v], word[4 * v + 1], word[4 * v + 2], word[4 * v + 3]);
    }
    else if constexpr (count % 2 == 0)
    {
#pragma unroll
      for (int v = 0; v < count / 2; ++v)
        reinterpret_cast<uint2*>(mine)[v] = make_uint2(word[2 * v], word[2 * v + 1]);
    }
    else
    {
#pragma unroll
      for (int w = 0; w < count; ++w)
        reinterpret_cast<std::uint32_t*>(mine)[w] = word[w];
    }
  }

  __device__ MGPU_FORCEINLINE void set_all(bool value)
  {
#pragma unroll
    for (int w = 0; w < count; ++w)
      word[w] = value ? 0x01010101u : 0u;
  }

  // Flag i set exactly for the thread's elements i with VT * t + i < limit.
  __device__ MGPU_FORCEINLINE void set_below(int limit)
  {
    const int first = VT * threadIdx.x;
#pragma unroll
    for (int w = 0; w < count; ++w)
    {
      std::uint32_t bits = 0;
#pragma unroll
      for (int b = 0; b < 4; ++b)
        bits |= std::uint32_t(first + 4 * w + b < limit) << (8 * b);
      word[w] = bits;
    }
  }
};

} // namespace mgpu::detail::cuda
