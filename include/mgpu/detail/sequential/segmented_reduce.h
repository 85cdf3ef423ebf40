// Sequential segmented reduction: the backend of host policies and of calls from device code.
#pragma once

#include <mgpu/detail/sequential/load_balance.h>

#include <thrust/iterator/iterator_traits.h>

namespace mgpu::detail::sequential {

// One cursor walks the values once, so the loop is O(n + m) whatever the
// offsets: a segment ends at its successor's offset clamped to [cursor,
// total] (the last one at the total), and reads only values in [0, total).
// Valid offsets are left as they are, so each segment reduces exactly its
// own values, from `init` on the left.
MGPU_EXEC_CHECK_DISABLE
template <class T, class InputIt, class OffsetIt, class Size, class OutputIt, class BinaryOp>
MGPU_HD void segmented_reduce(InputIt values, OffsetIt offsets, Size segment_count, Size total, OutputIt result,
                              const T& init, BinaryOp& op)
{
  using offset_t = typename thrust::iterator_traits<OffsetIt>::value_type;
  Size item      = segment_count > 0 ? clamp_offset(static_cast<offset_t>(offsets[0]), total) : Size(0);
  for (Size segment = 0; segment < segment_count; ++segment)
  {
    const Size end = segment + 1 < segment_count ? clamp_offset(static_cast<offset_t>(offsets[segment + 1]), total)
                                                 : total;
    T reduction = init;
    for (; item < end; ++item)
      reduction = static_cast<T>(op(reduction, static_cast<T>(values[item])));
    result[segment] = reduction;
  }
}

} // namespace mgpu::detail::sequential
