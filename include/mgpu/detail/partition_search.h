// The internals of mgpu/search.h's partition searches: Merge Path over a known
// subrange, biased lower bounds side by side, Balanced Path from a Merge Path
// split. mgpu/search.h includes this after the public types it uses.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <cuda/std/limits>

namespace mgpu::detail {

// Merge Path's binary search when its answer is known to lie in [begin, end]
// (a subrange of [max(0, diag - b_count), min(diag, a_count)]).
template <bounds Bounds, class AIt, class BIt, class Size, class Compare>
MGPU_HD MGPU_FORCEINLINE Size merge_path_between(AIt a, BIt b, Size diag, Size begin, Size end, Compare comp)
{
  using key_t = key_of<AIt>;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    // Does a[mid] precede b[diag - 1 - mid] in the merged order?
    const bool a_first = Bounds == bounds::lower
                         ? !comp(as_key<key_t>(b[diag - 1 - mid]), as_key<key_t>(a[mid]))
                         : comp(as_key<key_t>(a[mid]), as_key<key_t>(b[diag - 1 - mid]));
    if (a_first)
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

// upper_bound_index with the elements compared as `Key`s.
template <class Key, class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size upper_bound_index_as(It data, Size count, const T& value, Compare comp)
{
  Size begin = 0, end = count;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    if (comp(value, as_key<Key>(data[mid])))
      end = mid;
    else
      begin = mid + 1;
  }
  return begin;
}

// A lower-bound search in progress: the answer lies in [begin, end].
template <class Size>
struct lower_bound_search
{
  Size begin;
  Size end;
  bool biased = true; // whether biased_lower_bounds takes its biased probes

  MGPU_HD MGPU_FORCEINLINE bool open() const { return begin < end; }
  // Probe `level` of a biased search (see biased_lower_bound_index): the
  // probe leaves len / 2^shift elements to its right. end - 1 - len / 2^shift
  // lies in [begin, end) for every len >= 1, with no wider arithmetic than
  // Size.
  MGPU_HD MGPU_FORCEINLINE Size biased_probe(int level) const
  {
    const int shift = level == 0 ? 9 : level == 1 ? 7 : level == 2 ? 5 : 4;
    return end - 1 - ((end - begin) >> shift);
  }
  MGPU_HD MGPU_FORCEINLINE Size halving_probe() const { return begin + (end - begin) / 2; }
  // The element at `probe` is ordered before the value or not.
  MGPU_HD MGPU_FORCEINLINE void narrow(Size probe, bool before)
  {
    if (before)
      begin = probe + 1;
    else
      end = probe;
  }
};

// Two biased lower bounds of one key, in A and in B, run side by side: each
// round loads both probes before comparing either, so the two searches' load
// latencies overlap instead of adding up. Both inputs' elements are compared
// as `Key`s, the key's type.
template <int Levels, class AIt, class BIt, class Size, class Key, class Compare>
MGPU_HD MGPU_FORCEINLINE void biased_lower_bounds(
  AIt a, lower_bound_search<Size>& in_a, BIt b, lower_bound_search<Size>& in_b, const Key& value, Compare comp)
{
  auto round = [&](Size a_probe, Size b_probe) {
    const bool a_open = in_a.open(), b_open = in_b.open();
    Key a_key{}, b_key{};
    if (a_open)
      a_key = as_key<Key>(a[a_probe]);
    if (b_open)
      b_key = as_key<Key>(b[b_probe]);
    if (a_open)
      in_a.narrow(a_probe, comp(a_key, value));
    if (b_open)
      in_b.narrow(b_probe, comp(b_key, value));
  };
#ifdef __CUDA_ARCH__
#  pragma unroll
#endif
  for (int level = 4 - Levels; level < 4; ++level)
    round(in_a.biased ? in_a.biased_probe(level) : in_a.halving_probe(),
          in_b.biased ? in_b.biased_probe(level) : in_b.halving_probe());
  while (in_a.open() || in_b.open())
    round(in_a.halving_probe(), in_b.halving_probe());
}

// Where a search's answer is known to lie, [lo, hi], before it starts (a
// partition knows it from keys it has sampled); by default nothing is known.
template <class Size>
struct search_hint
{
  Size lo = 0;
  Size hi = ::cuda::std::numeric_limits<Size>::max();
};

// What is known of the run of B's next key at a cut: where it starts in A
// and in B, and where it ends in B (one past its last copy).
template <class Size>
struct run_hints
{
  search_hint<Size> a_start;
  search_hint<Size> b_start;
  search_hint<Size> b_end;
};

// Knows nothing of any run.
template <class Size>
struct no_run_hints
{
  template <class Key>
  MGPU_HD MGPU_FORCEINLINE run_hints<Size> operator()(const Key&) const
  {
    return {};
  }
};

// Balanced Path from the Merge Path split at the same diagonal: `a_merge`
// elements of A precede it (merge_path with bounds::lower). Where the cut
// falls in a run of equal keys, `hints_for(key)` (a run_hints<Size>, asked
// only then, with the key as a value of A's value type) may bound the run's
// searches.
template <key_multiplicity Multiplicity, int BiasLevels, class AIt, class BIt, class Size, class Compare,
          class HintsFor = no_run_hints<Size>>
MGPU_HD MGPU_FORCEINLINE balanced_path_point<Size> balance_merge_split(
  AIt a, BIt b, Size b_count, Size diag, Size a_merge, Compare comp, HintsFor hints_for = {})
{
  using key_t        = key_of<AIt>;
  const Size b_merge = diag - a_merge;
  if (b_merge >= b_count)
    return {a_merge, b_merge, false}; // all of B consumed: every match is whole
  if constexpr (Multiplicity == key_multiplicity::unique)
  {
    // The only match Merge Path can split is A's last taken key with B's next.
    const bool starred = a_merge > 0 && !comp(as_key<key_t>(a[a_merge - 1]), as_key<key_t>(b[b_merge]));
    return {a_merge, b_merge + Size(starred), starred};
  }
  else
  {
    const key_t key = as_key<key_t>(b[b_merge]);
    // Merge Path took every copy of `key` from A before any from B; both
    // paths agree where the run of `key` starts. The elements just before
    // the cut are ordered no later than `key`: when neither equals it, no run
    // is cut (the common case) and no search is needed.
    const bool a_in_run = a_merge > 0 && !comp(as_key<key_t>(a[a_merge - 1]), key);
    const bool b_in_run = b_merge > 0 && !comp(as_key<key_t>(b[b_merge - 1]), key);
    if (!a_in_run && !b_in_run)
      return {a_merge, b_merge, false};
    const run_hints<Size> hints = hints_for(key);
    // A run that began before the range (a tile inside one long run) costs
    // one probe, none where a hint pins its start at 0; otherwise search
    // back from the cut, where short runs start, in both inputs side by
    // side, within what the hints allow. A hint that puts the start short of
    // the cut (a long run) leaves nothing for the bias to find: that search
    // halves from its first probe.
    auto run_search = [&](bool in_run, auto first, Size merge, const search_hint<Size>& hint) {
      const bool near_cut = hint.hi >= merge - 1;
      const Size end      = near_cut ? merge - 1 : hint.hi;
      const bool hinted   = hint.lo > 0 || hint.hi == 0;
      using search_t = detail::lower_bound_search<Size>;
      return !in_run                               ? search_t{merge, merge}
             : hinted                              ? search_t{hint.lo < end ? hint.lo : end, end, near_cut}
             : !comp(as_key<key_t>(first[0]), key) ? search_t{0, 0}
                                                   : search_t{0, end, near_cut};
    };
    auto a_search = run_search(a_in_run, a, a_merge, hints.a_start);
    auto b_search = run_search(b_in_run, b, b_merge, hints.b_start);
    detail::biased_lower_bounds<BiasLevels>(a, a_search, b, b_search, key, comp);
    const Size a_start = a_search.begin;
    const Size b_start = b_search.begin;
    const Size a_run   = a_merge - a_start;
    const Size run     = a_run + (b_merge - b_start); // copies of `key` before the diagonal

    // Balanced Path takes them alternately, A first. When B already gave
    // some, A's run ended at a_merge, so B must cover whatever A cannot.
    Size b_take = run / 2 > run - a_run ? run / 2 : run - a_run;
    // B's copies of `key`, counted only up to one past what the cut needs:
    // one probe when B has that many, an upper bound search otherwise, in
    // [b_merge, b_probe] and within what the hint allows.
    const Size b_probe  = b_start + b_take; // >= b_merge, which holds `key`
    const bool b_enough = b_probe < hints.b_end.lo // the hint may settle it without the probe
                          || (b_probe < hints.b_end.hi && b_probe < b_count
                              && !comp(key, as_key<key_t>(b[b_probe])));
    auto b_run_end      = [&] {
      Size bound       = b_probe < b_count ? b_probe : b_count;
      bound            = hints.b_end.hi < bound ? hints.b_end.hi : bound;
      const Size first = hints.b_end.lo > b_merge ? hints.b_end.lo : b_merge;
      return first < bound ? first + upper_bound_index_as<key_t>(b + first, bound - first, key, comp) : bound;
    };
    const Size b_copies = b_enough ? b_take + 1 : b_run_end() - b_start;
    b_take             = b_take < b_copies ? b_take : b_copies;
    const Size a_take  = run - b_take;
    // A's last copy before the cut has its match in B: keep them together.
    const bool starred = a_take == b_take + 1 && b_take < b_copies;
    return {a_start + a_take, b_start + b_take + Size(starred), starred};
  }
}

} // namespace mgpu::detail
