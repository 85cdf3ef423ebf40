// Sequential bulk remove and bulk insert: the backend of host policies and of
// calls from device code. One pass over the source, the indices consumed alongside it.
// Whatever the indices or positions hold, neither loop reads past an input
// or writes more elements than its valid output would have.
#pragma once

#include <thrust/iterator/iterator_traits.h>

namespace mgpu::detail::sequential {

// Copies [first, last) to `result`, skipping the positions listed in the
// ascending, unique [indices, indices_last).
MGPU_EXEC_CHECK_DISABLE
template <class InputIt, class IndexIt, class OutputIt>
MGPU_HD void bulk_remove(InputIt first, InputIt last, IndexIt indices, IndexIt indices_last, OutputIt result)
{
  using Size = typename thrust::iterator_traits<InputIt>::difference_type;
  // The output holds count - index count elements; bad indices remove fewer.
  Size room = (last - first) - static_cast<Size>(indices_last - indices);
  for (Size position = 0; first != last && room > 0; ++first, ++position)
  {
    // Indices behind the position (repeated, unsorted or negative) name nothing left to remove.
    while (indices != indices_last && static_cast<Size>(*indices) < position)
      ++indices;
    if (indices != indices_last && static_cast<Size>(*indices) == position)
    {
      ++indices;
      continue;
    }
    *result = *first;
    ++result;
    --room;
  }
}

// Copies [first, last) to `result`, putting each value just before the source
// element named by its position; positions ascend and may repeat (the values
// then keep their order), and a position equal to the source size appends.
MGPU_EXEC_CHECK_DISABLE
template <class InputIt, class ValueIt, class PositionIt, class OutputIt>
MGPU_HD void bulk_insert(InputIt first, InputIt last, ValueIt values, ValueIt values_last, PositionIt positions,
                         OutputIt result)
{
  using Size = typename thrust::iterator_traits<InputIt>::difference_type;
  for (Size position = 0; first != last; ++first, ++position)
  {
    for (; values != values_last && static_cast<Size>(*positions) <= position; ++values, ++positions, ++result)
      *result = *values;
    *result = *first;
    ++result;
  }
  // The rest append, so every value is written once even behind a position past the end.
  for (; values != values_last; ++values, ++result)
    *result = *values;
}

} // namespace mgpu::detail::sequential
