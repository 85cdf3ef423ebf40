// Multiset keys and multiset pairs, as in the Modern GPU demonstrations.
#pragma once

#include "demo_support.h"
#include "demo_inputs.h"

#include <mgpu/set_operations.h>

#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <iterator>
#include <utility>

namespace demo {

template <class Backend>
void multiset_keys()
{
  std::printf("\nMULTISET-KEYS DEMONSTRATION:\n\n");
  const auto a = from_array<int>(mgpu_demo_data::multiset_keys_a), b = from_array<int>(mgpu_demo_data::multiset_keys_b);
  std::printf("A:\n");
  print_array(a);
  std::printf("\nB:\n\n");
  print_array(b);

  using vector = typename Backend::template vector<int>;
  vector d_a(a.begin(), a.end()), d_b(b.begin(), b.end()), out(a.size() + b.size());
  auto end = mgpu::set_intersection(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  const auto intersection = to_host(out, end);
  std::printf("\nIntersection:\n");
  print_array(intersection);

  end = mgpu::set_symmetric_difference(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  const auto symmetric_difference = to_host(out, end);
  std::printf("\nSymmetric Difference:\n");
  print_array(symmetric_difference);

  std::vector<int> expected;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  verify("multiset intersection", intersection, expected);
  expected.clear();
  std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  verify("multiset symmetric difference", symmetric_difference, expected);
}

template <class Backend>
void multiset_pairs()
{
  std::printf("\nMULTISET-PAIRS DEMONSTRATION:\n\n");
  const auto a = from_array<int>(mgpu_demo_data::multiset_pairs_a), b = from_array<int>(mgpu_demo_data::multiset_pairs_b);
  const int n = static_cast<int>(a.size());
  std::printf("A:\n");
  print_array(a);
  std::printf("\nB:\n\n");
  print_array(b);

  // A's values are its indices 0..99, B's are 100..199.
  using vector = typename Backend::template vector<int>;
  vector d_a(a.begin(), a.end()), d_b(b.begin(), b.end()), keys(2 * n), values(2 * n);
  auto ends = mgpu::set_intersection_by_key(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                            thrust::make_counting_iterator(0), keys.begin(), values.begin());
  const auto intersection_keys = to_host(keys, ends.first), intersection_values = to_host(values, ends.second);
  std::printf("\nIntersection keys:\n");
  print_array(intersection_keys);
  std::printf("\nIntersection indices:\n");
  print_array(intersection_values);

  ends = mgpu::set_symmetric_difference_by_key(Backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                               thrust::make_counting_iterator(0), thrust::make_counting_iterator(n),
                                               keys.begin(), values.begin());
  const auto difference_keys = to_host(keys, ends.first), difference_values = to_host(values, ends.second);
  std::printf("\nSymmetric difference keys:\n");
  print_array(difference_keys);
  std::printf("\nSymmetric difference indices:\n");
  print_array(difference_values);

  // The sequential reference on (key, index) pairs ordered by key.
  std::vector<std::pair<int, int>> pa, pb, expected;
  for (int i = 0; i < n; ++i)
    pa.emplace_back(a[i], i), pb.emplace_back(b[i], n + i);
  auto by_key = [](const auto& x, const auto& y) { return x.first < y.first; };
  auto split = [](const std::vector<std::pair<int, int>>& pairs) {
    std::pair<std::vector<int>, std::vector<int>> out;
    for (auto [k, v] : pairs)
      out.first.push_back(k), out.second.push_back(v);
    return out;
  };
  std::set_intersection(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(expected), by_key);
  auto [ik, iv] = split(expected);
  verify("multiset intersection keys", intersection_keys, ik);
  verify("multiset intersection indices", intersection_values, iv);
  expected.clear();
  std::set_symmetric_difference(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(expected), by_key);
  auto [dk, dv] = split(expected);
  verify("multiset symmetric difference keys", difference_keys, dk);
  verify("multiset symmetric difference indices", difference_values, dv);
}

} // namespace demo
