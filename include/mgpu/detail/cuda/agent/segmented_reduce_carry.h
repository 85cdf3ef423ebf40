// Carrying a segment across tiles, values of the reduction's type T.
//
// Each tile of a segmented reduction ends inside one segment (the last it
// opens, or, if it opens none, the one it continues). Its carry is that
// segment's reduction so far: from the segment's start, `init` included, for
// a tile that opens a segment, or over all of its values for one that opens
// none. The carry of a tile that opens a segment is already inclusive (what
// came before does not enter it); a tile inside a long segment publishes its
// own reduction, an aggregate. No tile waits for another: each leaves its
// part of the segment it closes as a closing head, and a fix-up pass after
// the tiles scans their carries into inclusive ones, blocks of them carried
// across by decoupled look-back (tile_lookback.h does the same for counts),
// and joins each closing head to its predecessor's inclusive carry.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/tile_lookback.h>

#include <cuda/atomic>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace mgpu::detail::cuda {

enum carry_status : std::uint32_t
{
  carry_unpublished = 0,
  carry_aggregate   = 1, // the tile's own reduction, the segment continuing from an earlier tile
  carry_inclusive   = 2  // the segment's reduction from its start through this tile
};

template <class T>
struct published_carry
{
  std::uint32_t status;
  T value;
};

// What tile p holds of the segment it closes (the one begun before it), for
// the fix-up pass: none when it closes no segment; carry_only when the
// segment has no values in the tile (its result is tile p - 1's inclusive
// carry); with_values when `values` reduces them (without init).
enum class closing_kind : std::uint32_t
{
  none,
  carry_only,
  with_values
};

template <class T, class Size>
struct closing_head
{
  T values;
  Size segment;
  closing_kind kind;
};

// A tile's closing head lives in the second half of its sector, which the
// look-back leaves unused and which is cleared with the status (kind none):
// the segment, the kind and, for carries packed with their status, the
// values.
struct alignas(16) closing_fields
{
  std::uint64_t segment;
  std::uint32_t kind;
  std::uint32_t value_bits;
};

// `sector`: the tile's first status word.
__device__ MGPU_FORCEINLINE closing_fields* closing_fields_of(void* sector)
{
  return reinterpret_cast<closing_fields*>(static_cast<char*>(sector) + sizeof(closing_fields));
}

// Carries of at most 4 bytes share one 64-bit word with their status, so one
// relaxed load sees both. Each tile's word has a 32-byte sector of its own
// (see tile_lookback.h for why).
template <class T>
inline constexpr bool packs_carry_v = sizeof(T) <= sizeof(std::uint32_t) && std::is_trivially_copyable_v<T>;

template <class T, bool Packed = packs_carry_v<T>>
struct tile_carries
{
  static constexpr int words_per_tile = 32 / sizeof(std::uint64_t);
  std::uint64_t* words; // 32-byte aligned
  static_assert(words_per_tile * sizeof(std::uint64_t) == 2 * sizeof(closing_fields),
                "closing heads fill the sectors' second halves");

  static std::size_t status_bytes(std::size_t tiles) { return tiles * words_per_tile * sizeof(std::uint64_t); }
  static std::size_t value_bytes(std::size_t) { return 0; }
  void place_values(char*, std::size_t) {}

  __device__ MGPU_FORCEINLINE void clear(std::size_t tile) const
  {
    word(tile).store(0u, ::cuda::std::memory_order_relaxed);
  }

  __device__ MGPU_FORCEINLINE void publish(std::size_t tile, std::uint32_t status, const T& value) const
  {
    std::uint32_t bits = 0;
    ::memcpy(&bits, &value, sizeof(T));
    word(tile).store((std::uint64_t(status) << 32) | bits, ::cuda::std::memory_order_relaxed);
  }

  __device__ MGPU_FORCEINLINE published_carry<T> read(std::size_t tile) const
  {
    const std::uint64_t w      = word(tile).load(::cuda::std::memory_order_relaxed);
    const std::uint32_t bits   = static_cast<std::uint32_t>(w);
    published_carry<T> carry{static_cast<std::uint32_t>(w >> 32), T{}};
    ::memcpy(&carry.value, &bits, sizeof(T));
    return carry;
  }

  template <class Size>
  __device__ MGPU_FORCEINLINE void leave_closing(std::size_t tile, const closing_head<T, Size>& head) const
  {
    std::uint32_t bits = 0;
    ::memcpy(&bits, &head.values, sizeof(T));
    *closing_fields_of(words + tile * words_per_tile) = {static_cast<std::uint64_t>(head.segment),
                                                         std::uint32_t(head.kind), bits};
  }

  template <class Size>
  __device__ MGPU_FORCEINLINE closing_head<T, Size> closing(std::size_t tile) const
  {
    const closing_fields fields = *closing_fields_of(words + tile * words_per_tile);
    closing_head<T, Size> head{T{}, static_cast<Size>(fields.segment), closing_kind(fields.kind)};
    ::memcpy(&head.values, &fields.value_bits, sizeof(T));
    return head;
  }

private:
  __device__ MGPU_FORCEINLINE auto word(std::size_t tile) const
  {
    return ::cuda::atomic_ref<std::uint64_t, ::cuda::thread_scope_device>(words[tile * words_per_tile]);
  }
};

// Larger carries: a status word per tile (in its own 32-byte sector) and two
// arrays of values, one per status, so a reader never sees a value
// overwritten under it; a third holds the closing heads' values. A value is
// written before its status is released.
template <class T>
struct tile_carries<T, false>
{
  static constexpr int words_per_tile = 32 / sizeof(std::uint32_t);
  std::uint32_t* words; // 32-byte aligned
  static_assert(words_per_tile * sizeof(std::uint32_t) == 2 * sizeof(closing_fields),
                "closing heads fill the sectors' second halves");
  T* aggregates = nullptr;
  T* inclusives = nullptr;
  T* closing_values = nullptr;

  static std::size_t status_bytes(std::size_t tiles) { return tiles * words_per_tile * sizeof(std::uint32_t); }
  static std::size_t value_bytes(std::size_t tiles) { return 3 * tiles * sizeof(T) + alignof(T); }

  // `storage` holds value_bytes(tiles).
  void place_values(char* storage, std::size_t tiles)
  {
    const auto misalignment = reinterpret_cast<std::uintptr_t>(storage) % alignof(T);
    aggregates     = reinterpret_cast<T*>(storage + (misalignment ? alignof(T) - misalignment : 0));
    inclusives     = aggregates + tiles;
    closing_values = inclusives + tiles;
  }

  __device__ MGPU_FORCEINLINE void clear(std::size_t tile) const
  {
    word(tile).store(0u, ::cuda::std::memory_order_relaxed);
  }

  __device__ MGPU_FORCEINLINE void publish(std::size_t tile, std::uint32_t status, const T& value) const
  {
    (status == carry_aggregate ? aggregates : inclusives)[tile] = value;
    word(tile).store(status, ::cuda::std::memory_order_release);
  }

  __device__ MGPU_FORCEINLINE published_carry<T> read(std::size_t tile) const
  {
    published_carry<T> carry{word(tile).load(::cuda::std::memory_order_acquire), T{}};
    if (carry.status == carry_aggregate)
      carry.value = aggregates[tile];
    else if (carry.status == carry_inclusive)
      carry.value = inclusives[tile];
    return carry;
  }

  template <class Size>
  __device__ MGPU_FORCEINLINE void leave_closing(std::size_t tile, const closing_head<T, Size>& head) const
  {
    closing_values[tile]            = head.values;
    *closing_fields_of(words + tile * words_per_tile) = {static_cast<std::uint64_t>(head.segment),
                                                         std::uint32_t(head.kind), 0u};
  }

  template <class Size>
  __device__ MGPU_FORCEINLINE closing_head<T, Size> closing(std::size_t tile) const
  {
    const closing_fields fields = *closing_fields_of(words + tile * words_per_tile);
    return {closing_values[tile], static_cast<Size>(fields.segment), closing_kind(fields.kind)};
  }

private:
  __device__ MGPU_FORCEINLINE auto word(std::size_t tile) const
  {
    return ::cuda::atomic_ref<std::uint32_t, ::cuda::thread_scope_device>(words[tile * words_per_tile]);
  }
};

// The inclusive carry of tile `tile - 1`, for tile > 0: the aggregates of
// the tiles before it, in order, back to the nearest inclusive one. Every
// lane of one warp calls it; lane 0 gets the result. Each round lane i reads
// tile end - 1 - i; once the nearest inclusive tile is known and every
// nearer one has published, lane 0 combines the round's values from the
// farthest to the nearest (op need not be commutative) through `window`, 32
// values in shared memory.
template <class Pace, class T, class Size, class Op>
__device__ T look_back_carry(const tile_carries<T>& carries, Size tile, Op& op, T* window)
{
  const int lane = static_cast<int>(threadIdx.x % 32);
  T nearer{}; // the combined rounds so far (tiles nearer to `tile`)
  bool has_nearer = false;
  Size end        = tile; // this round reads tiles [end - 32, end)
  for (;;)
  {
    const Size t = end - 1 - Size(lane);
    const published_carry<T> carry =
      t >= Size(0) ? carries.read(static_cast<std::size_t>(t)) : published_carry<T>{carry_inclusive, T{}};
    const unsigned inclusive_lanes = __ballot_sync(0xffffffffu, carry.status == carry_inclusive);
    const int nearest              = inclusive_lanes ? __ffs(inclusive_lanes) - 1 : 32;
    if (__any_sync(0xffffffffu, lane < nearest && carry.status == carry_unpublished))
    {
      Pace::sleep(Pace::poll_sleep);
      continue;
    }
    // Tile 0 always publishes an inclusive carry, so a lane before it never
    // counts; its value would be empty.
    const bool counts = lane <= nearest && t >= Size(0);
    const unsigned counted = __ballot_sync(0xffffffffu, counts);
    if (counts)
      window[lane] = carry.value;
    __syncwarp();
    if (lane == 0 && counted != 0)
    {
      int l = 31 - __clz(counted); // the farthest tile counted
      T round = window[l];
      for (--l; l >= 0; --l)
        round = static_cast<T>(op(round, window[l]));
      nearer     = has_nearer ? static_cast<T>(op(round, nearer)) : round;
      has_nearer = true;
    }
    __syncwarp();
    if (nearest < 32)
      return nearer;
    end -= 32;
  }
}

} // namespace mgpu::detail::cuda
