// Precondition checks for MGPU_CHECK_PRECONDITIONS builds. Each runs on the
// caller's policy (same backend, stream and allocator as the algorithm) and
// throws std::invalid_argument before anything is written.
#pragma once

#include <stdexcept>
#include <string>

#ifdef MGPU_CHECK_PRECONDITIONS
#  include <mgpu/detail/config.h>
#  include <mgpu/detail/iterator.h>

#  include <thrust/iterator/counting_iterator.h>
#  include <thrust/find.h>
#  include <thrust/sort.h>
#  include <thrust/transform_reduce.h>

#  include <cuda/functional>
#endif

namespace mgpu::detail {

inline constexpr bool checking_preconditions =
#ifdef MGPU_CHECK_PRECONDITIONS
  true;
#else
  false;
#endif

[[noreturn]] inline void precondition_failed(const char* algorithm, const std::string& rule, long long position)
{
  throw std::invalid_argument(std::string(algorithm) + ": precondition violated: " + rule +
                              " (first offending position: " + std::to_string(position) + ")");
}

// `[first, last)` must be sorted by `comp`, its elements compared as `Key`s
// (as the algorithm compares them); reports the first element that is
// ordered before its predecessor.
template <class Key, class Policy, class It, class Compare>
void require_sorted(Policy& policy, It first, It last, Compare comp, const char* algorithm, const char* range_name)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  const It until = thrust::is_sorted_until(policy, first, last, compare_as<Key, Compare>{comp});
  if (until != last)
    precondition_failed(algorithm, std::string(range_name) + " must be sorted", static_cast<long long>(until - first));
#else
  (void) policy, (void) first, (void) last, (void) comp, (void) algorithm, (void) range_name;
#endif
}

#ifdef MGPU_CHECK_PRECONDITIONS
// Classifies offsets[i] for require_valid_offsets: 4 * i + rule, where rule
// numbers the rules in the order they are reported, or `none` when valid.
template <class OffsetIt>
struct offset_violation
{
  static constexpr long long none = 0x7fffffffffffffffll;
  OffsetIt offsets;
  long long total;

  _CCCL_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(long long i) const
  {
    const long long offset = static_cast<long long>(offsets[i]);
    if (i == 0 && offset != 0)
      return 4 * i + 0;
    if (i > 0 && offset < static_cast<long long>(offsets[i - 1]))
      return 4 * i + 1;
    if (offset > total)
      return 4 * i + 2;
    return none;
  }
};
#endif

// Segment offsets of the load-balancing search and the interval operations:
// they start at 0, never decrease and never exceed `total`, the number of
// work items. Reports the first offending position; a nonzero total with no
// segment at all is reported at position 0.
template <class Policy, class OffsetIt, class Count>
void require_valid_offsets(Policy& policy, OffsetIt first, OffsetIt last, Count total, const char* algorithm)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  const long long count = static_cast<long long>(last - first);
  if (count == 0)
  {
    if (total > 0)
      precondition_failed(algorithm, "a nonzero total needs at least one segment offset", 0);
    return;
  }
  using violation = offset_violation<OffsetIt>;
  const long long first_violation = thrust::transform_reduce(
    policy, thrust::counting_iterator<long long>(0), thrust::counting_iterator<long long>(count),
    violation{first, static_cast<long long>(total)}, violation::none, ::cuda::minimum<long long>{});
  if (first_violation == violation::none)
    return;
  const char* const rules[] = {"offsets must start at 0", "offsets must be non-decreasing",
                               "offsets must not exceed the total"};
  precondition_failed(algorithm, rules[first_violation % 4], first_violation / 4);
#else
  (void) policy, (void) first, (void) last, (void) total, (void) algorithm;
#endif
}

} // namespace mgpu::detail

#ifdef MGPU_CHECK_PRECONDITIONS
#  include <thrust/mismatch.h>
#endif

namespace mgpu::detail {

// `[first, last)`, already checked to be sorted by `comp`, must not hold two
// equivalent elements (the promise behind mgpu::unique_keys), compared as
// `Key`s. Reports the second element of the first equivalent pair.
template <class Key, class Policy, class It, class Compare>
void require_unique_sorted(Policy& policy, It first, It last, Compare comp, const char* algorithm,
                           const char* range_name)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  if (last - first < 2)
    return;
  // In a sorted range, neighbours are equivalent exactly where the first is
  // not ordered before the second.
  const auto found = thrust::mismatch(policy, first, last - 1, first + 1, compare_as<Key, Compare>{comp}).first;
  if (found != last - 1)
    precondition_failed(algorithm, std::string(range_name) + " must not hold equivalent keys (unique_keys)",
                        static_cast<long long>(found - first) + 1);
#else
  (void) policy, (void) first, (void) last, (void) comp, (void) algorithm, (void) range_name;
#endif
}


#ifdef MGPU_CHECK_PRECONDITIONS
// For is_sorted_until: flags an element that does not come strictly after
// its predecessor.
struct not_after
{
  template <class T>
  MGPU_HD bool operator()(const T& x, const T& predecessor) const
  {
    return !(predecessor < x);
  }
};

// True for an integer outside [lowest, highest]; compared as long long so any
// index type works (an unsigned value beyond long long wraps negative and is
// reported).
struct outside_closed_range
{
  long long lowest, highest;
  template <class T>
  MGPU_HD bool operator()(const T& x) const
  {
    const long long value = static_cast<long long>(x);
    return value < lowest || value > highest;
  }
};
#endif

// Strictly increasing = sorted and free of repeats. Reports the first element
// ordered before its predecessor as unsorted, else the first equal to its
// predecessor as a repeat.
template <class Policy, class It>
void require_strictly_increasing(Policy& policy, It first, It last, const char* algorithm, const char* range_name)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  const It unsorted = thrust::is_sorted_until(policy, first, last);
  if (unsorted != last)
    precondition_failed(algorithm, std::string(range_name) + " must be sorted", static_cast<long long>(unsorted - first));
  const It repeat = thrust::is_sorted_until(policy, first, last, not_after{});
  if (repeat != last)
    precondition_failed(algorithm, std::string(range_name) + " must not repeat an element",
                        static_cast<long long>(repeat - first));
#else
  (void) policy, (void) first, (void) last, (void) algorithm, (void) range_name;
#endif
}

// Every element of `[first, last)` must lie in `[lowest, highest]`.
template <class Policy, class It>
void require_in_range(Policy& policy, It first, It last, long long lowest, long long highest, const char* algorithm,
                      const char* range_name)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  const It bad = thrust::find_if(policy, first, last, outside_closed_range{lowest, highest});
  if (bad != last)
    precondition_failed(algorithm,
                        std::string(range_name) + " must lie in [" + std::to_string(lowest) + ", " +
                          std::to_string(highest) + "]",
                        static_cast<long long>(bad - first));
#else
  (void) policy, (void) first, (void) last, (void) lowest, (void) highest, (void) algorithm, (void) range_name;
#endif
}

} // namespace mgpu::detail
