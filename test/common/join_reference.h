// References for the relational joins, shared by the join and bad-input
// tests: a nested loop over all pairs of rows, with the unmatched rows of an
// outer join added and every row stably ordered by key, and a run-by-run
// equivalent for inputs too large for the nested loop.
#pragma once

#include <mgpu/join.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace join_reference {

inline constexpr mgpu::join_kind all_kinds[] = {mgpu::join_kind::inner, mgpu::join_kind::left_outer,
                                                mgpu::join_kind::right_outer, mgpu::join_kind::full_outer};

inline const char* name_of(mgpu::join_kind kind)
{
  switch (kind)
  {
    case mgpu::join_kind::inner: return "inner";
    case mgpu::join_kind::left_outer: return "left_outer";
    case mgpu::join_kind::right_outer: return "right_outer";
    default: return "full_outer";
  }
}

inline bool keeps_a(mgpu::join_kind kind)
{
  return kind == mgpu::join_kind::left_outer || kind == mgpu::join_kind::full_outer;
}
inline bool keeps_b(mgpu::join_kind kind)
{
  return kind == mgpu::join_kind::right_outer || kind == mgpu::join_kind::full_outer;
}

// A join's rows as two index columns.
struct rows
{
  std::vector<long long> a, b;
  std::size_t size() const { return a.size(); }
};

// Every pair (i, j) with equivalent keys, in (i, j) order; then each row of
// A, and of B, that had none (if the kind keeps it); then every row stably
// sorted by its key. Unmatched rows of a key are the only rows of that key,
// so the stable sort leaves each key's rows in the order they were added.
template <class Key, class Compare>
rows nested_loop_join(const std::vector<Key>& a, const std::vector<Key>& b, mgpu::join_kind kind, Compare comp)
{
  auto equivalent = [&](const Key& x, const Key& y) { return !comp(x, y) && !comp(y, x); };
  std::vector<std::pair<long long, long long>> pairs;
  std::vector<bool> a_matched(a.size()), b_matched(b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j)
      if (equivalent(a[i], b[j]))
      {
        pairs.emplace_back(i, j);
        a_matched[i] = b_matched[j] = true;
      }
  if (keeps_a(kind))
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!a_matched[i])
        pairs.emplace_back(i, -1);
  if (keeps_b(kind))
    for (std::size_t j = 0; j < b.size(); ++j)
      if (!b_matched[j])
        pairs.emplace_back(-1, j);
  auto key_of = [&](const std::pair<long long, long long>& row) { return row.first >= 0 ? a[row.first] : b[row.second]; };
  std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) { return comp(key_of(x), key_of(y)); });
  rows out;
  for (const auto& [i, j] : pairs)
    out.a.push_back(i), out.b.push_back(j);
  return out;
}

// The same rows from the equal ranges of each key, for inputs too large for
// the nested loop.
template <class Key, class Compare>
rows run_join(const std::vector<Key>& a, const std::vector<Key>& b, mgpu::join_kind kind, Compare comp)
{
  rows out;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size())
  {
    const bool take_a = j == b.size() || (i < a.size() && !comp(b[j], a[i]));
    const Key key     = take_a ? a[i] : b[j];
    const auto a_run  = std::equal_range(a.begin() + i, a.end(), key, comp);
    const auto b_run  = std::equal_range(b.begin() + j, b.end(), key, comp);
    const std::size_t a_end = a_run.second - a.begin(), b_end = b_run.second - b.begin();
    if (a_end > i && b_end > j)
      for (std::size_t x = i; x < a_end; ++x)
        for (std::size_t y = j; y < b_end; ++y)
          out.a.push_back(x), out.b.push_back(y);
    else if (a_end > i && keeps_a(kind))
      for (std::size_t x = i; x < a_end; ++x)
        out.a.push_back(x), out.b.push_back(-1);
    else if (b_end > j && keeps_b(kind))
      for (std::size_t y = j; y < b_end; ++y)
        out.a.push_back(-1), out.b.push_back(y);
    i = a_end;
    j = b_end;
  }
  return out;
}

// How many rows run_join gives, without listing them.
template <class Key, class Compare>
long long count_rows(const std::vector<Key>& a, const std::vector<Key>& b, mgpu::join_kind kind, Compare comp)
{
  long long count = 0;
  std::size_t i = 0, j = 0;
  while (i < a.size() || j < b.size())
  {
    const bool take_a = j == b.size() || (i < a.size() && !comp(b[j], a[i]));
    const Key key     = take_a ? a[i] : b[j];
    const std::size_t a_end = std::equal_range(a.begin() + i, a.end(), key, comp).second - a.begin();
    const std::size_t b_end = std::equal_range(b.begin() + j, b.end(), key, comp).second - b.begin();
    if (a_end > i && b_end > j)
      count += static_cast<long long>(a_end - i) * static_cast<long long>(b_end - j);
    else if (a_end > i && keeps_a(kind))
      count += static_cast<long long>(a_end - i);
    else if (b_end > j && keeps_b(kind))
      count += static_cast<long long>(b_end - j);
    i = a_end;
    j = b_end;
  }
  return count;
}

template <class Key, class Compare>
rows reference_join(const std::vector<Key>& a, const std::vector<Key>& b, mgpu::join_kind kind, Compare comp)
{
  if (double(a.size()) * double(b.size()) <= 4e6)
    return nested_loop_join(a, b, kind, comp);
  return run_join(a, b, kind, comp);
}

} // namespace join_reference
