/// \file
/// \brief Bulk remove: copy a range leaving out the elements at a sorted list
/// of positions.
///
/// The CUDA backend (see docs/bulk_insert_remove.md) runs a small partition
/// kernel that finds each source tile's slice of the removal indices, then
/// one streaming kernel: each CTA takes one tile of the source, compacts it
/// in shared memory and writes it where the indices before the tile say it
/// goes. No counting pass. Host policies run a sequential loop.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/bulk_remove.inl>
#include <mgpu/detail/config.h>

#include <thrust/execution_policy.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Copies `[first, last)` to `result`, leaving out the elements at the
/// positions `[indices_first, indices_last)`.
///
/// \tparam InputIt a random-access iterator over the source elements, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam IndexIt a random-access iterator over integer positions into the source, readable by the policy's
///   system; stored indices and fancy iterators serve alike (see the example below).
/// \tparam OutputIt a random-access output iterator to which the source elements can be assigned.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary buffer.
/// \param first, last the source range, `n = last - first` elements.
/// \param indices_first, indices_last the positions in `[0, n)` of the elements to leave out, `m` of them.
/// \param result receives the `n - m` surviving elements, in order.
///
/// \pre The indices ascend strictly (sorted, no repeats) and each lies in
///   `[0, last - first)`. `result` has room for
///   `(last - first) - (indices_last - indices_first)` elements and overlaps
///   neither input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written, no kernel faults and the CUDA context keeps
///   working; checked builds (`MGPU_CHECK_PRECONDITIONS`) throw
///   `std::invalid_argument` instead, before writing anything.
/// \par Stability: the surviving elements keep their order.
/// \par Complexity: O(n + m) work for n source elements and m indices; each
///   source element and index is read once and each survivor written once,
///   plus O((n / tile) log m) index reads for the tile boundaries.
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. Takes one temporary buffer of
///   n / tile + 1 offsets (tens of kilobytes) from the policy's allocator.
///   Host policies run sequentially.
/// \return `result + (last - first) - (indices_last - indices_first)`.
///
/// Any random-access iterator the backend can read serves for the indices,
/// e.g. every third position as a fancy iterator:
/// \code
/// struct times_three { __host__ __device__ int operator()(int i) const { return 3 * i; } };
/// thrust::device_vector<int> data(100), kept(66);
/// thrust::sequence(data.begin(), data.end());
/// auto every_third = thrust::make_transform_iterator(thrust::make_counting_iterator(0), times_three{});
/// mgpu::bulk_remove(thrust::device, data.begin(), data.end(), every_third, every_third + 34, kept.begin());
/// // kept: 1 2 4 5 7 8 ... 97 98
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt, class IndexIt, class OutputIt>
MGPU_HD OutputIt bulk_remove(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt first,
                             InputIt last, IndexIt indices_first, IndexIt indices_last, OutputIt result)
{
  detail::bulk_remove(detail::derived_policy(exec), first, last, indices_first, indices_last, result,
                      "mgpu::bulk_remove");
  return result + ((last - first) - (indices_last - indices_first));
}

/// \brief `bulk_remove` without a policy: picks the system from the iterators
/// as Thrust's policy-less algorithms do (`device_vector` iterators and
/// `device_ptr` run on the device system, host iterators and raw pointers on
/// the host); otherwise the same as the policy form.
template <class InputIt, class IndexIt, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt>, int> = 0>
OutputIt bulk_remove(InputIt first, InputIt last, IndexIt indices_first, IndexIt indices_last, OutputIt result)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt>::type system1;
  typename thrust::iterator_system<IndexIt>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::bulk_remove(select_system(system1, system2, system3), first, last, indices_first, indices_last,
                           result);
}

} // namespace mgpu
