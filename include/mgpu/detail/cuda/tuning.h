// Tile shapes: threads per CTA × items per thread. Tuned on an sm_90 part
// (H100/H200); the fallback keeps register and shared-memory use modest for
// older or unknown chips.
#pragma once

#include <mgpu/detail/cuda/policy_hub.h>

#include <type_traits>

namespace mgpu::detail::cuda {

template <int Threads, int ItemsPerThread>
struct tile_shape
{
  static constexpr int threads          = Threads;
  static constexpr int items_per_thread = ItemsPerThread;
  static constexpr int tile_size        = Threads * ItemsPerThread;
};

// The largest odd item count up to `cap` whose tile, at `bytes_per_item` of
// shared memory each (plus 1/16 for transposes and bookkeeping), fits in the
// 48 KiB of static shared memory a CTA may have; at least 1.
constexpr int items_fitting_shared(int threads, int bytes_per_item, int cap)
{
  int items = cap;
  while (items > 1 && threads * items * bytes_per_item * 17 / 16 > 46 * 1024)
    items -= items % 2 == 0 ? 1 : 2;
  return items;
}

// Items of this size leave too few per thread at 256 threads: take 128.
constexpr int threads_for_item_bytes(int bytes_per_item) { return bytes_per_item <= 16 ? 256 : 128; }

// Odd item counts keep the per-thread (blocked) shared-memory accesses free of
// bank conflicts for 4-byte types. Measured on an H200 at 2^27 int32 keys:
// 256x23 beat 256x15 and 256x19 by 2-3% (fewer tiles: fewer partition
// searches and per-tile overheads); for 8-byte items 256x11 beat 256x15,
// 128x11, 512x11 and 256x7.
template <class Shape, int OwnSplitTilesPerSm>
struct merge_policy
{
  using shape                                   = Shape;
  static constexpr int own_split_tiles_per_sm = OwnSplitTilesPerSm; // 0: always partition
};

template <int BytesPerItem, int Threads, int Cap>
using merge_shape_for = tile_shape<Threads, items_fitting_shared(Threads, BytesPerItem, Cap)>;

template <int BytesPerItem>
struct merge_tuning_sm90
{
  using shape = merge_shape_for<BytesPerItem, threads_for_item_bytes(BytesPerItem),
                                BytesPerItem <= 4 ? 23 : BytesPerItem <= 8 ? 11 : 7>;
};

// On sm_90 a merge of at most this many tiles per SM runs no partition
// kernel and takes no scratch: two warps of each tile find its splits
// (warp_merge_path). 0: every merge runs the partition. Measured on an H200
// against 0, same process, medians of 15 (us, caching allocator, int32,
// merge / merge_by_key): 2 x 2^15 15.4 / 15.0 against 19.7 / 18.8; 2 x 2^21
// 24.4 / 37.4 against 31.4 / 45.8; 2 x 2^22 (11 / 23 tiles per SM) 41.0 /
// 61.5 against 46.2 / 64.0; at 43 tiles per SM 7% slower (2 x 2^24 merge,
// 111 against 104).
#ifndef MGPU_MERGE_OWN_SPLIT_TILES_PER_SM
#  define MGPU_MERGE_OWN_SPLIT_TILES_PER_SM 24
#endif

template <int BytesPerItem>
struct merge_tuning_fallback
{
  using shape = merge_shape_for<BytesPerItem, 128, BytesPerItem <= 8 ? 11 : 7>;
};

template <int BytesPerItem>
struct merge_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<Tier == tuning_tier::sm90,
                                    merge_policy<typename merge_tuning_sm90<BytesPerItem>::shape,
                                                 MGPU_MERGE_OWN_SPLIT_TILES_PER_SM>,
                                    merge_policy<typename merge_tuning_fallback<BytesPerItem>::shape, 0>>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Multiset operations: each thread runs a Balanced Path search in shared
// memory before its serial loop, so many items per thread amortize it; odd
// counts keep the blocked shared-memory reads free of bank conflicts.
// MinCtasPerSM caps the registers (the tile kernel is latency-bound: a tile
// waits on its split, its loads, the look-back and its stores in turn, so
// the SM needs many tiles in flight).
// The look-back sleeps FirstNs before its first poll and PollNs between
// polls. Measured on an H200 at 256x23, 2 x 2^26 int32 keys (us; wide / 1000
// distinct keys), first sleep 600 / 1000 / 1500 / 2000 ns (350 ns polls):
//   intersection 362/410, 357/409, 366/405, 362/401
//   union 496/408, 497/409, 481/401, 480/403
//   union_by_key 822/594, 821/593, 811/577, 803/579
//   symmetric_difference_by_key 821/420, 822/421, 799/423, 801/425
// Polls of 200 or 600 ns changed the calls by at most 1%.
// The look-back (tile_lookback.h) gives each tile's status a 32-byte sector
// of its own. Side by side (256x29, all sixteen int32 calls), against CUB's
// look-back with four 8-byte statuses per sector: wide union 434 -> 393 us,
// difference 354 -> 333, symmetric difference 432 -> 394; narrow
// intersection 347 -> 326, union 348 -> 328; by key up to 12% faster;
// wide intersection and narrow difference within 1%. One status per
// 128-byte line was no better (-2% to +5% against one per sector), and with
// it first sleeps of 0, 500 or 1000 ns, or polls of 100 ns, moved the calls
// by -3% to +3%. Reading 4 or 8 statuses per lane per round (128 or 256
// tiles) instead of one was 6-22% and 29-40% slower: tiles wait for
// predecessors that have not yet published, not for a long walk back.
// Rounds of 16, 8 or 4 tiles (lanes past them idle) were -6% to +5%, -6% to
// +11% and -6% to +24% against 32 (faster only on wide union and symmetric
// difference by key), so every lane reads one status. Polling once before
// the first sleep, and sleeping only if a predecessor had not published,
// was 1-4% slower on every call (first sleeps of 1000, 2000 and 3000 ns):
// the first sleep is unconditional.
// PrefetchPercent: each tile has the L2 fetch the keys of the tile
// PrefetchPercent% of the resident tiles (SMs x MinCtasPerSM) after it,
// which starts about when this one ends, so that tile's bulk copies read the
// L2 instead of waiting on DRAM (0: no prefetch). Side by side on an H200
// (2 x 2^26 int32, 256x29m5, all sixteen calls, us against no prefetch):
// 10-50% were 1-4% faster (wide union 390 -> 377, narrow union 324 ->
// 315, union by key 647 -> 633), within 1% of each other; 100% was up to
// 14% slower and 200% up to 18% (the prefetched keys no longer stay in
// the L2 until their tiles start).
// Keys wider than 8 bytes: 128 threads and as many keys per thread (up to 7)
// as fit, with a 2-byte position per key for by-key tiles.
template <int KeyBytes, bool HasValues>
using set_shape_for = tile_shape<128, items_fitting_shared(128, KeyBytes + (HasValues ? 2 : 0), 7)>;

template <class Shape, int MinCtasPerSM, unsigned FirstNs = 2000, unsigned PollNs = 350, int PrefetchPercent = 30>
struct set_tuning
{
  using shape                                    = Shape;
  static constexpr int min_ctas_per_sm           = MinCtasPerSM;
  static constexpr int prefetch_percent          = PrefetchPercent;
  static constexpr unsigned lookback_first_sleep = FirstNs;
  static constexpr unsigned lookback_poll_sleep  = PollNs;
};

// One shape for every operation of a key width, keys or key-value pairs.
// Measured on an H200, 2 x 2^26 keys, whole calls (median of 5, us; wide
// keys / 1000 distinct keys), tile keys copied by cp.async, by-key tiles
// compacting positions, look-back first sleep 2000 ns; m<N>: at least N
// CTAs per SM (caps the registers).
// int32:
//   intersection  256x29m5: 332/382; 256x31m5: 336/375; 256x27m6: 333/384;
//                 256x27m5: 337/385; 256x31m6: 343/387; 256x25m5: 349/392;
//                 256x23m6: 348/392; 128x27m10: 355/417; 256x23m4: 360/399
//   union         256x29m5: 463/380; 256x31m5: 462/379; 256x27m5: 473/391;
//                 256x27m6: 475/383; 256x23m6: 476/394; 256x23m4: 485/410
//   intersection_by_key: 256x29m5: 370/507; 256x27m5: 377/513; 256x25m5:
//                 378/515; 256x23m4: 394/522; 256x31m5: 394/516
//   union_by_key  256x25m5: 728/529; 256x27m5: 734/519; 256x23m4: 737/534;
//                 256x29m5: 739/522; 256x31m5: 753/535; 256x23m6: 767/538
//   difference_by_key: 256x29m5: 503/319; 256x25m5: 510/337; 256x27m5:
//                 514/329; 256x23m4: 526/348
//   symmetric_difference_by_key: 256x25m5: 719/344; 256x27m5: 722/335;
//                 256x29m5: 729/334; 256x23m4: 733/352; 256x31m5: 733/359
// int64 (256x23 by key would exceed 48 KiB of static shared memory):
//   intersection  256x19m3: 541/621; 256x15m3: 610/648; 256x11m4: 672/704;
//                 256x11m1: 678/717; 128x15m8: 685/729
//   union         256x19m3: 830/630; 256x15m4: 867/649; 256x11m1: 980/711
//   intersection_by_key: 256x19m3: 591/855; 256x15m4: 619/858; 256x11m1:
//                 753/915
//   union_by_key  256x19m3: 1272/862; 256x15m3: 1293/871; 256x11m1:
//                 1369/930
// Capping registers costs a few spilled bytes at most but fits more tiles
// per SM, which is what a latency-bound kernel needs. 16-byte keys are not
// tuned.
// Swept again once the tiles loaded their keys by bulk copy (4-byte keys,
// same process, relative to 256x29m5): 256x31m5 -3% to +1%; 256x25m6,
// 128x29m10 and a first look-back sleep of 1000 ns 1-6% slower; 256x29m4
// 3-11% slower. First sleeps, again side by side (wide / narrow keys):
// 500 and 1000 ns 3-13% slower on every operation; 3000 ns 4-6% faster
// on wide union and symmetric difference (3-6% on five by-key cases) but
// 6-8% slower on wide intersection and narrow difference and symmetric
// difference (keys only and by key), so 2000 stays. Compacting a tile's
// outputs before it looks back (rather than inside the scan) changed
// nothing beyond 2%; with that order, a first sleep of 2000 ns plus up to
// 0-2000 ns in proportion to the tile's outputs, taken before the
// look-back, was 1-15% slower on every operation.
// With the sector-per-tile look-back, union and symmetric difference by key
// (values from either side) spill 20 bytes at 256x29 and 48 registers.
// Side by side (us, wide / narrow keys): union_by_key 256x29m5 711/453,
// 256x27m5 650/444, 256x23m6 654/447, 256x25m6 656/455, 256x29m4 660/461;
// symmetric_difference_by_key 692/270, 637/280, 638/281, 640/290, 644/299.
// Against 256x29m5, 256x31m5 was -3% to +1% on keys only and 5-8% slower
// on intersection and difference by key; 256x27m5, 256x25m6, 256x23m6 and
// 256x29m4 were slower on those calls.
// With the L2 prefetch of later tiles' keys (set_tuning) and hinted run searches,
// side by side (us, caching allocator, 256x29m5 -> 256x31m5, keys only):
// narrow intersection 317 -> 309, union 311 -> 307, difference 254 -> 249,
// symmetric difference 259 -> 252; wide within 1%. By key, 256x31m5 stayed
// 8-10% slower on intersection and difference, so keys-only tiles take 31.
template <int KeyBytes, bool HasValues = false, bool ValuesFromBothSides = false>
struct set_operation_tuning_sm90
  : std::conditional_t<KeyBytes <= 4,
                       set_tuning<tile_shape<256, !HasValues ? 31 : ValuesFromBothSides ? 27 : 29>, 5>,
                       std::conditional_t<KeyBytes <= 8, set_tuning<tile_shape<256, 19>, 3>,
                                          set_tuning<set_shape_for<KeyBytes, HasValues>, 1>>>
{};

// On sm_90 a launch of at most this many waves of tiles (as many tiles as
// the device holds at once) runs no partition kernel: each tile finds its
// two cuts, one warp per cut (warp_balanced_cut). 0: every launch runs the
// partition. Measured on an H200 against 0, same process, medians of 15
// (us, caching allocator, int32, all eight operations, wide and narrow):
//   2 x 2^15 to 2 x 2^21 keys (up to 0.8 waves): 25-39 against 36-54
//   2 x 2^22 (1.6-1.9 waves): 45-80 against 54-90 (narrow union 58
//   against 73)
//   2 x 2^23 (3.2-3.6 waves), with 4 or 6: wide 3-11% faster, narrow
//   3-14% slower (every tile's run searches on long runs of equal keys)
// With 3, every size measured took the same path as with 2.
#ifndef MGPU_SET_OWN_CUT_WAVES
#  define MGPU_SET_OWN_CUT_WAVES 2
#endif

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
    set_policy<set_operation_tuning_sm90<KeyBytes, HasValues, ValuesFromBothSides>, MGPU_SET_OWN_CUT_WAVES>,
    set_policy<set_operation_tuning_fallback<KeyBytes>, 0>>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Load-balanced tiles (transform_lbs, load_balance_search, the interval
// family): each tile takes threads * items_per_thread work items and segments
// combined, and costs one cut of the partition, so tiles are large. Every
// step of a tile keeps 4 bytes in shared memory (an item's segment slot or a
// segment's start) plus StagedBytes of segment data (0 for the search,
// transform_lbs and interval_expand's values of up to 4 bytes, which go
// where the starts were; 4 for a gather start, 8 for interval_move's two
// starts or interval_expand's 8-byte values), and the tile must fit in
// 48 KiB of static shared memory. Odd item counts spread the serial
// search's shared accesses over the banks.
template <int Threads, int StagedBytes, int Cap>
constexpr int lbs_items_per_thread()
{
  int items = Cap;
  while (items > 1 && (Threads * items + 2) * 4 + (Threads * items + 1) * StagedBytes + 64 > 48 * 1024)
    items -= 2;
  return items;
}

// Measured on an H200, 2^26 int32 items, medians (us; mean count 1 / 16),
// 256 threads, with the tile's offsets staged one base per pass:
//   search, transform_lbs (nothing staged), whole calls: 23 items: 195 /
//     112; 19: 207 / 114; 27: 206 / 113; 31: 208 / 116.
//   interval_expand (4 bytes staged, nothing loaded per item), whole calls:
//     15 items, 5 tiles per SM: 281 / 140; 19: 282 / 148; 23: 288 / 159.
//     Now that its int32 values go where the starts were (nothing staged)
//     and it runs lean, at 8 tiles per SM, in one process: 23 items: 237 /
//     117; 21: 248 / 114; 27 (7 tiles): 254 / 116; the earlier 15 at 5
//     tiles: 271 / 131.
//   interval_gather (4 bytes staged, one load per item), kernels only: 15
//     items: 329 / 210; 19: 333 / 218; 23: 342 / 233 (23 led while the
//     staging took more registers and instructions).
//   interval_move (8 bytes staged), kernels only: 11 and 15 items: 548 /
//     360-363.
// IndexBytes: 4 or 8 (64-bit indices stage their offsets in twice the
// registers, so their tiles stay smaller).
template <int StagedBytes>
inline constexpr int lbs_items_sm90 = StagedBytes == 0 ? 23
                                    : StagedBytes <= 4 ? 15
                                    : StagedBytes <= 8 ? 11
                                                       : 9;

template <int StagedBytes, int IndexBytes>
struct load_balance_tuning_sm90
{
  static constexpr int cap =
    IndexBytes > 4 && lbs_items_sm90<StagedBytes> > 15 ? 15 : lbs_items_sm90<StagedBytes>;
  using shape = tile_shape<256, lbs_items_per_thread<256, StagedBytes, cap>()>;
};

// Launches of at most this many waves of tiles (as many tiles as the device
// holds at once) run without a partition kernel: each tile finds its own
// item range (transform_lbs.h). 0 partitions every launch of more tiles
// than MGPU_LBS_HEAD_WAVES takes (below; both 0: every launch). Measured on an
// H200 against always partitioning, same process, medians of 21 (us,
// thrust::device; the search / interval_move at mean count 1):
//   2^20 items (0.3 / 1.1 waves): 16.0 / 21.9 against 24.2 / 28.9
//   2^22 (1.4 / 4.5 waves): 25.0 / 56.8 against 32.0 / 60.0
//   2^23 (2.7 / 9.0 waves): 42.1 / 98.2 against 46.7 / 92.6
//   2^24 (5.4 / 18 waves): 65.5 / 180.4 against 64.4 / 160.9
// Up to 4 waves every operation and mean count (1, 4, 16) was as fast or
// faster with a caching allocator too; past 5 some were up to 17% slower.
// Checked again with the head wave below, 2^21-2^24 items: 3 and 6 were at
// most 4.4% faster than 4 on a few calls and up to 12% slower on others
// (6: the search at 2^24, mean count 1, caching allocator, 68.4 against
// 61.1 us); 2 up to 20% slower.
#ifndef MGPU_LBS_OWN_RANGE_WAVES
#  define MGPU_LBS_OWN_RANGE_WAVES 4
#endif

// In larger launches on sm_90, the tiles of the first this many waves find
// their own item ranges too, while the partition runs beside them; the
// later tiles read theirs from the partition. 0: every tile of a
// partitioned launch waits for the partition. Measured on an H200 against
// 0, same process, medians of 11 (thrust::device and a caching allocator;
// the search, interval_expand, gather and move at mean counts 1, 4 and 16):
// -2% to +0.1% time at 2^26 items, -3% to -5% at 2^24 items and mean count
// 1; 2 waves were 1-2% slower than 1.
#ifndef MGPU_LBS_HEAD_WAVES
#  define MGPU_LBS_HEAD_WAVES 1
#endif

template <int StagedBytes, int IndexBytes>
struct load_balance_tuning_fallback
{
  using shape = tile_shape<128, lbs_items_per_thread<128, StagedBytes, 11>()>;
};

// ResidentThreads / LeanResidentThreads: the threads per SM the kernel's
// register cap plans for (operations that stage nothing run lean). The
// fallback plans for 1024, which every architecture from sm_75 on holds.
template <class Shape, int ResidentThreads, int LeanResidentThreads, int OwnRangeWaves, int HeadWaves,
          bool OverlapPartition>
struct load_balance_policy
{
  using shape                                  = Shape;
  static constexpr int resident_threads        = ResidentThreads;
  static constexpr int lean_resident_threads   = LeanResidentThreads;
  static constexpr int own_range_waves         = OwnRangeWaves;
  static constexpr int head_waves              = HeadWaves;
  static constexpr bool overlap_partition      = OverlapPartition;
};

template <int StagedBytes, int IndexBytes>
struct load_balance_hub
{
  template <tuning_tier Tier>
  using policy = std::conditional_t<
    Tier == tuning_tier::sm90,
    load_balance_policy<typename load_balance_tuning_sm90<StagedBytes, IndexBytes>::shape, 1280, 2048,
                        MGPU_LBS_OWN_RANGE_WAVES, MGPU_LBS_HEAD_WAVES, true>,
    load_balance_policy<typename load_balance_tuning_fallback<StagedBytes, IndexBytes>::shape, 1024, 1024, 0, 0,
                        false>>;
};

} // namespace mgpu::detail::cuda

namespace mgpu::detail::cuda {

// Bulk remove and bulk insert: a partition kernel (one thread per tile
// boundary; each CTA samples `partition_samples` keys into shared memory to
// cut its binary searches' DRAM round trips), then a streaming tile kernel
// that may start while the partition finishes (`overlap_partition`:
// programmatic dependent launch, sm_90; bulk remove issues its source loads
// before it waits).
template <class Shape, int PartitionSamples, bool OverlapPartition, int MinCtasPerSm = 0>
struct bulk_tuning
{
  using shape                             = Shape;
  static constexpr int min_ctas_per_sm    = MinCtasPerSm; // 0: no register cap
  static constexpr int partition_samples  = PartitionSamples;
  static constexpr bool overlap_partition = OverlapPartition;
};

// Odd items per thread (conflict-free blocked shared accesses), at most
// `Cap`, and a tile whose shared footprint (the items plus up to 4 bytes of
// bookkeeping each) stays within 40 KiB of static shared memory.
template <int Threads, int BytesPerItem, int Cap>
constexpr int bulk_items_per_thread()
{
  int items = Cap;
  while (items > 1 && Threads * items * (BytesPerItem + 4) > 40 * 1024)
    items -= 2;
  return items;
}

// Measured on an H200 at 2^26 int32 source elements, whole calls (partition
// and scratch included; medians of 15).
// bulk_remove, every 3rd removed: 128x23 162 us; 256x19 167-170 (168
// without overlapping the partition); 128x15 173; 256x15 176-186; 128x19
// 177; 256x16 184; 256x23 186. 8-byte items at 256x11 run at ~98% of copy.
// bulk_insert, one value per 5 sources: 128x15 capped at 48 registers (10
// CTAs per SM) 217 us, uncapped 225-233 (overlapping the partition: no
// gain); 64x15 238; 128x19 244; 256x11 247; 256x15 255; 128x11 260; 256x19
// 283; 256x23 293; 512x11 296.
// Partition: sampling 2048 keys per CTA beat no sample by 5-8 us (13 vs 21
// us for bulk_remove's boundaries with a cold L2), 8192 keys lost 4-10 us.
template <int BytesPerItem>
struct bulk_remove_tuning_sm90
  : bulk_tuning<tile_shape<BytesPerItem <= 4 ? 128 : 256,
                           bulk_items_per_thread<BytesPerItem <= 4 ? 128 : 256, BytesPerItem, BytesPerItem <= 4   ? 23
                                                                                              : BytesPerItem <= 8 ? 11
                                                                                                                  : 7>()>,
                2048, true>
{};

template <int BytesPerItem>
struct bulk_remove_tuning_fallback
  : bulk_tuning<tile_shape<128, bulk_items_per_thread<128, BytesPerItem, BytesPerItem <= 8 ? 11 : 7>()>, 2048, false>
{};

template <int BytesPerItem>
struct bulk_insert_tuning_sm90
  : bulk_tuning<tile_shape<128, bulk_items_per_thread<128, BytesPerItem, BytesPerItem <= 4   ? 15
                                                                         : BytesPerItem <= 8 ? 11
                                                                                             : 7>()>,
                2048, false, BytesPerItem == 4 ? 10 : 0>
{};

template <int BytesPerItem>
struct bulk_insert_tuning_fallback
  : bulk_tuning<tile_shape<128, bulk_items_per_thread<128, BytesPerItem, BytesPerItem <= 8 ? 11 : 7>()>, 2048, false>
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

} // namespace mgpu::detail::cuda
