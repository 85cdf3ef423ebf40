// Tile shapes and scheduling knobs, one policy per algorithm: tuned for sm_90,
// with a modest fallback for other chips. Measurements: docs/tuning.md.
#pragma once

#include <mgpu/detail/cuda/tuning/policy_hub.h>

#include <type_traits>

namespace mgpu::detail::cuda {

template <int Threads, int ItemsPerThread>
struct tile_shape
{
  static constexpr int threads          = Threads;
  static constexpr int items_per_thread = ItemsPerThread;
  static constexpr int tile_size        = Threads * ItemsPerThread;
};

// Whether a tile of threads x items items, plus 1/16 for transposes and
// bookkeeping, fits in a CTA's 48 KiB of static shared memory.
constexpr bool tile_fits_shared(int threads, int items, int bytes_per_item)
{
  return threads * items * bytes_per_item * 17 / 16 <= 46 * 1024;
}

// The largest odd item count up to `cap` (at least 1) whose tile fits.
constexpr int items_fitting_shared(int threads, int bytes_per_item, int cap)
{
  int items = cap;
  while (items > 1 && !tile_fits_shared(threads, items, bytes_per_item))
    items -= items % 2 == 0 ? 1 : 2;
  return items;
}

// The most threads, from `threads` down by halves to `fewest`, for which
// `fits_one_each(threads)` holds: wide types take smaller CTAs rather than
// overflowing a tile's shared memory.
template <class FitsOneEach>
constexpr int threads_fitting(int threads, FitsOneEach fits_one_each, int fewest = 64)
{
  while (threads > fewest && !fits_one_each(threads))
    threads /= 2;
  return threads;
}

// Threads whose tile holds at least one item of this size each.
constexpr int threads_fitting_shared(int threads, int bytes_per_item)
{
  return threads_fitting(threads, [bytes_per_item](int t) { return tile_fits_shared(t, 1, bytes_per_item); });
}

// Items of this size leave too few per thread at 256 threads: take 128, and
// fewer where one item each would not fit.
constexpr int threads_for_item_bytes(int bytes_per_item)
{
  return bytes_per_item <= 16 ? 256 : threads_fitting_shared(128, bytes_per_item);
}

// Odd item counts keep blocked shared-memory accesses free of bank conflicts;
// large tiles mean fewer partition searches and per-tile overheads.
// MinCtasPerSm caps the tile kernel's registers so that many tiles are in
// flight (0: no cap; 1 would let ptxas take up to 255 registers).
template <class Shape, int OwnSplitTilesPerSm, int HeadTilesPerSm = 0, int MinCtasPerSm = 0>
struct merge_policy
{
  using shape                                 = Shape;
  static constexpr int own_split_tiles_per_sm = OwnSplitTilesPerSm; // 0: always partition
  static constexpr int head_tiles_per_sm      = HeadTilesPerSm;     // 0: no overlap with the partition
  static constexpr int min_ctas_per_sm        = MinCtasPerSm;
};

template <int BytesPerItem, int Threads, int Cap>
using merge_shape_for = tile_shape<Threads, items_fitting_shared(Threads, BytesPerItem, Cap)>;

template <int BytesPerItem>
struct merge_tuning_sm90
{
  using shape = merge_shape_for<BytesPerItem, threads_for_item_bytes(BytesPerItem),
                                BytesPerItem <= 4 ? 23 : BytesPerItem <= 8 ? 11 : 7>;
};

// Merges of at most this many tiles per SM run no partition kernel and take no
// scratch: two warps of each tile find its splits. 0: every merge partitions.
inline constexpr int merge_own_split_tiles_per_sm_sm90 = 24;

// Larger merges launch their tiles while the partition runs: the first this
// many tiles per SM find their own splits, the later ones wait for it.
inline constexpr int merge_head_tiles_per_sm_sm90 = 10;

template <int BytesPerItem>
struct merge_tuning_fallback
{
  using shape = merge_shape_for<BytesPerItem, 128, BytesPerItem <= 8 ? 11 : 7>;
};

// Six tiles of 4-byte keys per SM (40 registers) rather than five: wider
// items measured no faster so.
template <int BytesPerItem>
inline constexpr int merge_min_ctas_per_sm_sm90 = BytesPerItem <= 4 ? 6 : 0;

// MinCtasPerSmSm90: the sm_90 policy's min_ctas_per_sm.
template <int BytesPerItem, int MinCtasPerSmSm90 = merge_min_ctas_per_sm_sm90<BytesPerItem>>
struct merge_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<Tier == tuning_tier::sm90,
                                    merge_policy<typename merge_tuning_sm90<BytesPerItem>::shape,
                                                 merge_own_split_tiles_per_sm_sm90, merge_head_tiles_per_sm_sm90,
                                                 MinCtasPerSmSm90>,
                                    merge_policy<typename merge_tuning_fallback<BytesPerItem>::shape, 0>>;
};

// Vectorized sorted search runs the merge's tiles, whose walk is
// latency-bound (no keys are written): six per SM for keys of up to 8 bytes.
template <int KeyBytes>
using sorted_search_hub = merge_hub<KeyBytes, KeyBytes <= 8 ? 6 : 0>;

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Multiset operations: many (odd) items per thread amortize each thread's
// Balanced Path search in shared memory and keep its reads conflict-free.
// Keys wider than 8 bytes: 128 threads and as many keys per thread (up to 7)
// as fit, with a 2-byte position per key for by-key tiles.
template <int KeyBytes, bool HasValues, int Threads = threads_fitting_shared(128, KeyBytes + (HasValues ? 2 : 0))>
using set_shape_for = tile_shape<Threads, items_fitting_shared(Threads, KeyBytes + (HasValues ? 2 : 0), 7)>;

// MinCtasPerSM caps registers: the tile kernel is latency-bound and needs many
// tiles in flight. The look-back sleeps FirstNs before its first poll (tiles
// wait on predecessors that have not yet published), PollNs between polls.
// PrefetchPercent: the L2 fetches the keys of the tile that many % of the
// resident tiles ahead, which starts about when this one ends (0: none).
template <class Shape, int MinCtasPerSM, unsigned FirstNs = 2000, unsigned PollNs = 350, int PrefetchPercent = 30>
struct set_tuning
{
  using shape                                    = Shape;
  static constexpr int min_ctas_per_sm           = MinCtasPerSM;
  static constexpr int prefetch_percent          = PrefetchPercent;
  static constexpr unsigned lookback_first_sleep = FirstNs;
  static constexpr unsigned lookback_poll_sleep  = PollNs;
};

// Keys-only tiles take the most items; by-key tiles fewer, and fewer still
// with values from both sides, which would otherwise spill.
template <int KeyBytes, bool HasValues = false, bool ValuesFromBothSides = false>
struct set_operation_tuning_sm90
  : std::conditional_t<KeyBytes <= 4,
                       set_tuning<tile_shape<256, !HasValues ? 31 : ValuesFromBothSides ? 27 : 29>, 5>,
                       std::conditional_t<KeyBytes <= 8, set_tuning<tile_shape<256, 19>, 3>,
                                          set_tuning<set_shape_for<KeyBytes, HasValues>, 1>>>
{};

// Launches of at most this many waves of tiles run no partition kernel: each
// tile finds its two cuts, one warp per cut. 0: every launch partitions.
inline constexpr int set_own_cut_waves_sm90 = 2;

template <int KeyBytes>
struct set_operation_tuning_fallback
  : set_tuning<std::conditional_t<KeyBytes <= 8, tile_shape<128, 11>, set_shape_for<KeyBytes, true>>, 1, 2000, 350, 0>
{};

// A hub's policy is the tier's tuning plus how many waves of tiles may find
// their own cuts (0 for the fallback: it always partitions).
template <class Tuning, int OwnCutWaves>
struct set_policy : Tuning
{
  static constexpr int own_cut_waves = OwnCutWaves;
};

template <int KeyBytes, bool HasValues, bool ValuesFromBothSides>
struct set_operation_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<
    Tier == tuning_tier::sm90,
    set_policy<set_operation_tuning_sm90<KeyBytes, HasValues, ValuesFromBothSides>, set_own_cut_waves_sm90>,
    set_policy<set_operation_tuning_fallback<KeyBytes>, 0>>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Load-balanced tiles (transform_lbs, load_balance_search, the interval family)
// cost one partition cut each, so they are large. A step keeps 4 bytes in shared
// memory plus StagedBytes of segment data (0 for the search, transform_lbs and
// interval_expand's values up to 4 bytes; 4 for a gather start; 8 for
// interval_move's two starts or 8-byte expand values), within 48 KiB. Odd item
// counts spread the serial search's shared accesses over the banks.
constexpr bool lbs_tile_fits(int threads, int items, int staged_bytes)
{
  return (threads * items + 2) * 4 + (threads * items + 1) * staged_bytes + 64 <= 48 * 1024;
}

template <int Threads, int StagedBytes, int Cap>
constexpr int lbs_items_per_thread()
{
  int items = Cap;
  while (items > 1 && !lbs_tile_fits(Threads, items, StagedBytes))
    items -= 2;
  return items;
}

// Threads of a tile that stages `StagedBytes` per step: fewer than
// `Threads` only where one step each would not fit.
template <int Threads, int StagedBytes>
inline constexpr int lbs_threads =
  threads_fitting(Threads, [](int t) { return lbs_tile_fits(t, 1, StagedBytes); });

// Per amount of staged segment data, the item count that measured fastest.
template <int StagedBytes>
inline constexpr int lbs_items_sm90 = StagedBytes == 0 ? 23
                                    : StagedBytes <= 4 ? 15
                                    : StagedBytes <= 8 ? 11
                                                       : 9;

// IndexBytes: 4 or 8 (64-bit indices stage their offsets in twice the
// registers, so their tiles stay smaller).
template <int StagedBytes, int IndexBytes>
struct load_balance_tuning_sm90
{
  static constexpr int cap =
    IndexBytes > 4 && lbs_items_sm90<StagedBytes> > 15 ? 15 : lbs_items_sm90<StagedBytes>;
  static constexpr int threads = lbs_threads<256, StagedBytes>;
  using shape                  = tile_shape<threads, lbs_items_per_thread<threads, StagedBytes, cap>()>;
};

// Launches of at most this many waves of tiles skip the partition kernel: each
// tile finds its own item range (0: only launches the head waves cover do).
inline constexpr int lbs_own_range_waves_sm90 = 4;

// In larger launches the first this many waves find their own item ranges while
// the partition runs beside them; later tiles read theirs (0: all wait).
inline constexpr int lbs_head_waves_sm90 = 1;

template <int StagedBytes, int IndexBytes>
struct load_balance_tuning_fallback
{
  static constexpr int threads = lbs_threads<128, StagedBytes>;
  using shape                  = tile_shape<threads, lbs_items_per_thread<threads, StagedBytes, 11>()>;
};

// How the load-balancing engine's tiles find their item ranges: alone in
// launches of at most OwnRangeWaves waves, in the first HeadWaves waves of
// larger ones, and whether the tiles start while the partition runs.
template <int OwnRangeWaves, int HeadWaves, bool OverlapPartition>
struct load_balance_launch
{
  static constexpr int own_range_waves    = OwnRangeWaves;
  static constexpr int head_waves         = HeadWaves;
  static constexpr bool overlap_partition = OverlapPartition;
};

// ResidentThreads / LeanResidentThreads: the threads per SM the register cap
// plans for (lean: operations that stage nothing; VectorLean: the same, with
// contiguous offsets staged 16 bytes per load, which takes fewer registers);
// 1024 fits every chip from sm_75.
template <class Shape, int ResidentThreads, int LeanResidentThreads, int VectorLeanResidentThreads, class Launch>
struct load_balance_policy : Launch
{
  using shape                                       = Shape;
  static constexpr int resident_threads             = ResidentThreads;
  static constexpr int lean_resident_threads        = LeanResidentThreads;
  static constexpr int vector_lean_resident_threads = VectorLeanResidentThreads;
};

// Lean tiles of 32-bit indices staged in vectors fit 32 registers, so 2048
// threads; 64-bit indices need more and keep 1536.
template <int IndexBytes>
inline constexpr int lbs_vector_lean_resident_threads_sm90 = IndexBytes > 4 ? 1536 : 2048;

using load_balance_launch_sm90     = load_balance_launch<lbs_own_range_waves_sm90, lbs_head_waves_sm90, true>;
using load_balance_launch_fallback = load_balance_launch<0, 0, false>;

template <int StagedBytes, int IndexBytes>
struct load_balance_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<
    Tier == tuning_tier::sm90,
    load_balance_policy<typename load_balance_tuning_sm90<StagedBytes, IndexBytes>::shape, 1280, 1536,
                        lbs_vector_lean_resident_threads_sm90<IndexBytes>, load_balance_launch_sm90>,
    load_balance_policy<typename load_balance_tuning_fallback<StagedBytes, IndexBytes>::shape, 1024, 1024, 1024,
                        load_balance_launch_fallback>>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Bulk remove and insert: overlap_partition lets the tiles start early.
template <class Shape, bool OverlapPartition, int MinCtasPerSm = 0>
struct bulk_tuning
{
  using shape                             = Shape;
  static constexpr int min_ctas_per_sm    = MinCtasPerSm; // 0: no register cap
  static constexpr bool overlap_partition = OverlapPartition;
};

// Odd items per thread (conflict-free blocked shared accesses), at most `Cap`,
// with the items plus 4 bytes of bookkeeping each within 40 KiB of shared memory.
constexpr bool bulk_tile_fits(int threads, int items, int bytes_per_item)
{
  return threads * items * (bytes_per_item + 4) <= 40 * 1024;
}

template <int Threads, int BytesPerItem, int Cap>
constexpr int bulk_items_per_thread()
{
  int items = Cap;
  while (items > 1 && !bulk_tile_fits(Threads, items, BytesPerItem))
    items -= 2;
  return items;
}

// Threads of a bulk tile: fewer than `Threads` only for items so wide that
// one each would not fit.
template <int Threads, int BytesPerItem>
inline constexpr int bulk_threads =
  threads_fitting(Threads, [](int t) { return bulk_tile_fits(t, 1, BytesPerItem); });

template <int Threads, int BytesPerItem, int Cap>
using bulk_shape = tile_shape<bulk_threads<Threads, BytesPerItem>,
                              bulk_items_per_thread<bulk_threads<Threads, BytesPerItem>, BytesPerItem, Cap>()>;

// Small CTAs with many 4-byte items stream fastest; bulk remove issues its
// source loads before it waits for the overlapped partition.
template <int BytesPerItem>
struct bulk_remove_tuning_sm90
  : bulk_tuning<bulk_shape<BytesPerItem <= 4 ? 128 : 256, BytesPerItem,
                           BytesPerItem <= 4   ? 23
                           : BytesPerItem <= 8 ? 11
                                               : 7>,
                true>
{};

template <int BytesPerItem>
struct bulk_remove_tuning_fallback : bulk_tuning<bulk_shape<128, BytesPerItem, BytesPerItem <= 8 ? 11 : 7>, false>
{};

// A register cap on 4-byte items keeps more tiles in flight; overlapping the
// partition gains nothing here.
template <int BytesPerItem>
struct bulk_insert_tuning_sm90
  : bulk_tuning<bulk_shape<128, BytesPerItem,
                           BytesPerItem <= 4   ? 15
                           : BytesPerItem <= 8 ? 11
                                               : 7>,
                false, BytesPerItem == 4 ? 10 : 0>
{};

template <int BytesPerItem>
struct bulk_insert_tuning_fallback : bulk_tuning<bulk_shape<128, BytesPerItem, BytesPerItem <= 8 ? 11 : 7>, false>
{};

template <int BytesPerItem>
struct bulk_remove_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<Tier == tuning_tier::sm90, bulk_remove_tuning_sm90<BytesPerItem>,
                                    bulk_remove_tuning_fallback<BytesPerItem>>;
};

template <int BytesPerItem>
struct bulk_insert_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<Tier == tuning_tier::sm90, bulk_insert_tuning_sm90<BytesPerItem>,
                                    bulk_insert_tuning_fallback<BytesPerItem>>;
};

// Segmented reduce. Tile shapes. A tile keeps its values and starts in shared
// memory, at most max(sizeof(T), 4) bytes per step; the values' share is held
// near 24 KiB so that several tiles stay resident per SM (their bulk copies
// in flight together), with an odd item count so the threads' blocked reads
// of 4-byte values are free of bank conflicts.
template <int Threads, int ValueBytes, int Cap>
constexpr int segmented_reduce_items_per_thread()
{
  const int bytes = ValueBytes > 4 ? ValueBytes : 4;
  int items       = Cap;
  while (items > 1 && Threads * items * bytes > 24 * 1024)
    items -= 2;
  return items;
}

// Fewer threads for wide values leave each thread more of the tile's values.
constexpr int segmented_reduce_threads(int value_bytes, int sm90_threads)
{
  return value_bytes <= 32 ? sm90_threads : value_bytes <= 128 ? 128 : 64;
}

// ResidentThreads: the threads per SM the kernel's register cap plans for.
// PollNs: the fix-up blocks' look-back sleep between polls (in grids of 500
// blocks or more, tile_lookback.h); no tile looks back.
// Launch: the load-balancing engine's (load_balance_launch).
template <class Shape, int ResidentThreads, class Launch, unsigned PollNs>
struct segmented_reduce_policy : Launch
{
  using shape                                   = Shape;
  static constexpr unsigned lookback_poll_sleep = PollNs;
  static constexpr int resident_threads         = ResidentThreads;
};

// 256 x 23 steps for values of up to 4 bytes, planned for 2048 resident
// threads (8 tiles per SM): the swept shape that balances short and long
// segments best (docs/tuning.md).
template <int ValueBytes>
struct segmented_reduce_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<
    Tier == tuning_tier::sm90,
    segmented_reduce_policy<
      tile_shape<segmented_reduce_threads(ValueBytes, 256),
                 segmented_reduce_items_per_thread<segmented_reduce_threads(ValueBytes, 256), ValueBytes, 23>()>,
      2048, load_balance_launch_sm90, 200>,
    segmented_reduce_policy<
      tile_shape<segmented_reduce_threads(ValueBytes, 128),
                 segmented_reduce_items_per_thread<segmented_reduce_threads(ValueBytes, 128), ValueBytes, 11>()>,
      1024, load_balance_launch_fallback, 200>>;
};

} // namespace mgpu::detail::cuda
