/// \file
/// \brief Bulk insert: copy a range with values inserted before given
/// positions.
///
/// The CUDA backend merges the insertion positions against the source
/// positions 0, 1, 2, ... with Merge Path partitioning (a small partition
/// kernel, then one streaming kernel), so every CTA writes exactly one tile
/// of the output however the insertions cluster (a million values at
/// position 0 balance as well as evenly spread ones); see
/// docs/bulk_insert_remove.md. Host policies run a sequential loop.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/bulk_insert.inl>
#include <mgpu/detail/config.h>

#include <thrust/execution_policy.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Copies `[first, last)` to `result` with each `values_first[j]`
/// inserted immediately before source element `positions_first[j]`.
///
/// \tparam InputIt a random-access iterator over the source elements, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam ValueIt a random-access iterator over the values to insert, readable by the policy's system.
/// \tparam PositionIt a random-access iterator over integer positions, readable by the policy's system (a
///   `thrust::counting_iterator` or `thrust::transform_iterator` serves as well as stored positions).
/// \tparam OutputIt a random-access output iterator to which both the source elements and the values can be
///   assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary buffer.
/// \param first, last the source range, `n = last - first` elements.
/// \param values_first, values_last the values to insert, `m = values_last - values_first` of them.
/// \param positions_first one position per value: `values_first[j]` goes just before source element
///   `positions_first[j]`, or after the last source element where the position is `n`.
/// \param result receives the `n + m` elements of the source and the values interleaved.
///
/// \pre `[positions_first, positions_first + (values_last - values_first))`
///   is sorted ascending (repeats allowed) and each position lies in
///   `[0, last - first]`; the end position appends. `result` has room for
///   `(last - first) + (values_last - values_first)` elements and overlaps no
///   input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written, no kernel faults and the CUDA context keeps
///   working; checked builds (`MGPU_CHECK_PRECONDITIONS`) throw
///   `std::invalid_argument` instead, before writing anything.
/// \par Stability: source elements keep their order, values keep theirs, and
///   values sharing a position appear in their order, all before the source
///   element at that position.
/// \par Complexity: O(n + m) work for n source elements and m values; every
///   input element is read once and every output written once, plus
///   O((n + m) / tile * log m) position reads for the tile boundaries.
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. Takes one temporary buffer of
///   (n + m) / tile + 1 offsets (tens of kilobytes) from the policy's
///   allocator. Host policies run sequentially.
/// \return `result + (last - first) + (values_last - values_first)`.
///
/// \code
/// // source B0 B1 B2, values A0..A4, positions 1 1 2 3 3
/// mgpu::bulk_insert(thrust::device, source.begin(), source.end(), values.begin(), values.end(),
///                   positions.begin(), out.begin());
/// // out: B0 A0 A1 B1 A2 B2 A3 A4
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt, class ValueIt, class PositionIt, class OutputIt>
MGPU_HD OutputIt bulk_insert(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt first,
                             InputIt last, ValueIt values_first, ValueIt values_last, PositionIt positions_first,
                             OutputIt result)
{
  detail::bulk_insert(detail::derived_policy(exec), first, last, values_first, values_last, positions_first, result,
                      "mgpu::bulk_insert");
  return result + ((last - first) + (values_last - values_first));
}

/// \brief `bulk_insert` without a policy: picks the system from the iterators
/// as Thrust's policy-less algorithms do (`device_vector` iterators and
/// `device_ptr` run on the device system, host iterators and raw pointers on
/// the host); otherwise the same as the policy form.
template <class InputIt, class ValueIt, class PositionIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt>, int> = 0>
OutputIt bulk_insert(InputIt first, InputIt last, ValueIt values_first, ValueIt values_last,
                     PositionIt positions_first, OutputIt result)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt>::type system1;
  typename thrust::iterator_system<ValueIt>::type system2;
  typename thrust::iterator_system<PositionIt>::type system3;
  typename thrust::iterator_system<OutputIt>::type system4;
  return mgpu::bulk_insert(select_system(system1, system2, system3, system4), first, last, values_first,
                           values_last, positions_first, result);
}

} // namespace mgpu
