/// \file
/// \brief Vectorized sorted search: `lower_bound` / `upper_bound` of every
/// element of a sorted range of needles in a sorted haystack, in O(n + m).
///
/// Drop-ins for Thrust's vectorized `thrust::lower_bound` and
/// `thrust::upper_bound` (the forms that take a range of values and an
/// output) when the needles are sorted too: same answers, but instead of one
/// binary search per needle the two ranges are merged once. Needle `j`
/// lands in the merge after the haystack elements ordered before it (lower
/// bound) or not after it (upper bound), so its position there minus `j` is
/// the answer. The CUDA backend partitions that merge into equal tiles by
/// Merge Path, as `mgpu::merge` does, and each tile writes only the needles'
/// answers (see docs/sorted_search_and_joins.md). Host policies run a
/// sequential two-finger walk.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/sorted_search.inl>

#include <cuda/std/functional>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief For every needle `values[j]`, writes `result[j] =
/// lower_bound(first, last, values[j], comp) - first`: the number of
/// haystack elements ordered before it.
///
/// \tparam ForwardIt a random-access iterator over the haystack, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam InputIt a random-access iterator over the needles, readable by the policy's system.
/// \tparam OutputIt a random-access output iterator to which the answers (haystack indices) can be assigned.
/// \tparam Compare a strict weak ordering, callable on the device for the CUDA backend, called with two values
///   (or const references to them) of the comparison type described below, as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param first, last the sorted haystack, `n = last - first` elements.
/// \param values_first, values_last the sorted needles, `m = values_last - values_first` of them.
/// \param result receives `m` answers, one per needle, in the needles' order.
/// \param comp the order both ranges are sorted by.
///
/// Arithmetic haystack and needle types are compared in their common type
/// (an `int` haystack searched for `double` needles compares doubles);
/// other needles are compared as the haystack's value type. `comp` is called
/// with two values of that type only. The answer is converted to the
/// output's value type, as `thrust::lower_bound` converts it.
///
/// \pre `[first, last)` and `[values_first, values_last)` are both sorted by
///   `comp`, a strict weak ordering. `result` has room for `values_last -
///   values_first` elements and overlaps neither input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written (every answer lies in `[0, last - first]`),
///   no kernel faults and the CUDA context keeps working; checked builds
///   (`MGPU_CHECK_PRECONDITIONS`) throw `std::invalid_argument` naming the
///   range and its first unsorted position, before writing anything.
/// \par Complexity: O(n + m) work for n haystack elements and m needles;
///   each input is read once and each answer written once (Thrust's
///   vectorized search does O(m log n)).
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. No needles launch nothing.
/// \return `result + (values_last - values_first)`.
///
/// \code
/// thrust::device_vector<int> haystack = ..., needles = ..., position(needles.size());
/// mgpu::sorted_lower_bound(thrust::device, haystack.begin(), haystack.end(),
///                          needles.begin(), needles.end(), position.begin());
/// // same as thrust::lower_bound(thrust::device, haystack.begin(), haystack.end(),
/// //                             needles.begin(), needles.end(), position.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class ForwardIt, class InputIt, class OutputIt, class Compare>
MGPU_HD OutputIt sorted_lower_bound(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, ForwardIt first,
                                    ForwardIt last, InputIt values_first, InputIt values_last, OutputIt result,
                                    Compare comp)
{
  detail::sorted_search<detail::search_bound::lower>(detail::derived_policy(exec), first, last, values_first,
                                                     values_last, result, comp, "mgpu::sorted_lower_bound");
  return result + (values_last - values_first);
}

/// \brief `sorted_lower_bound` ordered by `::cuda::std::less<>`.
///
/// \tparam ForwardIt, InputIt, OutputIt as for the form with `comp`; the comparison type is ordered by
///   `::cuda::std::less<>`, that is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, first, last, values_first, values_last, result as for the form with `comp`; both ranges are
///   sorted ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class ForwardIt, class InputIt, class OutputIt>
MGPU_HD OutputIt sorted_lower_bound(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, ForwardIt first,
                                    ForwardIt last, InputIt values_first, InputIt values_last, OutputIt result)
{
  return mgpu::sorted_lower_bound(exec, first, last, values_first, values_last, result, ::cuda::std::less<>{});
}

/// \brief For every needle `values[j]`, writes `result[j] =
/// upper_bound(first, last, values[j], comp) - first`: the number of
/// haystack elements not ordered after it.
///
/// \tparam ForwardIt, InputIt, OutputIt, Compare as for `sorted_lower_bound`.
/// \param exec, first, last, values_first, values_last, comp as for `sorted_lower_bound`.
/// \param result receives `m = values_last - values_first` answers, one per needle, in the needles' order.
///
/// Everything else is as for `sorted_lower_bound`: preconditions, comparison
/// type, complexity, synchronization and memory safety on bad input.
/// \return `result + (values_last - values_first)`.
///
/// \code
/// // haystack 1 3 3 5, needles 0 3 3 6
/// mgpu::sorted_upper_bound(thrust::device, haystack.begin(), haystack.end(),
///                          needles.begin(), needles.end(), position.begin());
/// // position: 0 3 3 4   (sorted_lower_bound: 0 1 1 4)
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class ForwardIt, class InputIt, class OutputIt, class Compare>
MGPU_HD OutputIt sorted_upper_bound(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, ForwardIt first,
                                    ForwardIt last, InputIt values_first, InputIt values_last, OutputIt result,
                                    Compare comp)
{
  detail::sorted_search<detail::search_bound::upper>(detail::derived_policy(exec), first, last, values_first,
                                                     values_last, result, comp, "mgpu::sorted_upper_bound");
  return result + (values_last - values_first);
}

/// \brief `sorted_upper_bound` ordered by `::cuda::std::less<>`.
///
/// \tparam ForwardIt, InputIt, OutputIt as for the form with `comp`; the comparison type is ordered by
///   `::cuda::std::less<>`, that is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, first, last, values_first, values_last, result as for the form with `comp`; both ranges are
///   sorted ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class ForwardIt, class InputIt, class OutputIt>
MGPU_HD OutputIt sorted_upper_bound(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, ForwardIt first,
                                    ForwardIt last, InputIt values_first, InputIt values_last, OutputIt result)
{
  return mgpu::sorted_upper_bound(exec, first, last, values_first, values_last, result, ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------

/// \brief `sorted_lower_bound` without a policy: picks the system from the
/// haystack, needle and result iterators as `thrust::lower_bound` does
/// (`device_vector` iterators and `device_ptr` run on the device system,
/// host iterators and raw pointers on the host); otherwise the same as the
/// policy form.
template <class ForwardIt, class InputIt, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<ForwardIt>, int> = 0>
OutputIt sorted_lower_bound(ForwardIt first, ForwardIt last, InputIt values_first, InputIt values_last,
                            OutputIt result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<ForwardIt>::type system1;
  typename thrust::iterator_system<InputIt>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::sorted_lower_bound(select_system(system1, system2, system3), first, last, values_first, values_last,
                                  result, comp);
}

/// \brief `sorted_lower_bound` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust.
template <class ForwardIt, class InputIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<ForwardIt>, int> = 0>
OutputIt sorted_lower_bound(ForwardIt first, ForwardIt last, InputIt values_first, InputIt values_last,
                            OutputIt result)
{
  return mgpu::sorted_lower_bound(first, last, values_first, values_last, result, ::cuda::std::less<>{});
}

/// \brief `sorted_upper_bound` without a policy: the iterators pick the
/// system, as for `thrust::upper_bound`; otherwise the same as the policy
/// form.
template <class ForwardIt, class InputIt, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<ForwardIt>, int> = 0>
OutputIt sorted_upper_bound(ForwardIt first, ForwardIt last, InputIt values_first, InputIt values_last,
                            OutputIt result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<ForwardIt>::type system1;
  typename thrust::iterator_system<InputIt>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::sorted_upper_bound(select_system(system1, system2, system3), first, last, values_first, values_last,
                                  result, comp);
}

/// \brief `sorted_upper_bound` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust.
template <class ForwardIt, class InputIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<ForwardIt>, int> = 0>
OutputIt sorted_upper_bound(ForwardIt first, ForwardIt last, InputIt values_first, InputIt values_last,
                            OutputIt result)
{
  return mgpu::sorted_upper_bound(first, last, values_first, values_last, result, ::cuda::std::less<>{});
}

} // namespace mgpu
