// Sequential vectorized sorted search: the backend of host policies and of
// calls from device code.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/sorted_search_ops.h>

#include <type_traits>

namespace mgpu::detail::sequential {

// Two fingers, one per bound: each only moves forward, so the whole search
// costs n + m steps per bound. Whatever the data, the fingers stay in
// [0, hay_count] and every needle gets exactly one answer there. A tallying
// sink's counts are summed and added once.
MGPU_EXEC_CHECK_DISABLE
template <search_bound Bound, class Key, class HayIt, class Size, class NeedleIt, class Sink, class Compare>
MGPU_HD void sorted_search(HayIt hay, Size hay_count, NeedleIt needles, Size needle_count, const Sink& sink,
                           Compare comp)
{
  using answer_t  = search_answer_t<Bound, Size>;
  Size lower      = 0; // haystack elements ordered before the needle
  Size upper      = 0; // not ordered after it
  [[maybe_unused]] std::conditional_t<tallies_v<Sink, Size, answer_t>, sink_tally_t<Sink, Size, answer_t>, char>
    tally{};
  for (Size j = 0; j < needle_count; ++j)
  {
    const Key needle = as_key<Key>(needles[j]);
    if constexpr (Bound != search_bound::upper)
      while (lower < hay_count && comp(as_key<Key>(hay[lower]), needle))
        ++lower;
    if constexpr (Bound != search_bound::lower)
    {
      upper = upper < lower ? lower : upper;
      while (upper < hay_count && !comp(needle, as_key<Key>(hay[upper])))
        ++upper;
    }
    answer_t answer;
    if constexpr (Bound == search_bound::lower)
      answer = lower;
    else if constexpr (Bound == search_bound::upper)
      answer = upper;
    else
      answer = {lower, upper};
    if constexpr (tallies_v<Sink, Size, answer_t>)
      tally += sink(j, answer);
    else
      sink(j, answer);
  }
  if constexpr (tallies_v<Sink, Size, answer_t>)
    sink.add(tally);
}

} // namespace mgpu::detail::sequential
