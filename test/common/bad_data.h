// Inputs that break the algorithms' preconditions, shared by the bad-input
// tests: badly ordered keys for the two-range algorithms and each kind of
// bad load-balancing offsets.
#pragma once

#include "common/test_support.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace mgpu_test {

inline std::vector<int> unsorted_ints(std::size_t count, std::uint64_t seed)
{
  return random_values<int>(count, 0, int(count), seed);
}

inline std::vector<int> descending_ints(std::size_t count, std::uint64_t seed)
{
  auto keys = random_sorted<int>(count, 0, int(count), seed);
  std::reverse(keys.begin(), keys.end());
  return keys;
}

inline std::vector<int> ascending_ints(std::size_t count, std::uint64_t seed)
{
  return random_sorted<int>(count, 0, int(count), seed);
}

// Sorted, with about one key in eight replaced by a NaN.
inline std::vector<double> sorted_with_nans(std::size_t count, std::uint64_t seed)
{
  auto keys = random_sorted<double>(count, 0.0, 1000.0, seed);
  std::mt19937_64 engine(seed + 1000);
  for (auto& key : keys)
    if (engine() % 8 == 0)
      key = std::numeric_limits<double>::quiet_NaN();
  return keys;
}

// Sorted, about eight copies of each key.
inline std::vector<int> sorted_with_duplicates(std::size_t count, std::uint64_t seed)
{
  return random_sorted<int>(count, 0, int(count / 8), seed);
}

template <class To>
std::vector<To> converted(const std::vector<long long>& values)
{
  return std::vector<To>(values.begin(), values.end());
}

// The exclusive scan of `segments` random counts that sum to `total`.
inline std::vector<long long> valid_offsets(std::size_t segments, long long total, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<long long> cut(0, total);
  std::vector<long long> offsets(segments);
  for (auto& offset : offsets)
    offset = cut(engine);
  std::sort(offsets.begin(), offsets.end());
  if (segments > 0)
    offsets[0] = 0;
  return offsets;
}

// Calls check(kind, offsets) for each kind of bad offsets of `segments`
// segments over `total` items: int offsets, and 64-bit ones for the last kind.
template <class Check>
void for_each_bad_offset_kind(std::size_t segments, std::size_t total, std::uint64_t seed, Check&& check)
{
  constexpr int int_min = std::numeric_limits<int>::min();
  constexpr int int_max = std::numeric_limits<int>::max();
  const long long n     = static_cast<long long>(total);
  const auto valid      = valid_offsets(segments, n, seed);
  auto shifted          = [&](long long shift) {
    auto offsets = valid;
    for (auto& offset : offsets)
      offset += shift;
    return converted<int>(offsets);
  };

  auto decreasing = valid;
  std::reverse(decreasing.begin(), decreasing.end());
  check(std::string("decreasing"), converted<int>(decreasing));

  auto shuffled = valid;
  std::shuffle(shuffled.begin(), shuffled.end(), std::mt19937_64(seed + 1));
  check(std::string("unsorted"), converted<int>(shuffled));

  // Descents at every position within a vector, a lane and a warp of staged
  // offsets: neighbours swapped every 37 offsets, and one swap alone.
  auto swapped = valid;
  for (std::size_t s = 1; s + 1 < swapped.size(); s += 37)
    std::swap(swapped[s], swapped[s + 1]);
  check(std::string("neighbours swapped every 37"), converted<int>(swapped));
  auto one_swap = valid;
  if (one_swap.size() > 2)
    std::swap(one_swap[one_swap.size() / 2], one_swap[one_swap.size() / 2 + 1]);
  check(std::string("one pair swapped"), converted<int>(one_swap));

  check(std::string("starting above 0"), shifted(n / 3 + 1));
  check(std::string("starting below 0"), shifted(-(n / 3 + 1)));
  check(std::string("passing the total"), converted<int>(valid_offsets(segments, 2 * n + 7, seed + 2)));
  check(std::string("all equal to the total"), std::vector<int>(segments, int(n)));

  auto huge = converted<int>(valid);
  for (std::size_t s = 1; s < huge.size(); ++s)
    if (s % 7 == 0)
      huge[s] = int_max;
    else if (s % 11 == 0)
      huge[s] = int_min;
  check(std::string("huge values of both signs"), huge);

  auto ascending_to_max = converted<int>(valid);
  for (std::size_t s = ascending_to_max.size() / 2; s < ascending_to_max.size(); ++s)
    ascending_to_max[s] = int_max - int(ascending_to_max.size() - s);
  check(std::string("ascending to INT_MAX"), ascending_to_max);

  auto huge_64 = converted<std::int64_t>(valid);
  for (std::size_t s = 1; s < huge_64.size(); ++s)
    if (s % 5 == 0)
      huge_64[s] = std::int64_t(1) << 62;
    else if (s % 13 == 0)
      huge_64[s] = -(std::int64_t(1) << 40);
  if (!huge_64.empty())
    huge_64.back() = std::numeric_limits<std::int64_t>::max();
  check(std::string("64-bit huge values"), huge_64);
}

} // namespace mgpu_test
