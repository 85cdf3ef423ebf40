// Iterator helpers shared by the backends.
#pragma once

#include <thrust/iterator/iterator_traits.h>

#include <type_traits>

namespace mgpu::detail {

template <class It>
using value_of = typename thrust::iterator_traits<It>::value_type;

// Stands in for the value iterators of a keys-only operation, so one
// implementation serves keys and key-value forms; `if constexpr` on
// `has_values_v` removes every value access at compile time.
struct no_values
{};

template <class It>
inline constexpr bool has_values_v = !std::is_same_v<It, no_values>;

// The value type of a value iterator; a placeholder byte for `no_values`.
template <class It>
struct value_type_or_byte
{
  using type = value_of<It>;
};
template <>
struct value_type_or_byte<no_values>
{
  using type = char;
};
template <class It>
using value_type_or_byte_t = typename value_type_or_byte<It>::type;

} // namespace mgpu::detail
