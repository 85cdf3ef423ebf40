// The operations the load-balancing engine runs, written once for both
// backends.
//
// An operation tells the engine what to read once per segment and what to do
// for every work item:
//
//   using segment_data = ...;  // read once per segment (per CUDA tile)
//   using item_value   = ...;  // carried from an item's reads to its writes
//   segment_data load_segment(s) const;
//   item_value   load_item (i, s, rank, const segment_data&) const;
//   void         store_item(i, s, rank, const segment_data&, const item_value&) const;
//
// Every operation derives from lbs_op_flags and may override its flags:
//
//   stores_at_item = true: store_item is result[i] = item_output(s, data),
//     so the CUDA tile can write a contiguous result in 16-byte vectors; the
//     operation then also has  auto item_output(s, const segment_data&) const;
//   uses_rank = false: load_item and store_item ignore their rank argument,
//     so the CUDA tile may keep small segment data where the segment starts
//     were (load_balance_tile.h) and pass a rank of 0;
//   lean = true: few registers per item, so the CUDA engine keeps more
//     tiles resident per SM.
//
// The CUDA tile stages every segment it touches (its offset and its
// segment_data) in shared memory, then issues load_item for all of a thread's
// items before any store_item, so an operation's global reads are in flight
// together. `lbs_nothing` marks an empty segment_data or item_value; the
// engine then stages or carries nothing.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <cuda/std/type_traits>

namespace mgpu::detail {

struct lbs_nothing
{};

template <class T>
inline constexpr bool is_lbs_nothing_v = ::cuda::std::is_same_v<T, lbs_nothing>;

// The flags of an operation that declares none of its own.
struct lbs_op_flags
{
  static constexpr bool stores_at_item = false;
  static constexpr bool uses_rank      = true;
  static constexpr bool lean           = false;
};

// Operations that read nothing per segment or per item derive from this.
struct lbs_op_base : lbs_op_flags
{
  using segment_data = lbs_nothing;
  using item_value   = lbs_nothing;

  template <class Size>
  MGPU_HD lbs_nothing load_segment(Size) const
  {
    return {};
  }
  template <class Size, class SegmentData>
  MGPU_HD lbs_nothing load_item(Size, Size, Size, const SegmentData&) const
  {
    return {};
  }
};

// Operations that read one value per segment from an iterator (a value to
// expand, an interval's start, a join generator's first B row) derive from
// this; their items read nothing unless they declare item_value and
// load_item of their own.
template <class SegmentIt>
struct lbs_segment_op : lbs_op_flags
{
  SegmentIt per_segment;
  using segment_data = value_of<SegmentIt>;
  using item_value   = lbs_nothing;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD segment_data load_segment(Size segment) const
  {
    return per_segment[segment];
  }
  template <class Size>
  MGPU_HD lbs_nothing load_item(Size, Size, Size, const segment_data&) const
  {
    return {};
  }
};

// load_balance_search: result[i] = s.
template <class OutputIt>
struct lbs_search_op : lbs_op_base
{
  static constexpr bool lean           = true;
  static constexpr bool stores_at_item = true;
  static constexpr bool uses_rank      = false;
  OutputIt result;

  template <class Size>
  MGPU_HD Size item_output(Size segment, lbs_nothing) const
  {
    return segment;
  }
  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size item, Size segment, Size, lbs_nothing, lbs_nothing) const
  {
    result[item] = item_output(segment, {});
  }
};

// transform_lbs: the caller's f(i, s, rank), its arguments converted to
// `Index` so that f sees one index type whichever width the engine chose.
template <class Index, class F>
struct lbs_transform_op : lbs_op_base
{
  // Lean whatever the functor: resident tiles pay for a heavy one's spills.
  static constexpr bool lean = true;
  mutable F f; // callers' functors need not have a const call operator

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size item, Size segment, Size rank, lbs_nothing, lbs_nothing) const
  {
    f(static_cast<Index>(item), static_cast<Index>(segment), static_cast<Index>(rank));
  }
};

} // namespace mgpu::detail
