// Sequential merge: the reference backend for host policies.
#pragma once

#include <mgpu/detail/iterator.h>

namespace mgpu::detail::sequential {

// Stable two-way merge of keys (and, when value iterators are given, values).
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare>
void merge(KeyIt1 a, KeyIt1 a_end, KeyIt2 b, KeyIt2 b_end, ValIt1 a_vals, ValIt2 b_vals,
           KeyOut keys_out, ValOut vals_out, Compare comp)
{
  constexpr bool has_values = has_values_v<ValIt1>;
  using key_t               = key_of<KeyIt1>;
  auto take_a = [&] {
    *keys_out = *a;
    ++a, ++keys_out;
    if constexpr (has_values)
    {
      *vals_out = *a_vals;
      ++a_vals, ++vals_out;
    }
  };
  auto take_b = [&] {
    *keys_out = *b;
    ++b, ++keys_out;
    if constexpr (has_values)
    {
      *vals_out = *b_vals;
      ++b_vals, ++vals_out;
    }
  };
  while (a != a_end && b != b_end)
  {
    if (comp(as_key<key_t>(*b), as_key<key_t>(*a))) // A wins ties: stability
      take_b();
    else
      take_a();
  }
  while (a != a_end)
    take_a();
  while (b != b_end)
    take_b();
}

} // namespace mgpu::detail::sequential
