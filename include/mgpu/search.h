/// \file
/// \brief Partition searches shared by every mgpu algorithm and backend.
///
/// These are plain `__host__ __device__` functions over random-access
/// iterators, so they serve the CUDA kernels, the sequential host backend and
/// users writing their own two-phase kernels alike.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

namespace mgpu {

/// Which way ties between the two inputs of a merge are broken.
enum class bounds
{
  /// Equivalent elements of the first input (A) come first: `std::merge`.
  lower,
  /// Equivalent elements of the second input (B) come first. The
  /// load-balancing search uses this to place a work item after the offsets
  /// equal to it.
  upper
};

namespace detail {

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

} // namespace detail

/// \brief Merge Path: how many elements of `a` are among the first `diag`
/// elements of the merge of `a` and `b`.
///
/// Think of the merge as a path through an `a_count` × `b_count` grid that
/// steps right when it takes from A and down when it takes from B. The cross
/// diagonal `diag` (all points with i + j = diag) crosses the path exactly
/// once; the returned `i` is where, and `diag - i` elements of B precede the
/// cut. A binary search over the diagonal finds it in O(log(min(diag,
/// a_count, b_count))) comparisons, independent of the data.
///
/// `comp` is called with two values of A's value type (B's elements are
/// converted to it), as Thrust's merge calls it.
///
/// \pre `a` and `b` sorted by `comp`; `0 <= diag <= a_count + b_count`.
/// \return `i` with `max(0, diag - b_count) <= i <= min(diag, a_count)`.
/// With `bounds::lower` the split agrees with a stable `std::merge` (A wins
/// ties); with `bounds::upper` B wins ties.
///
/// \code
/// int a[] = {1, 3, 5}, b[] = {2, 3, 4};
/// // merge: 1 2 3(a) 3(b) 4 5; the first 3 outputs hold 2 elements of a.
/// auto i = mgpu::merge_path(a, 3, b, 3, 3, cuda::std::less<>{}); // i == 2
/// \endcode
template <bounds Bounds = bounds::lower, class AIt, class BIt, class Size, class Compare>
MGPU_HD MGPU_FORCEINLINE Size merge_path(AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  const Size begin = diag > b_count ? diag - b_count : Size(0);
  const Size end   = diag < a_count ? diag : a_count;
  return detail::merge_path_between<Bounds>(a, b, diag, begin, end, comp);
}

namespace detail {

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

} // namespace detail

/// \brief First position in `[0, count)` whose element is not less than
/// `value` (`std::lower_bound`), as an index.
///
/// `comp(element, value)` sees each element as a value of the range's value
/// type (never a proxy reference) and `value` as given.
template <class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size lower_bound_index(It data, Size count, const T& value, Compare comp)
{
  Size begin = 0, end = count;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    if (comp(detail::as_key<detail::key_of<It>>(data[mid]), value))
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

/// \brief First position in `[0, count)` whose element is greater than
/// `value` (`std::upper_bound`), as an index.
///
/// `comp(value, element)` sees each element as a value of the range's value
/// type (never a proxy reference) and `value` as given.
template <class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size upper_bound_index(It data, Size count, const T& value, Compare comp)
{
  return detail::upper_bound_index_as<detail::key_of<It>>(data, count, value, comp);
}

} // namespace mgpu

// ---------------------------------------------------------------------------
// Balanced Path: the partition search of the multiset operations.
// ---------------------------------------------------------------------------

#include <cuda/std/limits>

namespace mgpu {

namespace detail {

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

} // namespace detail

/// \brief `lower_bound_index` biased towards the end of the range.
///
/// The first `Levels` probes (at most 4) do not split the interval in half
/// but just short of its end: `(end - begin) / 512`, `/ 128`, `/ 32` and then
/// `/ 16` elements before it (a search with 2 levels starts at `/ 32`). When
/// the sought position lies close to `count` (the start of a short run of
/// duplicates that ends at `count`, which is what Balanced Path looks for),
/// each probe that succeeds removes most of the interval in one comparison;
/// after the biased probes it continues as an ordinary binary search.
///
/// `comp(element, value)` sees each element as a value of the range's value
/// type, as in `lower_bound_index`.
///
/// \pre `data[0, count)` sorted by `comp`; `0 <= Levels <= 4`.
/// \return The first position in `[0, count)` whose element is not ordered
///   before `value`, or `count`: the same answer as `lower_bound_index`.
template <int Levels, class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size biased_lower_bound_index(It data, Size count, const T& value, Compare comp)
{
  static_assert(Levels >= 0 && Levels <= 4, "biased_lower_bound_index: 0 to 4 biased levels");
  using key_t = detail::key_of<It>;
  detail::lower_bound_search<Size> search{0, count};
#ifdef __CUDA_ARCH__
#  pragma unroll
#endif
  for (int level = 4 - Levels; level < 4; ++level)
    if (search.open())
    {
      const Size probe = search.biased_probe(level);
      search.narrow(probe, comp(detail::as_key<key_t>(data[probe]), value));
    }
  while (search.open())
  {
    const Size probe = search.halving_probe();
    search.narrow(probe, comp(detail::as_key<key_t>(data[probe]), value));
  }
  return search.begin;
}

/// What the caller of a Balanced Path search knows about repeated keys.
enum class key_multiplicity
{
  /// Either range may hold equivalent keys (multisets).
  duplicates,
  /// Neither range holds two equivalent keys: the search reduces to Merge
  /// Path and one comparison.
  unique
};

/// \brief Where a cross diagonal meets the Balanced Path.
///
/// `a` elements of A and `b` elements of B lie before the cut, and
/// `a + b == diag + starred`: a starred diagonal would have separated the two
/// halves of a key-rank match, so the cut moves one element further into B
/// and keeps the pair together on its left.
template <class Size>
struct balanced_path_point
{
  Size a;
  Size b;
  bool starred;
};

namespace detail {

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

} // namespace detail

/// \brief Balanced Path: the partition of two sorted multisets that never
/// separates a key-rank match.
///
/// The k-th copy of a key in A and the k-th copy of the same key in B form a
/// key-rank match; the `std::set_*` algorithms visit matches as one step.
/// Merge Path (with A winning ties) takes every copy of a key from A before
/// any from B, so a cross diagonal can cut between the two halves of a match.
/// Balanced Path interleaves the copies instead, `a0 b0 a1 b1 ...`, then the
/// unmatched rest of the longer run, and when a diagonal still falls inside
/// a match it is starred (see `balanced_path_point`). Two consecutive
/// starred-or-not diagonals delimit a partition whose key-rank matches are
/// all whole, so each partition can run a serial set operation on its own;
/// partitions are `diag` apart, give or take one element.
///
/// The search finds the Merge Path split; when that cuts a run of B's next
/// key (duplicates flavour), it locates the start of the run in both inputs,
/// side by side, with the biased search of
/// `biased_lower_bound_index<BiasLevels>` (runs are expected to be short
/// compared with the inputs, so 4 levels suit global searches and 2 suit
/// tiles in shared memory; a run that covers the whole range is found with
/// one probe), shares the run's copies before the diagonal out evenly, and
/// checks whether B has the copy that would be the partner of A's last one
/// (one probe, or an upper bound when B's run is shorter) to decide the
/// star. The unique-keys flavour needs only the Merge
/// Path split and one comparison.
///
/// As in `merge_path`, `comp` is called with two values of A's value type.
///
/// \pre `a` and `b` sorted by `comp`; `0 <= diag <= a_count + b_count`; with
///   `key_multiplicity::unique`, neither range holds equivalent keys.
/// \return The cut; `starred` is never set at `diag == a_count + b_count`.
///
/// \code
/// int a[] = {1, 6, 6, 6, 6}, b[] = {6, 6, 6, 9};
/// // Balanced order: 1 6a 6b 6a 6b 6a 6b 6a 9. Diagonal 4 would cut between
/// // the second 6 of A and its match in B, so it is starred:
/// auto cut = mgpu::balanced_path(a, 5, b, 4, 4, cuda::std::less<>{});
/// // cut.a == 3, cut.b == 2, cut.starred == true
/// \endcode
template <key_multiplicity Multiplicity = key_multiplicity::duplicates, int BiasLevels = 2, class AIt, class BIt,
          class Size, class Compare>
MGPU_HD MGPU_FORCEINLINE balanced_path_point<Size> balanced_path(
  AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  const Size a_merge = merge_path<bounds::lower>(a, a_count, b, b_count, diag, comp);
  return detail::balance_merge_split<Multiplicity, BiasLevels>(a, b, b_count, diag, a_merge, comp);
}

} // namespace mgpu
