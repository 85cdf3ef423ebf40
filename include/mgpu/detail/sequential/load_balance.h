// Sequential load-balanced loop: the backend of host policies and of calls from device code.
#pragma once

#include <thrust/iterator/iterator_traits.h>

#include <type_traits>

namespace mgpu::detail::sequential {

// `offset` clamped to [0, limit], compared in a type that holds both.
MGPU_EXEC_CHECK_DISABLE
template <class Offset, class Size>
MGPU_HD Size clamp_offset(const Offset& offset, Size limit)
{
  using wide_t = std::common_type_t<Offset, Size>;
  if (!(static_cast<wide_t>(offset) > wide_t(0)))
    return Size(0);
  if (static_cast<wide_t>(offset) > static_cast<wide_t>(limit))
    return limit;
  return static_cast<Size>(offset);
}

// Walks the segments in order; each non-empty segment's data is read once,
// then its items run in order. Segments of count 0 cost one comparison.
// Whatever the offsets, op sees a segment in [0, segment_count), an item in
// [0, total) and a rank in [0, item]; clamping leaves valid offsets as they are.
MGPU_EXEC_CHECK_DISABLE
template <class OffsetIt, class Size, class Op>
MGPU_HD void transform_lbs(OffsetIt offsets, Size segment_count, Size total, const Op& op)
{
  using offset_t = typename thrust::iterator_traits<OffsetIt>::value_type;
  Size item = 0;
  for (Size segment = 0; segment < segment_count && item < total; ++segment)
  {
    const Size end = segment + 1 < segment_count ? clamp_offset(static_cast<offset_t>(offsets[segment + 1]), total)
                                                 : total;
    if (item >= end)
      continue;
    const Size begin  = clamp_offset(static_cast<offset_t>(offsets[segment]), item);
    const auto staged = op.load_segment(segment);
    for (; item < end; ++item)
    {
      const Size rank = item - begin;
      op.store_item(item, segment, rank, staged, op.load_item(item, segment, rank, staged));
    }
  }
}

} // namespace mgpu::detail::sequential
