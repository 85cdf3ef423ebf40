// Sequential load-balanced loop: the reference backend for host policies.
#pragma once

namespace mgpu::detail::sequential {

// Walks the segments in order; each non-empty segment's data is read once,
// then its items run in order. Segments of count 0 cost one comparison.
template <class OffsetIt, class Size, class Op>
void transform_lbs(OffsetIt offsets, Size segment_count, Size total, const Op& op)
{
  Size item = 0;
  for (Size segment = 0; segment < segment_count && item < total; ++segment)
  {
    const Size next = segment + 1 < segment_count ? static_cast<Size>(offsets[segment + 1]) : total;
    const Size end  = next < total ? next : total;
    if (item >= end)
      continue;
    const Size begin  = static_cast<Size>(offsets[segment]);
    const auto staged = op.load_segment(segment);
    for (; item < end; ++item)
    {
      const Size rank = item - begin;
      op.store_item(item, segment, rank, staged, op.load_item(item, segment, rank, staged));
    }
  }
}

} // namespace mgpu::detail::sequential
