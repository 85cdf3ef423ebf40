// Precondition checks for MGPU_CHECK_PRECONDITIONS builds. Each runs on the
// caller's policy (same backend, stream and allocator as the algorithm) and
// throws std::invalid_argument before anything is written.
#pragma once

#include <stdexcept>
#include <string>

#ifdef MGPU_CHECK_PRECONDITIONS
#  include <thrust/sort.h>
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

// `[first, last)` must be sorted by `comp`; reports the first element that is
// ordered before its predecessor.
template <class Policy, class It, class Compare>
void require_sorted(Policy& policy, It first, It last, Compare comp, const char* algorithm, const char* range_name)
{
#ifdef MGPU_CHECK_PRECONDITIONS
  const It until = thrust::is_sorted_until(policy, first, last, comp);
  if (until != last)
    precondition_failed(algorithm, std::string(range_name) + " must be sorted", static_cast<long long>(until - first));
#else
  (void) policy, (void) first, (void) last, (void) comp, (void) algorithm, (void) range_name;
#endif
}

} // namespace mgpu::detail
