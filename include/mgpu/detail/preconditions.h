// Precondition checks. Each validates every precondition of one call in one
// pass over its inputs, on the caller's policy (same backend and stream as
// the algorithm): on the CUDA backend one kernel and one read-back of a
// pooled verdict word, nothing from the policy's allocator. A violation
// throws std::invalid_argument naming the algorithm, the rule and the first
// offending position, before anything is written. The checks compile in
// every build; the algorithms call them only when MGPU_CHECK_PRECONDITIONS is
// defined.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/policy.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/first_violation.h>
#endif

#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <cuda/functional>
#include <cuda/std/limits>

#include <stdexcept>
#include <string>

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

// A judge gives an element of input `sequence` (0 or 1) at position j,
// beside its predecessor (itself at j == 0), a violation code or
// `no_violation`; codes are ordered so that the smallest is the violation
// reported first. Its `suspect(j, previous, current)` holds wherever it gives
// a code: the CUDA check forms codes only for suspects, which are rare.
inline constexpr long long no_violation = ::cuda::std::numeric_limits<long long>::max();

// Reads position i of a and b laid end to end for the host backends'
// transform_reduce.
template <class Element, class It1, class It2, class Judge>
struct judge_position
{
  It1 a;
  It2 b;
  long long a_count;
  Judge judge;

  MGPU_EXEC_CHECK_DISABLE
  template <class It>
  MGPU_HD long long at(int sequence, It keys, long long j) const
  {
    decltype(auto) current = as_key<Element>(keys[j]);
    if (j == 0)
      return judge(sequence, j, current, current);
    decltype(auto) previous = as_key<Element>(keys[j - 1]);
    return judge(sequence, j, previous, current);
  }

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(long long i) const { return i < a_count ? at(0, a, i) : at(1, b, i - a_count); }
};

// The smallest code `judge` gives the elements of a[0, a_count) and
// b[0, b_count), each read as an `Element`.
template <class Element, class Policy, class It1, class It2, class Judge>
long long first_violation(Policy& policy, It1 a, long long a_count, It2 b, long long b_count, const Judge& judge,
                          [[maybe_unused]] const char* algorithm)
{
  if (a_count + b_count <= 0)
    return no_violation;
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return cuda::first_violation<Element>(policy, a, a_count, b, b_count, judge, algorithm);
  else
#endif
    return thrust::transform_reduce(policy, thrust::counting_iterator<long long>(0),
                                    thrust::counting_iterator<long long>(a_count + b_count),
                                    judge_position<Element, It1, It2, Judge>{a, b, a_count, judge}, no_violation,
                                    ::cuda::minimum<long long>{});
}

// A key ordered before its predecessor breaks rule 0 (sorted); with
// `UniqueKeys`, a key equivalent to its predecessor breaks rule 1. The code
// is rule * (a_count + b_count) + i, i counting A's positions first: every
// unsorted position, A's first, comes before any equivalent pair.
template <class Key, bool UniqueKeys, class Compare>
struct sorted_keys_judge
{
  long long a_count, span;
  compare_as<Key, Compare> less;

  // Unsorted, or (with UniqueKeys) not ordered after its predecessor.
  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD bool suspect(long long, const Key& previous, const Key& key) const
  {
    return UniqueKeys ? !less(previous, key) : less(key, previous);
  }

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(int sequence, long long j, const Key& previous, const Key& key) const
  {
    if (j == 0)
      return no_violation;
    const long long i = sequence == 0 ? j : a_count + j;
    if (less(key, previous))
      return i;
    // Not ordered before its predecessor nor after it: equivalent.
    if (UniqueKeys && !less(previous, key))
      return span + i;
    return no_violation;
  }
};

// Both inputs of a merge or set operation must be sorted by `comp`, their
// keys compared as `Key`s; with `UniqueKeys` (mgpu::unique_keys) neither may
// hold two equivalent keys. Reported in this order: A unsorted, B unsorted,
// A repeated, B repeated, each at its first offending position (for a
// repeat, the second key of the pair).
template <class Key, bool UniqueKeys = false, class Policy, class It1, class It2, class Compare>
void require_sorted_inputs(Policy& policy, It1 a_first, It1 a_last, It2 b_first, It2 b_last, Compare comp,
                           const char* algorithm)
{
  const long long a_count = static_cast<long long>(a_last - a_first);
  const long long b_count = static_cast<long long>(b_last - b_first);
  if (a_count < 2 && b_count < 2)
    return; // no key has a predecessor
  const long long span = a_count + b_count;
  const long long code = first_violation<Key>(policy, a_first, a_count, b_first, b_count,
                                              sorted_keys_judge<Key, UniqueKeys, Compare>{a_count, span, {comp}},
                                              algorithm);
  if (code == no_violation)
    return;
  const long long i   = code % span;
  const bool in_first = i < a_count;
  const std::string range = in_first ? "the first input range" : "the second input range";
  precondition_failed(algorithm,
                      range + (code < span ? " must be sorted" : " must not hold equivalent keys (unique_keys)"),
                      in_first ? i : i - a_count);
}

// Judges bulk index i, compared as its value type: out of order (rule 0),
// equal to its predecessor when `Strict` (rule 1), or outside
// [lowest, highest] compared as long long (rule 2; an unsigned value beyond
// long long wraps negative and is caught). The code is rule * count + i.
template <bool Strict, class Index>
struct bulk_index_judge
{
  long long count, lowest, highest;

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD bool suspect(long long, const Index& previous, const Index& index) const
  {
    const long long value = static_cast<long long>(index);
    return (Strict ? !(previous < index) : index < previous) || value < lowest || value > highest;
  }

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(int, long long i, const Index& previous, const Index& index) const
  {
    if (i > 0)
    {
      if (index < previous)
        return i;
      if (Strict && !(previous < index))
        return count + i;
    }
    const long long value = static_cast<long long>(index);
    if (value < lowest || value > highest)
      return 2 * count + i;
    return no_violation;
  }
};

// Shared by the two bulk checks: reports the first out-of-order index, else
// the first repeat (when `Strict`), else the first index outside
// [lowest, highest].
template <bool Strict, class Policy, class It>
void require_bulk_indices(Policy& policy, It first, It last, long long lowest, long long highest,
                          const char* algorithm, const char* range_name)
{
  const long long count = static_cast<long long>(last - first);
  const long long code = first_violation<key_of<It>>(
    policy, first, count, first, 0, bulk_index_judge<Strict, key_of<It>>{count, lowest, highest}, algorithm);
  if (code == no_violation)
    return;
  const long long rule = code / count;
  const std::string rule_text =
    rule == 0 ? " must be sorted"
    : rule == 1
      ? " must not repeat an element"
      : " must lie in [" + std::to_string(lowest) + ", " + std::to_string(highest) + "]";
  precondition_failed(algorithm, range_name + rule_text, code % count);
}

// Removal indices: strictly increasing and each in [0, source_count - 1].
template <class Policy, class IndexIt, class Count>
void require_valid_removal_indices(Policy& policy, IndexIt first, IndexIt last, Count source_count,
                                   const char* algorithm)
{
  require_bulk_indices<true>(policy, first, last, 0, static_cast<long long>(source_count) - 1, algorithm,
                             "the removal indices");
}

// Insertion positions: non-decreasing and each in [0, source_count].
template <class Policy, class PositionIt, class Count>
void require_valid_insertion_positions(Policy& policy, PositionIt first, PositionIt last, Count source_count,
                                       const char* algorithm)
{
  require_bulk_indices<false>(policy, first, last, 0, static_cast<long long>(source_count), algorithm,
                              "the insertion positions");
}

// Judges offsets[i]: not 0 at position 0 (rule 0), below its predecessor
// (rule 1), above the total (rule 2). The code is 3 * i + rule: the first
// offending position wins, then the order of the rules.
template <class Offset>
struct offset_judge
{
  long long total;

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD bool suspect(long long i, const Offset& previous, const Offset& offset) const
  {
    const long long value = static_cast<long long>(offset);
    return value < static_cast<long long>(previous) || value > total || (i == 0 && value != 0);
  }

  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(int, long long i, const Offset& previous, const Offset& offset) const
  {
    const long long value = static_cast<long long>(offset);
    if (i == 0 && value != 0)
      return 3 * i + 0;
    if (i > 0 && value < static_cast<long long>(previous))
      return 3 * i + 1;
    if (value > total)
      return 3 * i + 2;
    return no_violation;
  }
};

// Segment offsets of the load-balancing search and the interval operations:
// they start at 0, never decrease and never exceed `total`, the number of
// work items. Reports the first offending position; a nonzero total with no
// segment at all is reported at position 0.
template <class Policy, class OffsetIt, class Count>
void require_valid_offsets(Policy& policy, OffsetIt first, OffsetIt last, Count total, const char* algorithm)
{
  const long long count = static_cast<long long>(last - first);
  if (count == 0)
  {
    if (total > 0)
      precondition_failed(algorithm, "a nonzero total needs at least one segment offset", 0);
    return;
  }
  const long long code = first_violation<key_of<OffsetIt>>(
    policy, first, count, first, 0, offset_judge<key_of<OffsetIt>>{static_cast<long long>(total)}, algorithm);
  if (code == no_violation)
    return;
  const char* const rules[] = {"offsets must start at 0", "offsets must be non-decreasing",
                               "offsets must not exceed the total"};
  precondition_failed(algorithm, rules[code % 3], code / 3);
}

} // namespace mgpu::detail
