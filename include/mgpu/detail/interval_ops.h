// Interval expand, gather, scatter and move as load-balanced operations (see
// load_balance_ops.h): each segment's value, gather start or scatter start is
// read once per segment, then every work item adds its rank to it.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/load_balance_ops.h>

#include <type_traits>

namespace mgpu::detail {

// Position `rank` items into the interval that starts at `start`, in a type
// wide enough for both (a 32-bit problem may gather from a 64-bit position).
template <class Start, class Size>
MGPU_HD MGPU_FORCEINLINE auto interval_position(const Start& start, Size rank)
{
  using index_t = std::common_type_t<decltype(+start), Size>;
  return static_cast<index_t>(start) + static_cast<index_t>(rank);
}

// result[i] = values[s]
template <class ValueIt, class OutputIt>
struct interval_expand_op : lbs_segment_op<ValueIt>
{
  OutputIt result;
  using segment_data = value_of<ValueIt>;
  static constexpr bool stores_at_item = true;
  static constexpr bool uses_rank      = false;
  static constexpr bool lean           = true;

  template <class Size>
  MGPU_HD const segment_data& item_output(Size, const segment_data& value) const
  {
    return value;
  }
  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size item, Size segment, Size, const segment_data& value, lbs_nothing) const
  {
    result[item] = item_output(segment, value);
  }
};

// Gathers: result[i] = input[start[s] + rank]; otherwise it scatters:
// result[start[s] + rank] = input[i].
template <bool Gathers, class StartIt, class InputIt, class OutputIt>
struct interval_copy_op : lbs_segment_op<StartIt>
{
  InputIt input;
  OutputIt result;
  using segment_data = value_of<StartIt>;
  using item_value   = value_of<InputIt>;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD item_value load_item(Size item, Size, Size rank, const segment_data& start) const
  {
    if constexpr (Gathers)
      return input[interval_position(start, rank)];
    else
      return input[item];
  }
  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size item, Size, Size rank, const segment_data& start, const item_value& value) const
  {
    if constexpr (Gathers)
      result[item] = value;
    else
      result[interval_position(start, rank)] = value;
  }
};

template <class GatherIt, class InputIt, class OutputIt>
using interval_gather_op = interval_copy_op<true, GatherIt, InputIt, OutputIt>;
template <class ScatterIt, class InputIt, class OutputIt>
using interval_scatter_op = interval_copy_op<false, ScatterIt, InputIt, OutputIt>;

// Where one interval of a move comes from and goes to.
template <class Gather, class Scatter>
struct interval_ends
{
  Gather gather;
  Scatter scatter;
};

// result[scatter[s] + rank] = input[gather[s] + rank]
template <class GatherIt, class ScatterIt, class InputIt, class OutputIt>
struct interval_move_op : lbs_op_flags
{
  GatherIt gather;
  ScatterIt scatter;
  InputIt input;
  OutputIt result;
  using segment_data = interval_ends<value_of<GatherIt>, value_of<ScatterIt>>;
  using item_value   = value_of<InputIt>;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD segment_data load_segment(Size segment) const
  {
    return {gather[segment], scatter[segment]};
  }
  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD item_value load_item(Size, Size, Size rank, const segment_data& ends) const
  {
    return input[interval_position(ends.gather, rank)];
  }
  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void store_item(Size, Size, Size rank, const segment_data& ends, const item_value& value) const
  {
    result[interval_position(ends.scatter, rank)] = value;
  }
};

} // namespace mgpu::detail
