// What both backends of the vectorized sorted search share: which bound is
// sought, the type both ranges are compared as, and where each answer goes.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/iterator/transform_iterator.h>

#include <type_traits>
#include <utility>

namespace mgpu::detail {

// The answer given for each needle: lower_bound, upper_bound, or both (the
// joins' equal_range, one pass instead of two).
enum class search_bound
{
  lower,
  upper,
  equal_range
};

// Both bounds of one needle: the haystack elements ordered before it, and
// those not ordered after it.
template <class Size>
struct bound_pair
{
  Size lower;
  Size upper;
};

// What a sink receives for each needle: a position, or a bound_pair.
template <search_bound Bound, class Size>
using search_answer_t = std::conditional_t<Bound == search_bound::equal_range, bound_pair<Size>, Size>;

// The answer of a needle whose bounds both fall at `position`.
template <search_bound Bound, class Size>
MGPU_HD MGPU_FORCEINLINE search_answer_t<Bound, Size> answer_at(Size position)
{
  if constexpr (Bound == search_bound::equal_range)
    return {position, position};
  else
    return position;
}

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
  MGPU_EXEC_CHECK_DISABLE
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
// after it (upper), both as the backend's index type, or both as a
// bound_pair (equal_range). The public functions write the position to
// result[j], as thrust::lower_bound does.
template <class OutputIt>
struct search_result_sink
{
  OutputIt result;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void operator()(Size needle, Size position) const
  {
    result[needle] = position;
  }
};

// What a sink's call returns. A sink that returns a count (a tallying sink)
// has the search add up the counts and hand the sums to sink.add(sum): once
// per tile on the GPU, once on the host.
template <class Sink, class Size, class Answer = Size>
using sink_tally_t = decltype(std::declval<const Sink&>()(Size(), std::declval<Answer>()));

template <class Sink, class Size, class Answer = Size>
inline constexpr bool tallies_v = !std::is_void_v<sink_tally_t<Sink, Size, Answer>>;

} // namespace mgpu::detail
