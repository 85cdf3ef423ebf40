// The host reference the merge tests compare against.
#pragma once

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace mgpu_test {

// What a stable merge_by_key writes: A's element first among equal keys,
// each input in its own order.
template <class Key, class Value, class Compare>
std::pair<std::vector<Key>, std::vector<Value>> reference_merge_pairs(
  const std::vector<Key>& a, const std::vector<Value>& a_values, const std::vector<Key>& b,
  const std::vector<Value>& b_values, Compare comp)
{
  std::vector<std::pair<Key, Value>> pa, pb, merged(a.size() + b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], a_values[i]);
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b[i], b_values[i]);
  std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), merged.begin(),
             [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
  std::pair<std::vector<Key>, std::vector<Value>> expected;
  for (const auto& [k, v] : merged)
    expected.first.push_back(k), expected.second.push_back(v);
  return expected;
}

} // namespace mgpu_test
