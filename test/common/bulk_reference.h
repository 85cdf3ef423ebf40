// The host references the bulk remove and bulk insert tests compare against.
#pragma once

#include <algorithm>
#include <cstddef>
#include <tuple>
#include <vector>

namespace mgpu_test {

// The source without the elements at `indices`.
template <class T, class Index>
std::vector<T> reference_remove(const std::vector<T>& source, const std::vector<Index>& indices)
{
  std::vector<bool> removed(source.size(), false);
  for (Index i : indices)
    removed[static_cast<std::size_t>(i)] = true;
  std::vector<T> kept;
  for (std::size_t i = 0; i < source.size(); ++i)
    if (!removed[i])
      kept.push_back(source[i]);
  return kept;
}

// Insertion as a stable sort: a value at position p sorts as (p, 0, its
// rank), source element s as (s, 1, s).
template <class T, class Index>
std::vector<T> reference_insert(const std::vector<T>& source, const std::vector<T>& values,
                                const std::vector<Index>& positions)
{
  std::vector<std::tuple<long long, int, std::size_t>> order;
  for (std::size_t s = 0; s < source.size(); ++s)
    order.emplace_back(static_cast<long long>(s), 1, s);
  for (std::size_t j = 0; j < values.size(); ++j)
    order.emplace_back(static_cast<long long>(positions[j]), 0, j);
  std::sort(order.begin(), order.end());
  std::vector<T> merged;
  for (const auto& [position, from_source, rank] : order)
    merged.push_back(from_source ? source[rank] : values[rank]);
  return merged;
}

} // namespace mgpu_test
