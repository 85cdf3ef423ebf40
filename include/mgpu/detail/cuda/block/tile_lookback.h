// Where each tile's outputs start, by decoupled look-back over the tiles'
// output counts: a tile publishes its count, then one warp sums the counts
// of the tiles before it, back to the nearest tile that has published its
// inclusive offset, and publishes its own. This is CUB's
// TilePrefixCallbackOp with one change of layout: each tile's status has a
// 32-byte sector of its own. Hundreds of tiles poll their predecessors'
// statuses while those tiles publish; with CUB's 8-byte statuses four tiles
// share a sector, and the set operations ran slower (docs/tuning.md).
#pragma once

#include <mgpu/detail/config.h>

#include <cuda/atomic>

#include <cstddef>
#include <cstdint>

namespace mgpu::detail::cuda {

// One 64-bit word per tile, at the start of its own 32-byte sector: the
// status in the top two bits and the count or inclusive offset below them,
// so one load sees both. Offsets stay below 2^62: they count elements of
// device memory.
template <class Size>
struct tile_offsets_state
{
  static constexpr std::uint64_t unpublished = 0;
  static constexpr std::uint64_t aggregate   = std::uint64_t(1) << 62; // the tile's own count
  static constexpr std::uint64_t inclusive   = std::uint64_t(2) << 62; // the offset past its outputs
  static constexpr std::uint64_t value_mask  = (std::uint64_t(1) << 62) - 1;
  static constexpr int words_per_tile        = 32 / sizeof(std::uint64_t);

  std::uint64_t* words; // 32-byte aligned

  static std::size_t bytes(Size tiles) { return std::size_t(tiles) * words_per_tile * sizeof(std::uint64_t); }

  // Before the tile kernel, whose launch orders it before every read.
  __device__ MGPU_FORCEINLINE void reset(Size tile) const { words[tile * words_per_tile] = unpublished; }

  __device__ MGPU_FORCEINLINE void publish(Size tile, std::uint64_t status, Size value) const
  {
    word(tile).store(status | std::uint64_t(value), ::cuda::std::memory_order_relaxed);
  }

  __device__ MGPU_FORCEINLINE std::uint64_t read(Size tile) const
  {
    return word(tile).load(::cuda::std::memory_order_relaxed);
  }

  static __device__ MGPU_FORCEINLINE std::uint64_t status_of(std::uint64_t word) { return word & ~value_mask; }
  static __device__ MGPU_FORCEINLINE Size value_of(std::uint64_t word) { return Size(word & value_mask); }

private:
  __device__ MGPU_FORCEINLINE auto word(Size tile) const
  {
    return ::cuda::atomic_ref<std::uint64_t, ::cuda::thread_scope_device>(words[tile * words_per_tile]);
  }
};

// The look-back's pace: it sleeps FirstNs before its first poll and PollNs
// between polls, in grids of `large_grid` tiles or more (where hundreds of
// polling tiles would crowd the L2).
template <unsigned FirstNs, unsigned PollNs>
struct lookback_pace
{
  static constexpr unsigned first_sleep = FirstNs;
  static constexpr unsigned poll_sleep  = PollNs;
  static constexpr unsigned large_grid  = 500;

  static __device__ MGPU_FORCEINLINE void sleep(unsigned ns)
  {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
    if (gridDim.x >= large_grid)
      __nanosleep(ns);
#else
    (void) ns;
#endif
  }
};

// The same value in every lane of the warp: op over all 32 lanes' `value`.
template <class T, class Op>
__device__ MGPU_FORCEINLINE T warp_all_reduce(T value, Op op)
{
#pragma unroll
  for (int lane_mask = 16; lane_mask > 0; lane_mask /= 2)
    value = op(value, __shfl_xor_sync(0xffffffffu, value, lane_mask));
  return value;
}

// The sum of the counts of tiles [0, tile), for tile > 0. Every lane of one
// warp calls it and gets the sum. Each round, lane i reads the status of
// the tile i + 1 before the round's end; before tile 0 reads as an
// inclusive 0.
template <class Pace, class Size>
__device__ Size look_back_exclusive(const tile_offsets_state<Size>& state, Size tile)
{
  using state_t  = tile_offsets_state<Size>;
  const int lane = static_cast<int>(threadIdx.x % 32);
  Pace::sleep(Pace::first_sleep);

  Size exclusive = 0;
  Size end       = tile; // this round reads tiles [end - 32, end)
  for (;;)
  {
    const Size t             = end - 1 - Size(lane);
    const std::uint64_t word = t >= 0 ? state.read(t) : state_t::inclusive;
    // The nearest tile with an inclusive offset; every tile nearer than it
    // must have published its count.
    const unsigned inclusive_lanes = __ballot_sync(0xffffffffu, state_t::status_of(word) == state_t::inclusive);
    const int nearest              = inclusive_lanes ? __ffs(inclusive_lanes) - 1 : 32;
    if (__any_sync(0xffffffffu, lane < nearest && state_t::status_of(word) == state_t::unpublished))
    {
      Pace::sleep(Pace::poll_sleep);
      continue;
    }
    exclusive += warp_all_reduce(lane <= nearest ? state_t::value_of(word) : Size(0),
                                 [](Size x, Size y) { return x + y; });
    if (nearest < 32)
      return exclusive;
    end -= 32;
  }
}

// Publishes tile `tile`'s output count, finds where its outputs start and
// publishes where they end. Every lane of one warp calls it and gets the
// start.
template <class Pace, class Size>
__device__ MGPU_FORCEINLINE Size publish_and_look_back(const tile_offsets_state<Size>& state, Size tile, Size count)
{
  using state_t        = tile_offsets_state<Size>;
  const bool publisher = threadIdx.x % 32 == 0;
  if (tile == 0)
  {
    if (publisher)
      state.publish(0, state_t::inclusive, count);
    return 0;
  }
  if (publisher)
    state.publish(tile, state_t::aggregate, count);
  const Size exclusive = look_back_exclusive<Pace>(state, tile);
  if (publisher)
    state.publish(tile, state_t::inclusive, exclusive + count);
  return exclusive;
}

} // namespace mgpu::detail::cuda
