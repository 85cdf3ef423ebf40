// Tile shapes: threads per CTA × items per thread. Tuned on an sm_90 part
// (H100/H200); the fallback keeps register and shared-memory use modest for
// older or unknown chips.
#pragma once

namespace mgpu::detail::cuda {

template <int Threads, int ItemsPerThread>
struct tile_shape
{
  static constexpr int threads          = Threads;
  static constexpr int items_per_thread = ItemsPerThread;
  static constexpr int tile_size        = Threads * ItemsPerThread;
};

// Odd item counts keep the per-thread (blocked) shared-memory accesses free of
// bank conflicts for 4-byte types.
template <int BytesPerItem>
struct merge_tuning_sm90
{
  using shape = tile_shape<256, BytesPerItem <= 4 ? 15 : BytesPerItem <= 8 ? 11 : 7>;
};

template <int BytesPerItem>
struct merge_tuning_fallback
{
  using shape = tile_shape<128, BytesPerItem <= 8 ? 11 : 7>;
};

} // namespace mgpu::detail::cuda
