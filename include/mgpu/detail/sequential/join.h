// Sequential relational joins: the backend of host policies and of calls from device code.
#pragma once

#include <mgpu/detail/iterator.h>

#include <cstdint>

namespace mgpu::detail::sequential {

// Walks A and B key run by key run, in key order, and reports each run to
// `runs`: runs.matched(a_begin, a_end, b_begin, b_end) for a key present on
// both sides (every pair of the two runs is a row, in (a, b) order),
// runs.unmatched_a(i) and runs.unmatched_b(j) for a row whose key the other
// side lacks. Every step consumes at least one row, so on any data the walk
// ends after n + m steps and reports only rows inside the ranges; a join and
// its size, fed the same data, see the same runs.
MGPU_EXEC_CHECK_DISABLE
template <class Key, class AIt, class BIt, class Size, class Compare, class Runs>
MGPU_HD void for_each_key_run(AIt a, Size a_count, BIt b, Size b_count, Compare comp, Runs& runs)
{
  Size i = 0, j = 0;
  while (i < a_count || j < b_count)
  {
    if (j == b_count || (i < a_count && comp(as_key<Key>(a[i]), as_key<Key>(b[j]))))
      runs.unmatched_a(i++);
    else if (i == a_count || comp(as_key<Key>(b[j]), as_key<Key>(a[i])))
      runs.unmatched_b(j++);
    else
    {
      const Key key = as_key<Key>(a[i]);
      Size a_end = i + 1, b_end = j + 1;
      while (a_end < a_count && !comp(key, as_key<Key>(a[a_end])))
        ++a_end;
      while (b_end < b_count && !comp(key, as_key<Key>(b[b_end])))
        ++b_end;
      runs.matched(i, a_end, j, b_end);
      i = a_end;
      j = b_end;
    }
  }
}

// Counts the join's rows: matched pairs, plus the unmatched rows of the
// sides it keeps.
struct row_counter
{
  bool keep_a, keep_b;
  std::int64_t rows = 0;

  template <class Size>
  MGPU_HD void matched(Size a_begin, Size a_end, Size b_begin, Size b_end)
  {
    rows += std::int64_t(a_end - a_begin) * std::int64_t(b_end - b_begin);
  }
  template <class Size>
  MGPU_HD void unmatched_a(Size)
  {
    rows += keep_a ? 1 : 0;
  }
  template <class Size>
  MGPU_HD void unmatched_b(Size)
  {
    rows += keep_b ? 1 : 0;
  }
};

// Writes the join's rows in order.
template <class OutA, class OutB>
struct row_writer
{
  OutA a_out;
  OutB b_out;
  bool keep_a, keep_b;
  std::int64_t rows = 0;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void write(Size a_index, Size b_index)
  {
    a_out[rows] = a_index;
    b_out[rows] = b_index;
    ++rows;
  }
  template <class Size>
  MGPU_HD void matched(Size a_begin, Size a_end, Size b_begin, Size b_end)
  {
    for (Size x = a_begin; x < a_end; ++x)
      for (Size y = b_begin; y < b_end; ++y)
        write(x, y);
  }
  template <class Size>
  MGPU_HD void unmatched_a(Size i)
  {
    if (keep_a)
      write(i, Size(-1));
  }
  template <class Size>
  MGPU_HD void unmatched_b(Size j)
  {
    if (keep_b)
      write(Size(-1), j);
  }
};

// Writes the rows of A that have a match in B (keep_matched) or have none,
// in order.
template <class OutA>
struct match_filter
{
  OutA a_out;
  bool keep_matched;
  std::int64_t rows = 0;

  MGPU_EXEC_CHECK_DISABLE
  template <class Size>
  MGPU_HD void keep(Size i, bool matched)
  {
    if (matched == keep_matched)
      a_out[rows++] = i;
  }
  template <class Size>
  MGPU_HD void matched(Size a_begin, Size a_end, Size, Size)
  {
    for (Size x = a_begin; x < a_end; ++x)
      keep(x, true);
  }
  template <class Size>
  MGPU_HD void unmatched_a(Size i)
  {
    keep(i, false);
  }
  template <class Size>
  MGPU_HD void unmatched_b(Size)
  {}
};

// How many rows the join writes.
MGPU_EXEC_CHECK_DISABLE
template <class Key, class AIt, class BIt, class Size, class Compare>
MGPU_HD std::int64_t join_size(AIt a, Size a_count, BIt b, Size b_count, bool keep_a, bool keep_b, Compare comp)
{
  row_counter counter{keep_a, keep_b};
  for_each_key_run<Key>(a, a_count, b, b_count, comp, counter);
  return counter.rows;
}

// Writes the join's rows in order; returns how many.
MGPU_EXEC_CHECK_DISABLE
template <class Key, class AIt, class BIt, class Size, class OutA, class OutB, class Compare>
MGPU_HD std::int64_t join(AIt a, Size a_count, BIt b, Size b_count, OutA a_out, OutB b_out, bool keep_a, bool keep_b,
                          Compare comp)
{
  row_writer<OutA, OutB> writer{a_out, b_out, keep_a, keep_b};
  for_each_key_run<Key>(a, a_count, b, b_count, comp, writer);
  return writer.rows;
}

// The rows of A that have a match in B (keep_matched) or have none, in
// order; returns how many.
MGPU_EXEC_CHECK_DISABLE
template <class Key, class AIt, class BIt, class Size, class OutA, class Compare>
MGPU_HD std::int64_t filter_by_match(AIt a, Size a_count, BIt b, Size b_count, OutA a_out, bool keep_matched,
                                     Compare comp)
{
  match_filter<OutA> filter{a_out, keep_matched};
  for_each_key_run<Key>(a, a_count, b, b_count, comp, filter);
  return filter.rows;
}

} // namespace mgpu::detail::sequential
