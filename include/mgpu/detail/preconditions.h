// Precondition checks. Each validates every precondition of one call in a
// single thrust::transform_reduce over the call's positions, on the caller's
// policy (same backend, stream and allocator as the algorithm): on the CUDA
// backend that is one temporary allocation and one read-back. A violation
// throws std::invalid_argument naming the algorithm, the rule and the first
// offending position, before anything is written. The checks compile in every
// build; the algorithms call them only when MGPU_CHECK_PRECONDITIONS is defined.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <cuda/functional>

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

// A classifier maps each position of a call to a violation code, or to
// `no_violation`; codes are ordered so that the smallest is the violation
// reported first.
inline constexpr long long no_violation = 0x7fffffffffffffffll;

// The smallest code `classify` gives positions [0, count).
template <class Policy, class Classify>
long long first_violation(Policy& policy, long long count, const Classify& classify)
{
  if (count <= 0)
    return no_violation;
  return thrust::transform_reduce(policy, thrust::counting_iterator<long long>(0),
                                  thrust::counting_iterator<long long>(count), classify, no_violation,
                                  ::cuda::minimum<long long>{});
}

// Classifies position i of inputs A and B laid end to end (A's positions
// first), comparing keys as `Key`s with `comp` as the algorithms do: a key
// ordered before its predecessor breaks rule 0 (sorted); with `UniqueKeys`,
// a key equivalent to its predecessor breaks rule 1. The code is
// rule * (a_count + b_count) + i: every unsorted position, A's first, comes
// before any equivalent pair.
template <class Key, bool UniqueKeys, class It1, class It2, class Compare>
struct sorted_inputs_violation
{
  It1 a;
  It2 b;
  long long a_count, b_count;
  compare_as<Key, Compare> less;

  _CCCL_EXEC_CHECK_DISABLE
  template <class It>
  MGPU_HD long long at(It keys, long long j, long long i) const
  {
    if (j == 0)
      return no_violation;
    decltype(auto) key      = as_key<Key>(keys[j]);
    decltype(auto) previous = as_key<Key>(keys[j - 1]);
    if (less(key, previous))
      return i;
    // Not ordered before its predecessor nor after it: equivalent.
    if (UniqueKeys && !less(previous, key))
      return a_count + b_count + i;
    return no_violation;
  }

  _CCCL_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(long long i) const
  {
    return i < a_count ? at(a, i, i) : at(b, i - a_count, i);
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
  const long long code = first_violation(
    policy, span,
    sorted_inputs_violation<Key, UniqueKeys, It1, It2, Compare>{a_first, b_first, a_count, b_count, {comp}});
  if (code == no_violation)
    return;
  const long long i   = code % span;
  const bool in_first = i < a_count;
  const std::string range = in_first ? "the first input range" : "the second input range";
  precondition_failed(algorithm,
                      range + (code < span ? " must be sorted" : " must not hold equivalent keys (unique_keys)"),
                      in_first ? i : i - a_count);
}

// Classifies bulk index i, comparing indices as their value type: out of
// order (rule 0), equal to its predecessor when `Strict` (rule 1), or outside
// [lowest, highest] compared as long long (rule 2; an unsigned value beyond
// long long wraps negative and is caught). The code is rule * count + i.
template <bool Strict, class It>
struct bulk_index_violation
{
  It indices;
  long long count, lowest, highest;

  _CCCL_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(long long i) const
  {
    using index_t        = key_of<It>;
    decltype(auto) index = as_key<index_t>(indices[i]);
    if (i > 0)
    {
      decltype(auto) previous = as_key<index_t>(indices[i - 1]);
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
  const long long code =
    first_violation(policy, count, bulk_index_violation<Strict, It>{first, count, lowest, highest});
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

// Classifies offsets[i]: not 0 at position 0 (rule 0), below its predecessor
// (rule 1), above the total (rule 2). The code is 3 * i + rule: the first
// offending position wins, then the order of the rules.
template <class OffsetIt>
struct offset_violation
{
  OffsetIt offsets;
  long long total;

  _CCCL_EXEC_CHECK_DISABLE
  MGPU_HD long long operator()(long long i) const
  {
    const long long offset = static_cast<long long>(offsets[i]);
    if (i == 0 && offset != 0)
      return 3 * i + 0;
    if (i > 0 && offset < static_cast<long long>(offsets[i - 1]))
      return 3 * i + 1;
    if (offset > total)
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
  const long long code =
    first_violation(policy, count, offset_violation<OffsetIt>{first, static_cast<long long>(total)});
  if (code == no_violation)
    return;
  const char* const rules[] = {"offsets must start at 0", "offsets must be non-decreasing",
                               "offsets must not exceed the total"};
  precondition_failed(algorithm, rules[code % 3], code / 3);
}

} // namespace mgpu::detail
