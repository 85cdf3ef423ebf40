// Relational joins of two small sorted key columns: the four joins as
// (A index, B index) rows, and the semi and anti joins.
#pragma once

#include "demo_support.h"

#include <mgpu/join.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

namespace demo {

inline constexpr int join_keys_a[24] = {0,  1,  1,  2,  4,  4,  4,  5,  7,  8,  8,  9,
                                        11, 12, 12, 14, 15, 15, 15, 17, 19, 20, 20, 22};
inline constexpr int join_keys_b[24] = {1,  2,  2,  3,  4,  5,  5,  6,  8,  8,  10, 11,
                                        11, 12, 13, 15, 16, 17, 17, 18, 20, 21, 22, 22};

// The rows by a nested loop: every matching pair in (a, b) order, then the
// unmatched rows kept, then all stably sorted by key.
inline std::pair<std::vector<int>, std::vector<int>> nested_loop_join(const std::vector<int>& a,
                                                                      const std::vector<int>& b, bool keep_a,
                                                                      bool keep_b)
{
  std::vector<std::pair<int, int>> rows;
  std::vector<bool> a_matched(a.size()), b_matched(b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = 0; j < b.size(); ++j)
      if (a[i] == b[j])
      {
        rows.emplace_back(int(i), int(j));
        a_matched[i] = b_matched[j] = true;
      }
  for (std::size_t i = 0; i < a.size(); ++i)
    if (keep_a && !a_matched[i])
      rows.emplace_back(int(i), -1);
  for (std::size_t j = 0; j < b.size(); ++j)
    if (keep_b && !b_matched[j])
      rows.emplace_back(-1, int(j));
  auto key_of = [&](const std::pair<int, int>& row) { return row.first >= 0 ? a[row.first] : b[row.second]; };
  std::stable_sort(rows.begin(), rows.end(), [&](const auto& x, const auto& y) { return key_of(x) < key_of(y); });
  std::pair<std::vector<int>, std::vector<int>> columns;
  for (const auto& [i, j] : rows)
    columns.first.push_back(i), columns.second.push_back(j);
  return columns;
}

template <class Backend>
void join_demo()
{
  std::printf("\nRELATIONAL JOIN DEMONSTRATION:\n\n");
  const auto a = from_array<int>(join_keys_a), b = from_array<int>(join_keys_b);
  std::printf("A keys:\n");
  print_array(a);
  std::printf("\nB keys:\n");
  print_array(b);

  using vector = typename Backend::template vector<int>;
  const vector d_a(a.begin(), a.end()), d_b(b.begin(), b.end());
  const std::pair<mgpu::join_kind, const char*> kinds[] = {{mgpu::join_kind::inner, "Inner"},
                                                           {mgpu::join_kind::left_outer, "Left outer"},
                                                           {mgpu::join_kind::right_outer, "Right outer"},
                                                           {mgpu::join_kind::full_outer, "Full outer"}};
  for (const auto& [kind, name] : kinds)
  {
    const auto rows = mgpu::join_size(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), kind);
    vector a_index(rows), b_index(rows);
    mgpu::join(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), a_index.begin(), b_index.begin(),
               kind);
    const auto a_rows = to_host(a_index), b_rows = to_host(b_index);
    std::printf("\n%s join, %d rows. A indices:\n", name, int(rows));
    print_array(a_rows);
    std::printf("B indices:\n");
    print_array(b_rows);

    const bool keep_a = kind == mgpu::join_kind::left_outer || kind == mgpu::join_kind::full_outer;
    const bool keep_b = kind == mgpu::join_kind::right_outer || kind == mgpu::join_kind::full_outer;
    const auto expected = nested_loop_join(a, b, keep_a, keep_b);
    verify("join A indices", a_rows, expected.first);
    verify("join B indices", b_rows, expected.second);
  }

  vector matched(a.size());
  auto end = mgpu::semi_join(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), matched.begin());
  const auto semi = to_host(matched, end);
  std::printf("\nSemi join (rows of A with a match):\n");
  print_array(semi);
  end = mgpu::anti_join(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), matched.begin());
  const auto anti = to_host(matched, end);
  std::printf("\nAnti join (rows of A without one):\n");
  print_array(anti);

  std::vector<int> expected_semi, expected_anti;
  for (std::size_t i = 0; i < a.size(); ++i)
    (std::binary_search(b.begin(), b.end(), a[i]) ? expected_semi : expected_anti).push_back(int(i));
  verify("semi join", semi, expected_semi);
  verify("anti join", anti, expected_anti);
}

} // namespace demo
