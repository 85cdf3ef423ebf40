// Searches run by the 32 lanes of one warp together, for tiles that find
// their own cuts instead of waiting for a partition kernel: each round every
// lane probes one position, all loads in flight at once, and a ballot of
// the answers narrows the range to the gap between two neighbouring probes.
// Fewer dependent rounds than a binary search (1/33 of the range left per
// round), at the price of 32 loads a round.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/sample_position.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/search.h>

namespace mgpu::detail::cuda {

// Where a search's first round puts its probes: spread evenly, or at
// distances 1, 2, 4, ... from one end of the range (a point expected close
// to that end is bracketed within a factor of two in one round).
enum class warp_first_probes
{
  even,
  from_end,
  from_begin
};

// The first position in [lo, hi] at which a predicate holds, for a
// predicate that fails and then holds along the range (hi when it never
// holds below hi). Every lane holds the same state.
template <class Size>
struct warp_point_search
{
  static constexpr int lanes = 32;

  Size lo;
  Size hi;
  warp_first_probes first = warp_first_probes::even; // how the next round probes

  __device__ MGPU_FORCEINLINE bool open() const { return lo < hi; }

  // Lane `lane`'s probe this round, inside [lo, hi) while the search is open.
  __device__ MGPU_FORCEINLINE Size probe(int lane) const
  {
    const Size span = hi - lo;
    if (first == warp_first_probes::from_end)
      return hi - distance(lane, span);
    if (first == warp_first_probes::from_begin)
      return lo + distance(lane, span) - 1;
    if (span <= Size(lanes))
      return lo + (Size(lane) < span ? Size(lane) : span - 1); // lanes past the range repeat the last position
    return sample_position<lanes>(lo, span, lane);
  }

  // `holds`: the ballot of the predicate at every lane's probe.
  __device__ MGPU_FORCEINLINE void narrow(unsigned holds)
  {
    const Size span = hi - lo;
    if (first == warp_first_probes::from_end)
    {
      // Probes fall with the lane: the lanes that hold come first.
      const int t       = __popc(holds);
      const Size new_hi = t > 0 ? probe(t - 1) : hi;
      lo                = t == 0 ? hi : t < lanes ? probe(t) + 1 : lo;
      hi                = new_hi;
    }
    else
    {
      // Probes rise with the lane: the lanes that fail come first.
      const bool dense        = first == warp_first_probes::even && span <= Size(lanes);
      const unsigned in_range = dense && span < Size(lanes) ? (1u << span) - 1 : ~0u;
      const int t             = __popc(~holds & in_range);
      if (dense)
        hi = lo = lo + Size(t);
      else
      {
        const Size new_lo = t > 0 ? probe(t - 1) + 1 : lo;
        hi                = t < lanes ? probe(t) : hi;
        lo                = new_lo;
      }
    }
    first = warp_first_probes::even;
  }

private:
  // 2^lane, or the whole span once that reaches it.
  static __device__ MGPU_FORCEINLINE Size distance(int lane, Size span)
  {
    return lane < 30 && (Size(1) << lane) < span ? Size(1) << lane : span;
  }
};

// Runs one search to its end; `holds(position)` is the predicate. Every
// lane of the warp calls it with the same arguments and gets the point.
template <class Size, class Holds>
__device__ MGPU_FORCEINLINE Size warp_search_point(warp_point_search<Size> search, Holds holds)
{
  const int lane = static_cast<int>(threadIdx.x) % warp_point_search<Size>::lanes;
  while (search.open())
    search.narrow(__ballot_sync(~0u, holds(search.probe(lane))));
  return search.lo;
}

// A tile's two ends (where its share of the inputs starts and ends), found
// by its first two warps: warp w runs `find(w)` with all its lanes (end 0
// is the tile's start, end 1 its end). Every thread of the CTA (at least 64)
// calls it and gets both.
template <class End, class Find>
__device__ MGPU_FORCEINLINE void find_tile_ends(End (&ends)[2], Find find)
{
  __shared__ End found[2];
  const int warp = static_cast<int>(threadIdx.x) / 32;
  if (warp < 2)
  {
    const End end = find(warp);
    if (threadIdx.x % 32 == 0)
      found[warp] = end;
  }
  __syncthreads();
  ends[0] = found[0];
  ends[1] = found[1];
}

// Merge Path (merge_path<Bounds>: A wins ties with bounds::lower, B with
// bounds::upper) by one warp: the number of A's elements among the first
// `diag` of the merge.
template <bounds Bounds = bounds::lower, class Size, class AIt, class BIt, class Compare>
__device__ MGPU_FORCEINLINE Size warp_merge_path(AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  // The first position of A whose element is not taken before the diagonal.
  const Size lo = diag > b_count ? diag - b_count : Size(0);
  const Size hi = diag < a_count ? diag : a_count;
  using key_t   = key_of<AIt>;
  return warp_search_point(warp_point_search<Size>{lo, hi}, [&](Size i) {
    const key_t b_key = as_key<key_t>(b[diag - 1 - i]), a_key = as_key<key_t>(a[i]);
    return Bounds == bounds::lower ? comp(b_key, a_key) : !comp(a_key, b_key);
  });
}

} // namespace mgpu::detail::cuda
