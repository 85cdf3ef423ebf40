// The sequential backend of the four multiset operations.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/set_operation_ops.h>

namespace mgpu::detail::sequential {

// std::set_* on sorted multisets with values travelling with their keys.
// Returns the number of outputs, which on any input stays within what a
// valid one could give: min(a, b) for an intersection, a for a difference,
// a + b for the others.
MGPU_EXEC_CHECK_DISABLE
template <set_op Op, class Size, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD Size set_operation(KeyIt1 a, Size a_count, KeyIt2 b, Size b_count, ValIt1 a_vals, ValIt2 b_vals,
                           KeyOut keys_out, ValOut vals_out, Compare comp)
{
  constexpr bool has_values = has_values_v<ValIt1>;
  using key_t               = key_of<KeyIt1>;
  Size i = 0, j = 0, out = 0;
  while (i < a_count || j < b_count)
  {
    // Nothing further can come out once the range that feeds the output ends.
    if constexpr (Op == set_op::intersection)
      if (i == a_count || j == b_count)
        break;
    if constexpr (Op == set_op::difference)
      if (i == a_count)
        break;
    // Excluding a_first keeps every slot consuming an input when comp holds both ways.
    const bool a_first = j == b_count || (i < a_count && comp(as_key<key_t>(a[i]), as_key<key_t>(b[j])));
    const bool b_first = !a_first && (i == a_count || comp(as_key<key_t>(b[j]), as_key<key_t>(a[i])));
    const set_slot slot = visit_slot(set_rule_of(Op), a_first, b_first);
    if (slot.emit)
    {
      if constexpr (takes_from_b_v<Op>)
      {
        if (slot.from_b)
        {
          keys_out[out] = b[j];
          if constexpr (has_values)
            vals_out[out] = b_vals[j];
        }
        else
        {
          keys_out[out] = a[i];
          if constexpr (has_values)
            vals_out[out] = a_vals[i];
        }
      }
      else
      {
        keys_out[out] = a[i];
        if constexpr (has_values)
          vals_out[out] = a_vals[i];
      }
      ++out;
    }
    i += Size(slot.advance_a);
    j += Size(slot.advance_b);
  }
  (void) b_vals;
  return out;
}

} // namespace mgpu::detail::sequential
