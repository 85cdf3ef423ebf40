/// \file
/// \brief Partition searches shared by every mgpu algorithm and backend.
///
/// These are plain `__host__ __device__` functions over random-access
/// iterators, so they serve the CUDA kernels, the sequential host backend and
/// users writing their own two-phase kernels alike.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <cuda/std/functional> // the examples' cuda::std::less

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

} // namespace mgpu

#include <mgpu/detail/partition_search.h> // uses the types above

namespace mgpu {

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
/// \tparam Bounds which input wins ties: `bounds::lower` (the default; A first, as in `std::merge`) or
///   `bounds::upper` (B first).
/// \tparam AIt, BIt random-access iterators (raw pointers included) readable where the search runs: on the
///   device inside a kernel, on the host otherwise. `BIt`'s value type converts to `AIt`'s.
/// \tparam Size an integer type for the counts, the diagonal and the result; the three arguments share it.
/// \tparam Compare a strict weak ordering callable where the search runs (`__host__ __device__` to serve
///   both), called with two values (or const references to them) of `AIt`'s value type.
/// \param a, a_count the first sorted input, A: `a[0, a_count)`.
/// \param b, b_count the second sorted input, B: `b[0, b_count)`.
/// \param diag the cross diagonal: how many elements of the merge lie before the cut.
/// \param comp the order both inputs are sorted by.
///
/// \pre `a` and `b` sorted by `comp`; `0 <= diag <= a_count + b_count`.
///   With unsorted inputs the split is unspecified but keeps the bounds
///   below, and only `a[0, a_count)` and `b[0, b_count)` are read.
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

/// \brief First position in `[0, count)` whose element is not less than
/// `value` (`std::lower_bound`), as an index.
///
/// `comp(element, value)` sees each element as a value of the range's value
/// type (never a proxy reference) and `value` as given.
///
/// \tparam It a random-access iterator (raw pointers included) readable where the search runs.
/// \tparam Size an integer type for the count and the result.
/// \tparam T the type of the value sought.
/// \tparam Compare a strict weak ordering callable where the search runs, called as `comp(element, value)`.
/// \param data, count the range searched, `data[0, count)`, sorted by `comp`.
/// \param value the value sought.
/// \param comp the order the range is sorted by.
/// \pre `data[0, count)` sorted by `comp`. Violated, the index is
///   unspecified but in `[0, count]`, and only `data[0, count)` is read.
/// \returns The index in `[0, count]`: `count` when every element is ordered before `value`.
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
///
/// \tparam It a random-access iterator (raw pointers included) readable where the search runs.
/// \tparam Size an integer type for the count and the result.
/// \tparam T the type of the value sought.
/// \tparam Compare a strict weak ordering callable where the search runs, called as `comp(value, element)`.
/// \param data, count the range searched, `data[0, count)`, sorted by `comp`.
/// \param value the value sought.
/// \param comp the order the range is sorted by.
/// \pre `data[0, count)` sorted by `comp`. Violated, the index is
///   unspecified but in `[0, count]`, and only `data[0, count)` is read.
/// \returns The index in `[0, count]`: `count` when no element is ordered after `value`.
template <class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size upper_bound_index(It data, Size count, const T& value, Compare comp)
{
  return detail::upper_bound_index_as<detail::key_of<It>>(data, count, value, comp);
}

// ---------------------------------------------------------------------------
// Balanced Path: the partition search of the multiset operations.
// ---------------------------------------------------------------------------

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
/// \tparam Levels how many of the first probes are biased towards the end, 0 to 4 (with 0 the search is an
///   ordinary binary search).
/// \tparam It, Size, T, Compare as for `lower_bound_index`.
/// \param data, count the range searched, `data[0, count)`, sorted by `comp`.
/// \param value the value sought.
/// \param comp the order the range is sorted by, called as `comp(element, value)`.
///
/// \pre `data[0, count)` sorted by `comp`; `0 <= Levels <= 4`. Unsorted, the
///   position is unspecified but in `[0, count]`, and only `data[0, count)`
///   is read.
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
/// \tparam Multiplicity `key_multiplicity::duplicates` (the default) for multisets, or
///   `key_multiplicity::unique` when neither range holds equivalent keys, which needs no run searches.
/// \tparam BiasLevels the biased probes of each run search, 0 to 4 as for `biased_lower_bound_index`
///   (default 2).
/// \tparam AIt, BIt random-access iterators (raw pointers included) readable where the search runs;
///   `BIt`'s value type converts to `AIt`'s. With `key_multiplicity::duplicates`, `AIt`'s value type is also
///   default-constructible and assignable.
/// \tparam Size, Compare as for `merge_path`.
/// \param a, a_count the first sorted input, A: `a[0, a_count)`.
/// \param b, b_count the second sorted input, B: `b[0, b_count)`.
/// \param diag the cross diagonal; the cut lies on it, or one element further into B when starred.
/// \param comp the order both inputs are sorted by.
///
/// \pre `a` and `b` sorted by `comp`; `0 <= diag <= a_count + b_count`; with
///   `key_multiplicity::unique`, neither range holds equivalent keys.
///   Violated (with `diag` in range), the cut is unspecified but lies in
///   `[0, a_count] x [0, b_count]`, and only `a[0, a_count)` and
///   `b[0, b_count)` are read.
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
