// Iterator helpers shared by the backends.
#pragma once

#include <mgpu/detail/config.h>

#include <thrust/iterator/iterator_traits.h>

#include <type_traits>
#include <utility>

namespace mgpu::detail {

template <class It>
using value_of = typename thrust::iterator_traits<It>::value_type;

// The type an input's elements are compared as: its value type, or what
// indexing yields for an indexable object without iterator traits.
template <class It, class = void>
struct key_type
{
  using type = std::decay_t<decltype(std::declval<const It&>()[0])>;
};
template <class It>
struct key_type<It, std::void_t<value_of<It>>>
{
  using type = value_of<It>;
};
template <class It>
using key_of = typename key_type<It>::type;

// An element as the `Key` comparisons take, so comparators never see a proxy
// (device_reference) or a second type; a Key lvalue stays a const reference.
template <class Key, class Element>
MGPU_HD MGPU_FORCEINLINE decltype(auto) as_key(Element&& element)
{
  using element_t = std::remove_cv_t<std::remove_reference_t<Element>>;
  if constexpr (std::is_lvalue_reference_v<Element> && std::is_same_v<element_t, Key>)
    return static_cast<const Key&>(element);
  else
    return static_cast<Key>(static_cast<Element&&>(element));
}

// `comp` on two `Key`s, for Thrust algorithms that pass elements as they come.
template <class Key, class Compare>
struct compare_as
{
  Compare comp;

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD bool operator()(const Key& x, const Key& y) const { return comp(x, y); }
};

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
