/// \file
/// \brief Load-balancing search and `transform_lbs`: map every work item of an
/// irregular problem to the segment (object) that generated it.
///
/// A problem of `m` segments, segment `s` generating `count[s]` work items, is
/// described by `offsets`, the exclusive scan of the counts. Work item `i`
/// belongs to segment `s = upper_bound(offsets, i) - 1` and has rank
/// `i - offsets[s]` within it. The CUDA backend partitions the merge of the
/// item indices with the offsets into tiles of equal size (see
/// docs/load_balance.md), so the work is balanced whatever the distribution of
/// counts: long runs of empty segments, one huge segment or uniform counts.
/// Host policies run a sequential loop.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/load_balance.inl>

#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Writes, for every work item `i` in `[0, result_last - result_first)`,
/// the index of the segment that generated it: `result[i] = s` with
/// `offsets[s] <= i < offsets[s + 1]`.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam OutputIt a random-access output iterator to which the segment indices (integers) can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each segment's work items start: the exclusive scan of the
///   segments' counts, `m = offsets_last - offsets_first` segments.
/// \param result_first, result_last receive the segment index of every work item; their length is the total
///   number of work items.
///
/// \pre `[offsets_first, offsets_last)` is non-decreasing, starts at 0 and
///   holds no value above the total `result_last - result_first` (the
///   exclusive scan of the segments' counts). Segments of count 0 are allowed
///   anywhere. There is at least one segment unless the total is 0. The result
///   overlaps no input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written, no kernel faults and the CUDA context keeps
///   working; checked builds (`MGPU_CHECK_PRECONDITIONS`) throw
///   `std::invalid_argument` naming the rule and the first offending offset.
/// \par Complexity: O(n + m) work for n items and m segments; each offset is
///   read about once and each result written once, in a partition pass and
///   one pass of equally sized tiles.
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. An empty problem launches
///   nothing.
///
/// \code
/// // counts 2 5 3 0 1 -> offsets 0 2 7 10 10, total 11
/// thrust::device_vector<int> offsets = ..., segment(11);
/// mgpu::load_balance_search(thrust::device, offsets.begin(), offsets.end(),
///                           segment.begin(), segment.end());
/// // segment: 0 0 1 1 1 1 1 2 2 2 4
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class OutputIt>
MGPU_HD void load_balance_search(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                 OffsetIt offsets_first, OffsetIt offsets_last, OutputIt result_first,
                                 OutputIt result_last)
{
  detail::run_load_balanced(detail::derived_policy(exec), offsets_first, offsets_last, result_last - result_first,
                            detail::lbs_search_op<OutputIt>{{}, result_first}, "mgpu::load_balance_search");
}

/// \brief Calls `f(i, s, rank)` once for every work item `i` in `[0, total)`,
/// where `s` is the segment that generated item `i` and `rank = i -
/// offsets[s]` its position within that segment.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam Size an integer type for the number of work items.
/// \tparam F a callable, called as `f(i, s, rank)` with three indices of type `std::common_type_t<Size,
///   difference_type of OffsetIt>`; on the CUDA backend it must be callable on the device (see below). Its
///   result is ignored, and its call operator need not be `const`.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each segment's work items start: the exclusive scan of the
///   segments' counts, `m = offsets_last - offsets_first` segments.
/// \param total the number of work items: `f` is called for every `i` in `[0, total)`; the last segment's
///   items run from its offset to `total`.
/// \param f called once for every work item, as `f(i, s, rank)`.
///
/// The three arguments have type `std::common_type_t<Size,
/// difference_type of OffsetIt>`. On the CUDA backend `f` must be callable on
/// the device (a functor with a `__device__` call operator or an extended
/// `__device__` lambda); calls run concurrently and in no particular order,
/// each item exactly once, so `f` typically writes to position `i` or to
/// positions derived from `(s, rank)`.
///
/// \pre As for `load_balance_search`, with `total` the number of work items.
///   Whatever the offsets, `f` only ever sees `i` and `rank` in `[0, total)`
///   and `s` in `[0, m)`.
/// \par Complexity: O(n + m) work, balanced across the device whatever the
///   distribution of counts; offsets are read about once.
/// \par Synchronization: as for `load_balance_search`.
///
/// \code
/// // Every item records its segment and rank.
/// int* seg = ...; int* rank = ...;
/// mgpu::transform_lbs(thrust::device, offsets.begin(), offsets.end(), total,
///   [=] __device__ (long i, long s, long r) { seg[i] = int(s); rank[i] = int(r); });
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class Size, class F>
MGPU_HD void transform_lbs(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, OffsetIt offsets_first,
                           OffsetIt offsets_last, Size total, F f)
{
  using index_t = std::common_type_t<Size, typename thrust::iterator_traits<OffsetIt>::difference_type>;
  detail::run_load_balanced(detail::derived_policy(exec), offsets_first, offsets_last, total,
                            detail::lbs_transform_op<index_t, F>{{}, f}, "mgpu::transform_lbs");
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------

/// \brief `load_balance_search` without a policy: picks the system from the
/// offsets and result iterators as Thrust's policy-less algorithms do
/// (`device_vector` iterators and `device_ptr` run on the device system, host
/// iterators and raw pointers on the host); otherwise the same as the policy
/// form.
template <class OffsetIt, class OutputIt, std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void load_balance_search(OffsetIt offsets_first, OffsetIt offsets_last, OutputIt result_first, OutputIt result_last)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  typename thrust::iterator_system<OutputIt>::type system2;
  mgpu::load_balance_search(select_system(system1, system2), offsets_first, offsets_last, result_first,
                            result_last);
}

/// \brief `transform_lbs` without a policy: the offsets iterator alone picks
/// the system, as for `thrust::for_each` (a `counting_iterator` picks the
/// device); otherwise the same as the policy form.
template <class OffsetIt, class Size, class F, std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void transform_lbs(OffsetIt offsets_first, OffsetIt offsets_last, Size total, F f)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  mgpu::transform_lbs(select_system(system1), offsets_first, offsets_last, total, f);
}

} // namespace mgpu
