// Sequential vectorized sorted search: the reference backend for host
// policies.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/sorted_search_ops.h>

#include <type_traits>

namespace mgpu::detail::sequential {

// Two fingers, one per range: the haystack finger only moves forward, so the
// whole search costs n + m steps. Whatever the data, the finger stays in
// [0, hay_count] and every needle gets exactly one answer there. A tallying
// sink's counts are summed and added once.
template <search_bound Bound, class Key, class HayIt, class Size, class NeedleIt, class Sink, class Compare>
void sorted_search(HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Sink& sink, Compare comp)
{
  Size position = 0;
  [[maybe_unused]] std::conditional_t<tallies_v<Sink, Size>, sink_tally_t<Sink, Size>, char> tally{};
  for (Size j = 0; j < needle_count; ++j)
  {
    const Key needle = as_key<Key>(needles[j]);
    if constexpr (Bound == search_bound::lower)
      while (position < hay_count && comp(as_key<Key>(hay[position]), needle))
        ++position;
    else
      while (position < hay_count && !comp(needle, as_key<Key>(hay[position])))
        ++position;
    if constexpr (tallies_v<Sink, Size>)
      tally += sink(j, position);
    else
      sink(j, position);
  }
  if constexpr (tallies_v<Sink, Size>)
    sink.add(tally);
}

} // namespace mgpu::detail::sequential
