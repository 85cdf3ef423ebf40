// What both backends of the vectorized sorted search share: which bound is
// sought, the type both ranges are compared as, and where each answer goes.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/iterator/transform_iterator.h>

#include <type_traits>
#include <utility>

namespace mgpu::detail {

// The answer written for each needle: lower_bound or upper_bound.
enum class search_bound
{
  lower,
  upper
};

// The type a haystack and its needles are compared as. Arithmetic values
// compare in their common type, as the built-in comparison (and
// thrust::lower_bound with less<>) would: int needles in a double haystack
// are not truncated. Anything else compares as the haystack's value type, the
// needles converted to it, as the merge does with its second range.
template <class Hay, class Needle, class = void>
struct search_key
{
  using type = Hay;
};
template <class Hay, class Needle>
struct search_key<Hay, Needle, std::enable_if_t<std::is_arithmetic_v<Hay> && std::is_arithmetic_v<Needle>>>
{
  using type = std::common_type_t<Hay, Needle>;
};
template <class HayIt, class NeedleIt>
using search_key_t = typename search_key<key_of<HayIt>, key_of<NeedleIt>>::type;

// Converts an element to the search key.
template <class Key, class From>
struct convert_to_key
{
  _CCCL_EXEC_CHECK_DISABLE
  MGPU_HD Key operator()(const From& value) const { return static_cast<Key>(value); }
};

// An iterator over `it` whose elements are `Key`s: `it` itself when they
// already are, so the CUDA tiles and the partition (which compare elements
// as their iterator's value type) see keys of one type.
template <class Key, class It>
auto as_key_iterator(It it)
{
  if constexpr (std::is_same_v<key_of<It>, Key>)
    return it;
  else
    return thrust::make_transform_iterator(it, convert_to_key<Key, key_of<It>>{});
}

// Where a search's answers go: `sink(j, position)` receives, once for each
// needle j, the number of haystack elements ordered before it (lower) or not
// after it (upper), both as the backend's index type. The public functions
// write the position to result[j], as thrust::lower_bound does.
template <class OutputIt>
struct search_result_sink
{
  OutputIt result;

  _CCCL_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void operator()(Size needle, Size position) const
  {
    result[needle] = position;
  }
};

// What a sink's call returns. A sink that returns a count (a tallying sink)
// has the search add up the counts and hand the sums to sink.add(sum): once
// per tile on the GPU, once on the host.
template <class Sink, class Size>
using sink_tally_t = decltype(std::declval<const Sink&>()(Size(), Size()));

template <class Sink, class Size>
inline constexpr bool tallies_v = !std::is_void_v<sink_tally_t<Sink, Size>>;

} // namespace mgpu::detail
