/// \file
/// \brief Interval expand, gather, scatter and move: many variable-length
/// fills or copies scheduled as one load-balanced operation.
///
/// Every function takes `offsets`, the exclusive scan of the intervals'
/// lengths (`m = offsets_last - offsets_first` intervals); work item `i`
/// belongs to interval `s = upper_bound(offsets, i) - 1` and has rank
/// `i - offsets[s]` in it. These are `transform_lbs` with small operations:
/// each interval's value, gather start or scatter start is read once per tile
/// of work (not once per item), and items are copied in coalesced runs, so
/// thousands of tiny intervals or a single huge one run at the same speed per
/// element. Host policies run a sequential loop.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/interval_move.inl>

#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Repeats each value by its interval's length: `result[i] =
/// values[s]` for every work item `i` in `[0, result_last - result_first)`.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam ValueIt a random-access iterator over the intervals' values, readable by the policy's system; the
///   values may be of any copyable type.
/// \tparam OutputIt a random-access output iterator to which `ValueIt`'s values can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each interval's work items start: the exclusive scan of the
///   intervals' lengths, `m = offsets_last - offsets_first` intervals.
/// \param values_first one value per interval: `values_first[s]` is repeated over interval `s`.
/// \param result_first, result_last receive the repeated values; their length is the total number of work
///   items.
///
/// \pre `[offsets_first, offsets_last)` is non-decreasing, starts at 0 and
///   holds no value above the total `result_last - result_first`;
///   `values_first` holds one value per interval; the result overlaps no
///   input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written, no kernel faults and the CUDA context keeps
///   working; checked builds (`MGPU_CHECK_PRECONDITIONS`) throw
///   `std::invalid_argument` naming the rule and the first offending offset.
/// \par Complexity: O(n + m) work for n items and m intervals: each offset
///   and value read about once, each result written once.
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. An empty problem launches
///   nothing.
///
/// \code
/// // counts 1 2 1 0 4, values 10 11 12 13 14 -> offsets 0 1 3 4 4, total 8
/// mgpu::interval_expand(thrust::device, offsets.begin(), offsets.end(), values.begin(),
///                       result.begin(), result.end());
/// // result: 10 11 11 12 14 14 14 14
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class ValueIt, class OutputIt>
MGPU_HD void interval_expand(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, OffsetIt offsets_first,
                             OffsetIt offsets_last, ValueIt values_first, OutputIt result_first, OutputIt result_last)
{
  detail::interval_expand(detail::derived_policy(exec), offsets_first, offsets_last, values_first, result_first,
                          result_last);
}

/// \brief Concatenates intervals of `input`: `result[i] = input[gather[s] +
/// rank]` for every work item `i` in `[0, result_last - result_first)`; the
/// interval `s` is `input[gather[s], gather[s] + count[s])`.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam GatherIt a random-access iterator over integer positions in `input`, readable by the policy's
///   system.
/// \tparam InputIt a random-access iterator over the source elements, readable by the policy's system.
/// \tparam OutputIt a random-access output iterator to which `InputIt`'s values can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each interval's work items start: the exclusive scan of the
///   intervals' lengths, `m = offsets_last - offsets_first` intervals.
/// \param gather_first one start per interval: interval `s` is read from `input[gather_first[s]]` on.
/// \param input the source the intervals are read from, at `input[gather[s] + rank]`.
/// \param result_first, result_last receive the intervals one after another; their length is the total number
///   of work items.
///
/// \pre As for `interval_expand`; `gather_first` holds one start per
///   interval and every interval lies inside `input`. Source intervals may
///   overlap. The starts are used as given, the one input not made safe: with
///   bad offsets a rank may reach anywhere in `[0, total)`.
/// \par Complexity, synchronization: as for `interval_expand`; each input
///   element of an interval is read once.
///
/// \code
/// // counts 2 3, gather 5 0 -> result: in[5] in[6] in[0] in[1] in[2]
/// mgpu::interval_gather(thrust::device, offsets.begin(), offsets.end(), gather.begin(),
///                       input.begin(), result.begin(), result.end());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class GatherIt, class InputIt, class OutputIt>
MGPU_HD void interval_gather(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, OffsetIt offsets_first,
                             OffsetIt offsets_last, GatherIt gather_first, InputIt input, OutputIt result_first,
                             OutputIt result_last)
{
  detail::interval_gather(detail::derived_policy(exec), offsets_first, offsets_last, gather_first, input,
                          result_first, result_last);
}

/// \brief Distributes consecutive runs of the input: `result[scatter[s] +
/// rank] = input[i]` for every work item `i` in `[0, input_last -
/// input_first)`.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam ScatterIt a random-access iterator over integer positions in `result`, readable by the policy's
///   system.
/// \tparam InputIt a random-access iterator over the source elements, readable by the policy's system.
/// \tparam OutputIt a random-access output iterator to which `InputIt`'s values can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each interval's work items start: the exclusive scan of the
///   intervals' lengths, `m = offsets_last - offsets_first` intervals.
/// \param scatter_first one start per interval: interval `s` is written from `result[scatter_first[s]]` on.
/// \param input_first, input_last the source: the intervals' elements one after another, one work item each
///   (the total is `input_last - input_first`).
/// \param result the destination the intervals are written to, at `result[scatter[s] + rank]`.
///
/// \pre As for `interval_expand` with the total `input_last - input_first`;
///   `scatter_first` holds one start per interval; destination intervals do
///   not overlap each other (the result is otherwise unspecified). The starts
///   are used as given, as for `interval_gather`.
/// \par Complexity, synchronization: as for `interval_expand`.
///
/// \code
/// // counts 2 3, scatter 3 0 -> result[3..5) = in[0..2), result[0..3) = in[2..5)
/// mgpu::interval_scatter(thrust::device, offsets.begin(), offsets.end(), scatter.begin(),
///                        input.begin(), input.end(), result.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class ScatterIt, class InputIt, class OutputIt>
MGPU_HD void interval_scatter(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, OffsetIt offsets_first,
                              OffsetIt offsets_last, ScatterIt scatter_first, InputIt input_first, InputIt input_last,
                              OutputIt result)
{
  detail::interval_scatter(detail::derived_policy(exec), offsets_first, offsets_last, scatter_first, input_first,
                           input_last, result);
}

/// \brief A batch of copies in one call, a load-balanced vectorised
/// `memcpy`: `result[scatter[s] + rank] = input[gather[s] + rank]` for every
/// work item `i` in `[0, total)`.
///
/// \tparam OffsetIt a random-access iterator over the integer offsets, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam Size an integer type for the number of work items.
/// \tparam GatherIt, ScatterIt random-access iterators over integer positions in `input`, respectively in
///   `result`, readable by the policy's system.
/// \tparam InputIt a random-access iterator over the source elements, readable by the policy's system.
/// \tparam OutputIt a random-access output iterator to which `InputIt`'s values can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param offsets_first, offsets_last where each interval's work items start: the exclusive scan of the
///   intervals' lengths, `m = offsets_last - offsets_first` intervals.
/// \param total the number of work items, that is of elements copied: the intervals' lengths summed.
/// \param gather_first one source start per interval: interval `s` is read from `input[gather_first[s]]` on.
/// \param scatter_first one destination start per interval: interval `s` is written from
///   `result[scatter_first[s]]` on.
/// \param input the source the intervals are read from, at `input[gather[s] + rank]`.
/// \param result the destination the intervals are written to, at `result[scatter[s] + rank]`.
///
/// \pre As for `interval_expand` with the given `total`; `gather_first` and
///   `scatter_first` hold one start per interval; destination intervals do
///   not overlap each other (the result is otherwise unspecified); source
///   intervals may overlap. The starts are used as given, as for
///   `interval_gather`.
/// \par Complexity, synchronization: as for `interval_expand`.
///
/// \code
/// // counts 3 2, gather 10 0, scatter 2 0:
/// //   result[2..5) = in[10..13), result[0..2) = in[0..2)
/// mgpu::interval_move(thrust::device, offsets.begin(), offsets.end(), 5, gather.begin(),
///                     scatter.begin(), input.begin(), result.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class OffsetIt, class Size, class GatherIt, class ScatterIt, class InputIt,
          class OutputIt>
MGPU_HD void interval_move(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, OffsetIt offsets_first,
                           OffsetIt offsets_last, Size total, GatherIt gather_first, ScatterIt scatter_first,
                           InputIt input, OutputIt result)
{
  detail::interval_move(detail::derived_policy(exec), offsets_first, offsets_last, total, gather_first,
                        scatter_first, input, result);
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------
// Each function below picks the system from all of its iterators as Thrust's
// policy-less algorithms do (`device_vector` iterators and `device_ptr` run on
// the device system, host iterators and raw pointers on the host) and is
// otherwise the same as its policy form above.

/// \brief `interval_expand` without a policy: the iterators pick the system, as
/// in Thrust; otherwise the same as the policy form.
template <class OffsetIt, class ValueIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void interval_expand(OffsetIt offsets_first, OffsetIt offsets_last, ValueIt values_first, OutputIt result_first,
                     OutputIt result_last)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  typename thrust::iterator_system<ValueIt>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  mgpu::interval_expand(select_system(system1, system2, system3), offsets_first, offsets_last, values_first,
                        result_first, result_last);
}

/// \brief `interval_gather` without a policy: the iterators pick the system, as
/// in Thrust; otherwise the same as the policy form.
template <class OffsetIt, class GatherIt, class InputIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void interval_gather(OffsetIt offsets_first, OffsetIt offsets_last, GatherIt gather_first, InputIt input,
                     OutputIt result_first, OutputIt result_last)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  typename thrust::iterator_system<GatherIt>::type system2;
  typename thrust::iterator_system<InputIt>::type system3;
  typename thrust::iterator_system<OutputIt>::type system4;
  mgpu::interval_gather(select_system(system1, system2, system3, system4), offsets_first, offsets_last, gather_first,
                        input, result_first, result_last);
}

/// \brief `interval_scatter` without a policy: the iterators pick the system,
/// as in Thrust; otherwise the same as the policy form.
template <class OffsetIt, class ScatterIt, class InputIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void interval_scatter(OffsetIt offsets_first, OffsetIt offsets_last, ScatterIt scatter_first, InputIt input_first,
                      InputIt input_last, OutputIt result)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  typename thrust::iterator_system<ScatterIt>::type system2;
  typename thrust::iterator_system<InputIt>::type system3;
  typename thrust::iterator_system<OutputIt>::type system4;
  mgpu::interval_scatter(select_system(system1, system2, system3, system4), offsets_first, offsets_last,
                         scatter_first, input_first, input_last, result);
}

/// \brief `interval_move` without a policy: the iterators pick the system, as
/// in Thrust; otherwise the same as the policy form.
template <class OffsetIt, class Size, class GatherIt, class ScatterIt, class InputIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<OffsetIt>, int> = 0>
void interval_move(OffsetIt offsets_first, OffsetIt offsets_last, Size total, GatherIt gather_first,
                   ScatterIt scatter_first, InputIt input, OutputIt result)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<OffsetIt>::type system1;
  typename thrust::iterator_system<GatherIt>::type system2;
  typename thrust::iterator_system<ScatterIt>::type system3;
  typename thrust::iterator_system<InputIt>::type system4;
  typename thrust::iterator_system<OutputIt>::type system5;
  mgpu::interval_move(select_system(system1, system2, system3, system4, system5), offsets_first, offsets_last, total,
                      gather_first, scatter_first, input, result);
}

} // namespace mgpu
