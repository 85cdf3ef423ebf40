/// \file
/// \brief Segmented reduction: one reduction per segment of a value range,
/// the segments described by the offsets of the load-balancing search.
///
/// `offsets` is the exclusive scan of the segments' sizes (`m = offsets_last
/// - offsets_first` segments over the `values_last - values_first` values):
/// segment `s` holds the values `[offsets[s], offsets[s + 1])`, the last one
/// running to the end. The CUDA backend cuts the Merge Path of the value
/// indices with the offsets into tiles of equal size, as the load-balancing
/// search does (see docs/segmented_reduce.md), so every distribution of sizes
/// runs at the same speed per element: millions of empty or one-value
/// segments, or a single segment of all the values. A segment that spans
/// tiles is finished from the carries the tiles leave, by a small fix-up
/// pass that scans them, without a second pass over its values and without
/// any tile waiting for another. Host policies run a sequential loop.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/segmented_reduce.inl>

#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Reduces each segment of `[values_first, values_last)` in order:
/// `result[s] = op(...op(op(init, v0), v1)..., vk)` over the segment's values
/// `v0 ... vk`, and `result[s] = init` for an empty segment.
///
/// \tparam InputIt a random-access iterator that the policy's system can
///   dereference (raw pointers, `thrust::device_ptr`, vector iterators,
///   Thrust's fancy iterators) over the values.
/// \tparam OffsetIt a random-access iterator over integers that the policy's
///   system can dereference: the segments' starts.
/// \tparam OutputIt a random-access output iterator that the policy's system
///   can dereference, to which the reductions assign.
/// \tparam BinaryOp the type of `op`.
/// \tparam T the type of `init`. The reductions are held, as Thrust and CUB
///   hold them, in the type `op` returns for `init` and a value (`T` for an
///   extended `__device__` lambda, whose return type host code cannot see):
///   with `init` 0 and `double` values summed by `thrust::plus<double>` the
///   sums are doubles. Values and `init` are converted to that type, and
///   `op` takes two of it. On the CUDA backend it is default-constructible
///   and copyable as bytes (as for `thrust::reduce_by_key`), and `op` is
///   callable on the device.
/// \param exec the execution policy, which picks the backend:
///   `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param values_first, values_last the values, `n = values_last -
///   values_first` of them.
/// \param offsets_first, offsets_last where each segment starts: `m =
///   offsets_last - offsets_first` segments.
/// \param result receives `m` reductions, one per segment, in order.
/// \param init applied once per segment, on the left of its first value.
/// \param op an associative binary operation; it need not be commutative
///   (values are combined in their order, only the grouping varies). Sums of
///   floating-point values are therefore grouped differently from a
///   sequential loop and may round differently.
/// \returns `result + m`.
///
/// \pre `[offsets_first, offsets_last)` is non-decreasing, starts at 0 and
///   holds no value above `n`. Segments of size 0 are allowed anywhere. There
///   is at least one segment unless `n` is 0. The result overlaps no input.
///   Violated, the output is unspecified but memory-safe: only values in
///   `[0, n)` are read and only `result[0, m)` is written, no kernel faults
///   and the CUDA context keeps working; checked builds
///   (`MGPU_CHECK_PRECONDITIONS`) throw `std::invalid_argument` naming the rule
///   and the first offending offset, having written nothing.
/// \par Complexity: O(n + m) applications of `op` and work, balanced across
///   the device whatever the sizes; each value and offset is read about once
///   and each result written once.
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. No segment launches nothing;
///   segments with no values (n = 0) each receive `init`.
///
/// \code
/// // sizes 2 0 3 1 -> offsets 0 2 2 5
/// thrust::device_vector<int> values{1, 2, 3, 4, 5, 6}, offsets{0, 2, 2, 5}, sums(4);
/// mgpu::segmented_reduce(thrust::device, values.begin(), values.end(), offsets.begin(), offsets.end(),
///                        sums.begin(), 0, thrust::plus<int>{});
/// // sums: 3 0 12 6
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp>
MGPU_HD OutputIt segmented_reduce(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                  InputIt values_first, InputIt values_last, OffsetIt offsets_first,
                                  OffsetIt offsets_last, OutputIt result, T init, BinaryOp op)
{
  return detail::segmented_reduce(detail::derived_policy(exec), values_first, values_last, offsets_first,
                                  offsets_last, result, init, op);
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------

/// \brief `segmented_reduce` without a policy: picks the system from the
/// values, offsets and result iterators as Thrust's policy-less algorithms do
/// (`device_vector` iterators and `device_ptr` run on the device system, host
/// iterators and raw pointers on the host); otherwise the same as the policy
/// form.
template <class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt>, int> = 0>
OutputIt segmented_reduce(InputIt values_first, InputIt values_last, OffsetIt offsets_first, OffsetIt offsets_last,
                          OutputIt result, T init, BinaryOp op)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt>::type system1;
  typename thrust::iterator_system<OffsetIt>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::segmented_reduce(select_system(system1, system2, system3), values_first, values_last, offsets_first,
                                offsets_last, result, init, op);
}

} // namespace mgpu
