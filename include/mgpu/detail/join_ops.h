// The pieces of a relational join by expansion, written once for both
// backends: the sinks that turn sorted-search answers into row counts and
// match flags, the load-balanced operation that writes the rows of A's keys,
// and the pass that writes B's unmatched rows.
//
// With A and B sorted, row i of A matches B's rows [lower_i, upper_i), the
// bounds of its key in B. The rows a join writes come from "generators" in
// key order: each row of A (its matches, or one row (i, -1) when an outer
// join keeps it unmatched), and, for right and full outer joins, each
// unmatched row j of B (one row (-1, j)). An unmatched B row's key is in no
// row of A, so the generators' key order is well defined: B row j stands
// after the `a_lower_j` rows of A ordered before its key, and A row i after
// the unmatched rows of B before lower_i (B's rows from lower_i on are equal
// to or after its key). The rows of A's generators are the load-balanced
// expansion of their counts; each is shifted by the unmatched B rows before
// it, and B's unmatched rows go into the gaps.
//
// Every index read from a search answer or a count is clamped into its range
// first, so on unsorted input the pieces read and write only their arrays
// and rows below the total they computed.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/detail/sorted_search_ops.h>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail {

// Row counts are scanned in 64 bits: p x q rows of one key overflow 32 bits
// long before the inputs do.
using join_row_count = std::int64_t;

template <class Index>
MGPU_HD MGPU_FORCEINLINE Index clamp_index(Index value, Index lo, Index hi)
{
  return value < lo ? lo : value > hi ? hi : value;
}

// What a row of A's expansion needs of its generator: the first matching row
// of B (-1 for an unmatched row kept by an outer join), and, when B's
// unmatched rows are interleaved, how many of them come before it.
template <class Index>
struct join_segment
{
  Index b_first;
  Index shift;
};

// *total += rows: atomically on the device, where every search tile adds
// its sum.
MGPU_HD inline void add_rows(join_row_count* total, join_row_count rows)
{
#ifdef __CUDA_ARCH__
  atomicAdd(reinterpret_cast<unsigned long long*>(total), static_cast<unsigned long long>(rows));
#else
  *total += rows;
#endif
}

// counts[needle + 1] = count, and counts[0] = 0 beside needle 0, so that an
// inclusive scan of counts[1..] gives the exclusive scan in counts[0..n).
template <class Index, class Size>
MGPU_HD MGPU_FORCEINLINE void store_count_to_scan(Index* counts, Size needle, Index count)
{
  counts[needle + 1] = count;
  if (needle == 0)
    counts[0] = 0;
}

// What row i of A generates, from the bounds of its key in B (clamped into
// B): its first match, how many matches, and its rows (one unmatched row
// when the join keeps A's unmatched rows).
template <class Index>
struct join_generator
{
  Index first;
  Index matches;
  join_row_count rows;
};

template <class Index, class Size>
MGPU_HD MGPU_FORCEINLINE join_generator<Index> generator_of(bound_pair<Size> bounds, Index b_count, bool keep_a)
{
  const Index first   = clamp_index(static_cast<Index>(bounds.lower), Index(0), b_count);
  const Index matches = clamp_index(static_cast<Index>(bounds.upper), first, b_count) - first;
  return {first, matches, keep_a && matches == 0 ? join_row_count(1) : join_row_count(matches)};
}

// The CUDA backend writes join rows from the search tiles for 32-bit
// indices only: larger joins are rare enough not to be worth another kernel
// in every program that joins.
template <class Index>
inline constexpr bool rows_from_tiles_v = sizeof(Index) <= 4;

// Tallying sink of the equal_range search of A's keys in B: the rows each
// row of A generates, summed into *total, and for the rows themselves (not
// just their count) also stored to scan (store_count_to_scan); a row's
// count fits an Index, their scan only when the total does.
// `keep_a`: unmatched rows of A give one row (left and full outer joins).
// With the rows stored, each generator's first B row (or -1) goes to
// `b_first` or, where B's unmatched rows are interleaved (`segments` not
// null), to its segment beside how many of them precede it
// (unmatched_before: the scanned unmatched flags of B).
template <class Index>
struct a_row_count_sink
{
  join_row_count* total;
  Index* rows; // null: only the total
  Index b_count;
  bool keep_a;
  Index* b_first;
  const Index* unmatched_before;
  join_segment<Index>* segments;
  // Counting only, on the CUDA backend (where rows_from_tiles_v): each
  // search tile's sum goes to tile_rows[tile] too, and the largest to
  // *most_in_a_tile.
  join_row_count* tile_rows      = nullptr;
  join_row_count* most_in_a_tile = nullptr;

  template <class Size>
  MGPU_HD join_row_count operator()(Size needle, bound_pair<Size> bounds) const
  {
    const join_generator<Index> generator = generator_of(bounds, b_count, keep_a);
    const join_row_count count            = generator.rows;
    if (rows == nullptr)
      return count;
    store_count_to_scan(rows, needle, static_cast<Index>(count));
    const Index generator_first = generator.matches == 0 ? Index(-1) : generator.first;
    if (segments != nullptr)
      segments[needle] = {generator_first, unmatched_before[generator.first]};
    else
      b_first[needle] = generator_first;
    return count;
  }
  MGPU_HD void add(join_row_count sum) const
  {
    add_rows(total, sum);
#ifdef __CUDA_ARCH__
    if constexpr (rows_from_tiles_v<Index>)
      if (tile_rows != nullptr) // once per tile (and, on unsorted data only, per needle the slices leave out)
      {
        add_rows(tile_rows + blockIdx.x, sum);
        atomicMax(reinterpret_cast<unsigned long long*>(most_in_a_tile), static_cast<unsigned long long>(sum));
      }
#endif
  }
};

// Whether the key has an equivalent at `position` of `other` (`count`
// elements), the position given by a lower-bound search and clamped first.
template <class Key, class It, class Index, class Compare>
MGPU_HD MGPU_FORCEINLINE bool equivalent_at(const Key& key, It other, Index count, Index position, Compare comp)
{
  return position < count && !comp(key, as_key<Key>(other[position]));
}

// Tallying sink of the lower-bound search of B's keys in A: B's rows without
// a match (the A row at the lower bound holds no equivalent key), summed
// into *total, and for the rows also stored to scan as unmatched flags
// (store_count_to_scan) beside the A rows before the key (a_lower, may be
// null).
template <class Key, class AIt, class BIt, class Index, class Compare>
struct b_match_sink
{
  AIt a;
  BIt b;
  Index a_count;
  Compare comp;
  join_row_count* total;
  Index* unmatched; // null: only the total
  Index* a_lower;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD join_row_count operator()(Size needle, Size position) const
  {
    const Index before = clamp_index(static_cast<Index>(position), Index(0), a_count);
    const bool matched = equivalent_at(as_key<Key>(b[needle]), a, a_count, before, comp);
    if (unmatched != nullptr)
    {
      store_count_to_scan(unmatched, needle, matched ? Index(0) : Index(1));
      if (a_lower != nullptr)
        a_lower[needle] = before;
    }
    return matched ? 0 : 1;
  }
  MGPU_HD void add(join_row_count sum) const { add_rows(total, sum); }
};

// Sink of the lower-bound search of A's keys in B for semi and anti joins:
// flags[j] = 1 when row j of A has a match and matches are kept (semi), or
// has none and they are not (anti).
template <class Key, class AIt, class BIt, class Index, class Compare>
struct a_match_sink
{
  AIt a;
  BIt b;
  Index b_count;
  Compare comp;
  bool keep_matched;
  unsigned char* flags;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void operator()(Size needle, Size position) const
  {
    const Index lower  = clamp_index(static_cast<Index>(position), Index(0), b_count);
    const bool matched = equivalent_at(as_key<Key>(a[needle]), b, b_count, lower, comp);
    flags[needle]      = matched == keep_matched ? 1 : 0;
  }
};

// The load-balanced expansion of A's generators: item i of generator s (row
// s of A) with rank r is the row (s, b_first + r), or (s, -1) for an
// unmatched row, written at i + shift. `Segments` points at plain b_first
// values (no interleaved B rows) or at join_segments.
template <class Segments, class OutA, class OutB>
struct join_rows_op : lbs_segment_op<Segments>
{
  OutA a_out;
  OutB b_out;
  using segment_data = value_of<Segments>;

  template <class T>
  static MGPU_HD MGPU_FORCEINLINE auto b_first_of(const T& segment)
  {
    if constexpr (std::is_integral_v<T>)
      return segment;
    else
      return segment.b_first;
  }
  template <class T>
  static MGPU_HD MGPU_FORCEINLINE auto shift_of(const T& segment)
  {
    if constexpr (std::is_integral_v<T>)
      return T(0);
    else
      return segment.shift;
  }

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size item, Size segment, Size rank, const segment_data& data, lbs_nothing) const
  {
    const join_row_count row = join_row_count(item) + join_row_count(shift_of(data));
    const auto b_first       = b_first_of(data);
    a_out[row]               = segment;
    b_out[row]               = b_first < 0 ? decltype(b_first + rank)(-1) : b_first + rank;
  }
};

// B's unmatched rows, one call per row j of B: (-1, j) after the rows of
// the A generators before its key (a_rows[a_lower[j]], a_rows the scanned
// row counts, Index or join_row_count) and the unmatched B rows before it
// (unmatched[j], scanned). Rows at or past `row_count` (only on unsorted
// input) are not written.
template <class Index, class Row, class OutA, class OutB>
struct unmatched_b_rows
{
  const Index* unmatched;
  const Index* a_lower;
  const Row* a_rows;
  Index a_count;
  join_row_count row_count;
  OutA a_out;
  OutB b_out;

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD void operator()(Index j) const
  {
    if (unmatched[j + 1] == unmatched[j])
      return; // matched
    const Index before       = clamp_index(a_lower[j], Index(0), a_count);
    const join_row_count row = join_row_count(a_rows[before]) + join_row_count(unmatched[j]);
    if (row < 0 || row >= row_count)
      return;
    a_out[row] = Index(-1);
    b_out[row] = j;
  }
};

// The rows of a join with one side empty: (i, -1) for each row of A, or
// (-1, j) for each row of B.
template <class OutA, class OutB>
struct one_sided_rows
{
  OutA a_out;
  OutB b_out;
  bool from_a;

  MGPU_EXEC_CHECK_DISABLE
  template <class Index>
  MGPU_HD void operator()(Index row) const
  {
    a_out[row] = from_a ? row : Index(-1);
    b_out[row] = from_a ? Index(-1) : row;
  }
};

// What a join reads back, in one copy: the rows of A's generators, B's
// unmatched rows (both tallied by the searches' sinks) and whether a search
// met unsorted data.
struct join_totals
{
  join_row_count a_rows;
  join_row_count b_rows;
  int unsorted;
};

struct is_flag_set
{
  MGPU_HD bool operator()(unsigned char flag) const { return flag != 0; }
};

} // namespace mgpu::detail
