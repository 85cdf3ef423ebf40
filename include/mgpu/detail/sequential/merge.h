// Sequential merge: the backend of host policies and of calls from device code.
#pragma once

#include <mgpu/detail/iterator.h>

namespace mgpu::detail::sequential {

// Stable two-way merge of keys (and, when value iterators are given, values).
MGPU_EXEC_CHECK_DISABLE
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare>
MGPU_HD void merge(KeyIt1 a, KeyIt1 a_end, KeyIt2 b, KeyIt2 b_end, ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out,
                   ValOut vals_out, Compare comp)
{
  constexpr bool has_values = has_values_v<ValIt1>;
  using key_t               = key_of<KeyIt1>;
  while (a != a_end || b != b_end)
  {
    // A wins ties: stability.
    if (a == a_end || (b != b_end && comp(as_key<key_t>(*b), as_key<key_t>(*a))))
    {
      *keys_out = *b;
      ++b;
      if constexpr (has_values)
      {
        *vals_out = *b_vals;
        ++b_vals;
      }
    }
    else
    {
      *keys_out = *a;
      ++a;
      if constexpr (has_values)
      {
        *vals_out = *a_vals;
        ++a_vals;
      }
    }
    ++keys_out;
    if constexpr (has_values)
      ++vals_out;
  }
}

} // namespace mgpu::detail::sequential
