// Sequential relational joins: the reference backend for host policies.
#pragma once

#include <mgpu/detail/iterator.h>

#include <cstdint>

namespace mgpu::detail::sequential {

// Walks A and B key run by key run, in key order, and reports each run:
// rows(a_begin, a_end, b_begin, b_end) for a key present on both sides
// (every pair of the two runs is a row, in (a, b) order), unmatched_a(i) and
// unmatched_b(j) for a row whose key the other side lacks. Every step
// consumes at least one row, so on any data the walk ends after n + m steps
// and reports only rows inside the ranges; a join and its size, fed the
// same data, see the same runs.
template <class Key, class AIt, class BIt, class Size, class Compare, class Rows, class UnmatchedA, class UnmatchedB>
void for_each_key_run(AIt a, Size a_count, BIt b, Size b_count, Compare comp, Rows rows, UnmatchedA unmatched_a,
                      UnmatchedB unmatched_b)
{
  Size i = 0, j = 0;
  while (i < a_count || j < b_count)
  {
    if (j == b_count || (i < a_count && comp(as_key<Key>(a[i]), as_key<Key>(b[j]))))
      unmatched_a(i++);
    else if (i == a_count || comp(as_key<Key>(b[j]), as_key<Key>(a[i])))
      unmatched_b(j++);
    else
    {
      const Key key = as_key<Key>(a[i]);
      Size a_end = i + 1, b_end = j + 1;
      while (a_end < a_count && !comp(key, as_key<Key>(a[a_end])))
        ++a_end;
      while (b_end < b_count && !comp(key, as_key<Key>(b[b_end])))
        ++b_end;
      rows(i, a_end, j, b_end);
      i = a_end;
      j = b_end;
    }
  }
}

// How many rows the join writes: matched pairs, plus the unmatched rows of
// the sides it keeps.
template <class Key, class AIt, class BIt, class Size, class Compare>
std::int64_t join_size(AIt a, Size a_count, BIt b, Size b_count, bool keep_a, bool keep_b, Compare comp)
{
  std::int64_t total = 0;
  for_each_key_run<Key>(
    a, a_count, b, b_count, comp,
    [&](Size a_begin, Size a_end, Size b_begin, Size b_end) {
      total += std::int64_t(a_end - a_begin) * std::int64_t(b_end - b_begin);
    },
    [&](Size) { total += keep_a ? 1 : 0; }, [&](Size) { total += keep_b ? 1 : 0; });
  return total;
}

// Writes the join's rows in order; returns how many.
template <class Key, class AIt, class BIt, class Size, class OutA, class OutB, class Compare>
std::int64_t join(AIt a, Size a_count, BIt b, Size b_count, OutA a_out, OutB b_out, bool keep_a, bool keep_b,
                  Compare comp)
{
  std::int64_t row = 0;
  auto write = [&](Size a_index, Size b_index) {
    a_out[row] = a_index;
    b_out[row] = b_index;
    ++row;
  };
  for_each_key_run<Key>(
    a, a_count, b, b_count, comp,
    [&](Size a_begin, Size a_end, Size b_begin, Size b_end) {
      for (Size x = a_begin; x < a_end; ++x)
        for (Size y = b_begin; y < b_end; ++y)
          write(x, y);
    },
    [&](Size i) {
      if (keep_a)
        write(i, Size(-1));
    },
    [&](Size j) {
      if (keep_b)
        write(Size(-1), j);
    });
  return row;
}

// The rows of A that have a match in B (keep_matched) or have none, in
// order; returns how many.
template <class Key, class AIt, class BIt, class Size, class OutA, class Compare>
std::int64_t filter_by_match(AIt a, Size a_count, BIt b, Size b_count, OutA a_out, bool keep_matched, Compare comp)
{
  std::int64_t written = 0;
  auto keep = [&](Size i, bool matched) {
    if (matched == keep_matched)
      a_out[written++] = i;
  };
  for_each_key_run<Key>(
    a, a_count, b, b_count, comp,
    [&](Size a_begin, Size a_end, Size, Size) {
      for (Size x = a_begin; x < a_end; ++x)
        keep(x, true);
    },
    [&](Size i) { keep(i, false); }, [](Size) {});
  return written;
}

} // namespace mgpu::detail::sequential
