// Merge keys and merge pairs, as in the Modern GPU demonstrations.
#pragma once

#include "demo_support.h"
#include "demo_inputs.h"

#include <mgpu/merge.h>

#include <algorithm>
#include <utility>

namespace demo {

template <class Backend>
void merge_keys()
{
  std::printf("\n\nMERGE KEYS DEMONSTRATION:\n\n");
  const auto a = from_array<int>(mgpu_demo_data::merge_keys_a), b = from_array<int>(mgpu_demo_data::merge_keys_b);
  std::printf("A:\n");
  print_array(a);
  std::printf("\nB:\n");
  print_array(b);

  typename Backend::template vector<int> d_a(a.begin(), a.end()), d_b(b.begin(), b.end()), d_c(a.size() + b.size());
  mgpu::merge(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_c.begin());

  std::printf("\nMerged array:\n");
  const auto merged = to_host(d_c);
  print_array(merged);

  std::vector<int> expected(merged.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  verify("merged keys", merged, expected);
}

template <class Backend>
void merge_pairs()
{
  std::printf("\n\nMERGE PAIRS DEMONSTRATION:\n\n");
  const auto a = from_array<int>(mgpu_demo_data::merge_pairs_a), b = from_array<int>(mgpu_demo_data::merge_pairs_b);
  const int n = static_cast<int>(a.size());
  std::printf("A:\n");
  print_array(a);
  std::printf("\nB:\n");
  print_array(b);

  using vector = typename Backend::template vector<int>;
  vector d_a(a.begin(), a.end()), d_b(b.begin(), b.end()), keys(2 * n), values(2 * n);
  // A's values are its indices 0..99, B's are 100..199.
  mgpu::merge_by_key(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                     thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), keys.begin(),
                     values.begin());

  std::printf("\nMerged keys:\n");
  const auto merged_keys = to_host(keys);
  print_array(merged_keys);
  std::printf("\nMerged values (0-99 are A indices, 100-199 are B indices).\n");
  const auto merged_values = to_host(values);
  print_array(merged_values);

  std::vector<std::pair<int, int>> pa, pb, expected(2 * n);
  for (int i = 0; i < n; ++i)
    pa.emplace_back(a[i], i), pb.emplace_back(b[i], n + i);
  std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), expected.begin(),
             [](auto x, auto y) { return x.first < y.first; });
  std::vector<int> expected_keys, expected_values;
  for (auto [k, v] : expected)
    expected_keys.push_back(k), expected_values.push_back(v);
  verify("merged keys", merged_keys, expected_keys);
  verify("merged values", merged_values, expected_values);
}

} // namespace demo
