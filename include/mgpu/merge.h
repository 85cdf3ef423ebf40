/// \file
/// \brief Stable merge of two sorted ranges: drop-in for `thrust::merge` and
/// `thrust::merge_by_key`.
///
/// The CUDA backend is a two-phase Merge Path merge (see docs/merge.md): a
/// partition kernel finds where every tile of the output starts in A and B,
/// then each CTA merges exactly one tile. Host policies run a sequential merge.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/merge.inl>

#include <cuda/std/functional>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/pair.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// \brief Merges the sorted ranges `[first1, last1)` and `[first2, last2)`
/// into `result`.
///
/// \tparam InputIt1, InputIt2 random-access iterators the policy's system can read: raw pointers,
///   `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators. Elements of both
///   ranges are compared as values of `InputIt1`'s value type, to which `InputIt2`'s value type converts.
/// \tparam OutputIt a random-access output iterator to which the elements of both ranges can be assigned
///   (`thrust::discard_iterator` and `thrust::transform_output_iterator` included).
/// \tparam Compare a strict weak ordering, callable on the device for the CUDA backend, called with two values
///   (or const references to them) of `InputIt1`'s value type, as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param first1, last1 the first sorted range.
/// \param first2, last2 the second sorted range.
/// \param result receives all `(last1 - first1) + (last2 - first2)` elements, merged.
/// \param comp the order both ranges are sorted by, and the order of the output.
///
/// \pre Both ranges are sorted by `comp`, a strict weak ordering. `result` has
///   room for `(last1 - first1) + (last2 - first2)` elements and overlaps
///   neither input.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written, no kernel faults and the CUDA context keeps
///   working; checked builds (`MGPU_CHECK_PRECONDITIONS`) throw
///   `std::invalid_argument` instead, before writing anything.
/// \par Stability: for equivalent elements, those of the first range come
///   first, each range in its own order (`std::merge` semantics).
/// \par Complexity: O(n) work and O(n / tile + log n) span for n outputs;
///   each input is read once and each output written once (a contiguous output
///   first holds each tile's two split offsets in that tile's first bytes).
/// \par Synchronization: synchronizes the policy's stream before returning,
///   except under `thrust::cuda::par_nosync`. Host policies run sequentially.
/// \return `result + (last1 - first1) + (last2 - first2)`.
///
/// \code
/// thrust::device_vector<int> a = ..., b = ..., c(a.size() + b.size());
/// mgpu::merge(thrust::device, a.begin(), a.end(), b.begin(), b.end(), c.begin());
/// // same contract as thrust::merge(thrust::device, ...)
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt merge(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                       InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  detail::merge(detail::derived_policy(exec), first1, last1, first2, last2, detail::no_values{}, detail::no_values{},
                result, detail::no_values{}, comp, "mgpu::merge");
  return result + ((last1 - first1) + (last2 - first2));
}

/// \brief `merge` ordered by `::cuda::std::less<>`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the form with `comp`; `InputIt1`'s value type is ordered by
///   `::cuda::std::less<>`, that is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, first1, last1, first2, last2, result as for the form with `comp`; both ranges are sorted
///   ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt>
MGPU_HD OutputIt merge(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                       InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::merge(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief Merges two sorted key ranges and moves each key's value with it.
///
/// Keys behave exactly as in `mgpu::merge`; `values_first1` and
/// `values_first2` hold one value per key of the first and second range, and
/// the value of each output key lands at the same position of
/// `values_result`. Values move by gathering through the merge's source
/// positions, so they are never compared.
///
/// \tparam KeyIt1, KeyIt2 random-access iterators over the keys, as `InputIt1` and `InputIt2` of `merge`:
///   keys of both ranges are compared as values of `KeyIt1`'s value type.
/// \tparam ValIt1, ValIt2 random-access iterators over the values of the first and second key range; values
///   may be of any copyable type, `thrust::tuple` through `thrust::zip_iterator` included.
/// \tparam KeyOut, ValOut random-access output iterators to which the keys, respectively the values, of both
///   inputs can be assigned.
/// \tparam Compare a strict weak ordering on keys, callable on the device for the CUDA backend, called with two
///   values (or const references to them) of `KeyIt1`'s value type, as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param keys_first1, keys_last1 the first sorted key range.
/// \param keys_first2, keys_last2 the second sorted key range.
/// \param values_first1 the values of the first key range, one per key.
/// \param values_first2 the values of the second key range, one per key.
/// \param keys_result receives all `(keys_last1 - keys_first1) + (keys_last2 - keys_first2)` keys, merged.
/// \param values_result receives the value of each output key at the key's position.
/// \param comp the order both key ranges are sorted by, and the order of the output keys.
///
/// \pre As for `merge`; the value ranges have as many elements as their key
///   ranges, and no output overlaps an input.
/// \par Stability, complexity, synchronization: as for `merge`.
/// \return The ends of the key and value outputs.
///
/// \code
/// mgpu::merge_by_key(thrust::device, ak.begin(), ak.end(), bk.begin(), bk.end(),
///                    av.begin(), bv.begin(), ck.begin(), cv.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut> merge_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                                  KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                  KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                  KeyOut keys_result, ValOut values_result, Compare comp)
{
  detail::merge(detail::derived_policy(exec), keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                values_first2, keys_result, values_result, comp, "mgpu::merge_by_key");
  const auto total = (keys_last1 - keys_first1) + (keys_last2 - keys_first2);
  return thrust::make_pair(keys_result + total, values_result + total);
}

/// \brief `merge_by_key` ordered by `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut as for the form with `comp`; `KeyIt1`'s value type
///   is ordered by `::cuda::std::less<>`, that is by its `operator<`, which is callable on the device for the
///   CUDA backend.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result as for the form with `comp`; both key ranges are sorted ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut>
MGPU_HD thrust::pair<KeyOut, ValOut> merge_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                                  KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                  KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                  KeyOut keys_result, ValOut values_result)
{
  return mgpu::merge_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                            keys_result, values_result, ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------

/// \brief `merge` without a policy: picks the system from the iterators as
/// `thrust::merge` does (`device_vector` iterators and `device_ptr` run on the
/// device system, host iterators and raw pointers on the host); otherwise the
/// same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt merge(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::merge(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp);
}

/// \brief `merge` without a policy, ordered by `::cuda::std::less<>`: the
/// iterators pick the system, as in Thrust; otherwise the same as the policy
/// form.
template <class InputIt1, class InputIt2, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt merge(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::merge(first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief `merge_by_key` without a policy: the key and value iterators pick
/// the system, as for `thrust::merge_by_key`; otherwise the same as the policy
/// form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> merge_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                          KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                          KeyOut keys_result, ValOut values_result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  return mgpu::merge_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                            keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
                            values_result, comp);
}

/// \brief `merge_by_key` without a policy, ordered by `::cuda::std::less<>`:
/// the iterators pick the system, as in Thrust; otherwise the same as the
/// policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> merge_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                          KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                          KeyOut keys_result, ValOut values_result)
{
  return mgpu::merge_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                            keys_result, values_result, ::cuda::std::less<>{});
}

} // namespace mgpu
