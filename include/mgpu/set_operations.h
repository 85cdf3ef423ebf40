/// \file
/// \brief Multiset operations on sorted ranges: drop-ins for Thrust's
/// `set_intersection`, `set_union`, `set_difference`,
/// `set_symmetric_difference` and their `_by_key` forms.
///
/// Semantics are those of `std::set_*` on sorted multisets: the k-th copy of
/// a key in one range is matched with the k-th copy of an equivalent key in
/// the other (key-rank matching). Outputs are sorted; where both ranges
/// supply an element for one match (`set_union`, and `set_intersection`,
/// which only ever outputs the first range's elements) the first range's
/// element is taken. Values travel with their keys.
///
/// The CUDA backend (see docs/set_operations.md) partitions both inputs along
/// the Balanced Path, which never separates a key-rank match, so each CTA
/// runs the serial set operation on its own tile; tiles place their outputs
/// with a decoupled look-back scan, so the inputs are read once. Host
/// policies run a sequential loop.
///
/// Every function also has an overload taking `mgpu::unique_keys` after
/// `comp`: the caller promises that neither range holds two equivalent keys,
/// and the partition reduces to Merge Path with one extra comparison. The
/// results are the same as the general overload's on such inputs.
///
/// Every overload also has a form taking `mgpu::count_to(it)` as its last
/// argument, which writes the output count to `*it` and returns nothing;
/// those forms never wait for the count (see "Counts written to memory"
/// below).
///
/// \par Synchronization (all functions): the end of the output depends on
///   the data, so each call that returns it reads one count back to the host
///   on the policy's stream and waits for it, under every policy including
///   `par_nosync`, as Thrust's set operations do. Nothing else synchronizes.
/// \par Complexity (all functions): O(n) work and O(n / tile + log n) span
///   for n = the inputs' total size; keys are read once, outputs written
///   once, values read only for the outputs.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/set_operations.inl>

#include <cuda/std/functional>
#include <cuda/std/iterator>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/pair.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// Type of `mgpu::unique_keys`.
struct unique_keys_t
{
  explicit constexpr unique_keys_t() = default;
};

/// Passed after the comparator, promises that neither input range holds two
/// equivalent keys, so the cheaper unique-keys partitioning can be used.
/// With `MGPU_CHECK_PRECONDITIONS` the promise is checked; otherwise a broken
/// one gives unspecified output, memory-safe as for any violated precondition.
inline constexpr unique_keys_t unique_keys{};

/// What `mgpu::count_to(it)` makes: the iterator a set operation writes its
/// output count to, in place of returning the end of its output.
///
/// \tparam CountIt the type of the iterator given to `mgpu::count_to`.
template <class CountIt>
struct count_to_t
{
  CountIt iterator;
};

/// Passed as the last argument of a set operation, has it write its output
/// count to `*it` (converted to `*it`'s value type) instead of returning an
/// end iterator; see "Counts written to memory" in this header.
///
/// \tparam CountIt an iterator through which the set operation's backend can write `*it`; see "Counts written to
///   memory" for what it requires.
/// \param it where the count goes.
/// \returns A `count_to_t` holding `it`, to pass as the set operation's last argument.
template <class CountIt>
MGPU_HD count_to_t<CountIt> count_to(CountIt it)
{
  return count_to_t<CountIt>{it};
}

namespace detail {

// Tells an iterator from a comparator, to keep Thrust's parameter list of
// set_difference_by_key apart from the shorter one with a comparator. A
// function pointer has iterator traits but is a comparator.
template <class T, class = void>
inline constexpr bool is_iterator_v = false;
template <class T>
inline constexpr bool is_iterator_v<T, std::void_t<typename ::cuda::std::iterator_traits<T>::iterator_category>> =
  !std::is_function_v<std::remove_pointer_t<T>>;

// `mgpu::unique_keys` in the comparator's place: said at once, not deep inside the operation.
template <class Compare>
MGPU_HD constexpr void require_comparator()
{
  static_assert(!std::is_same_v<Compare, unique_keys_t>,
                "mgpu::unique_keys goes after the comparator: pass ::cuda::std::less<>{} (or yours) before it");
}

MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt,
          class Compare>
MGPU_HD OutputIt set_keys(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                          InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                          const char* algorithm)
{
  require_comparator<Compare>();
  const auto count = set_operation<Op, Multiplicity>(derived_policy(exec), first1, last1, first2, last2, no_values{},
                                                     no_values{}, result, no_values{}, comp, algorithm);
  return result + count;
}

MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_pairs(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1, KeyIt1 keys_last1,
          KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
          ValOut values_result, Compare comp, const char* algorithm)
{
  require_comparator<Compare>();
  const auto count =
    set_operation<Op, Multiplicity>(derived_policy(exec), keys_first1, keys_last1, keys_first2, keys_last2,
                                    values_first1, values_first2, keys_result, values_result, comp, algorithm);
  return thrust::make_pair(keys_result + count, values_result + count);
}

MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt,
          class Compare, class CountIt>
MGPU_HD void set_keys(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1, InputIt1 last1,
                      InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp, count_to_t<CountIt> count,
                      const char* algorithm)
{
  require_comparator<Compare>();
  set_operation_count_to<Op, Multiplicity>(derived_policy(exec), first1, last1, first2, last2, no_values{},
                                           no_values{}, result, no_values{}, comp, count.iterator, algorithm);
}

MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare, class CountIt>
MGPU_HD void set_pairs(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                       KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                       ValIt2 values_first2, KeyOut keys_result, ValOut values_result, Compare comp,
                       count_to_t<CountIt> count, const char* algorithm)
{
  require_comparator<Compare>();
  set_operation_count_to<Op, Multiplicity>(derived_policy(exec), keys_first1, keys_last1, keys_first2, keys_last2,
                                           values_first1, values_first2, keys_result, values_result, comp,
                                           count.iterator, algorithm);
}

} // namespace detail

// ---------------------------------------------------------------------------
// Keys
// ---------------------------------------------------------------------------

/// \brief Copies to `result` the elements of `[first1, last1)` that have a
/// key-rank match in `[first2, last2)` (`std::set_intersection`).
///
/// \tparam InputIt1, InputIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators). Both ranges are compared as `InputIt1`'s value
///   type, the key type, to which `InputIt2`'s value type converts.
/// \tparam OutputIt a random-access output iterator that the policy's system can dereference.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param first1, last1 the first range, sorted by `comp`.
/// \param first2, last2 the second range, sorted by `comp`.
/// \param result receives the first range's elements that have a key-rank match, in their order.
/// \param comp the ordering of both ranges and of the output.
///
/// \pre Both ranges sorted by `comp`, a strict weak ordering; `result` has
///   room for `min(last1 - first1, last2 - first2)` elements and overlaps no
///   input; with `unique_keys`, neither range holds equivalent keys.
///   Violated, the output is unspecified but memory-safe: only the given
///   ranges are read and written (the returned end stays within that room),
///   no kernel faults and the CUDA context keeps working; checked builds
///   (`MGPU_CHECK_PRECONDITIONS`) throw `std::invalid_argument` instead.
/// \par Stability: outputs are the first range's elements, in its order.
/// \return The end of the output.
///
/// \code
/// // a = 1 2 2 2 5, b = 2 2 5 5  ->  2 2 5
/// auto end = mgpu::set_intersection(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                  InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  return detail::set_keys<detail::set_op::intersection, key_multiplicity::duplicates>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_intersection");
}

/// \brief `set_intersection` for ranges without equivalent keys.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_intersection`.
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_intersection`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                  InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                                  unique_keys_t)
{
  return detail::set_keys<detail::set_op::intersection, key_multiplicity::unique>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_intersection");
}

/// \brief `set_intersection` ordered by `::cuda::std::less<>`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_intersection`.
/// \param exec, first1, last1, first2, last2, result as for the general `set_intersection`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt>
MGPU_HD OutputIt set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                  InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_intersection(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief Copies to `result` every element of both ranges, each key-rank
/// match once, taken from the first range (`std::set_union`).
///
/// \tparam InputIt1, InputIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators). Both ranges are compared as `InputIt1`'s value
///   type, the key type, to which `InputIt2`'s value type converts.
/// \tparam OutputIt a random-access output iterator that the policy's system can dereference.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param first1, last1 the first range, sorted by `comp`.
/// \param first2, last2 the second range, sorted by `comp`.
/// \param result receives the elements of both ranges, each key-rank match once (from the first range), sorted by
///   `comp`.
/// \param comp the ordering of both ranges and of the output.
///
/// \pre Both ranges sorted by `comp`, a strict weak ordering; `result` has
///   room for `(last1 - first1) + (last2 - first2)` elements and overlaps no
///   input; with `unique_keys`, neither range holds equivalent keys.
///   Violated: as for `set_intersection`.
/// \par Stability: equivalent outputs keep their ranges' orders; matched
///   ones come from the first range.
/// \return The end of the output.
///
/// \code
/// // a = 1 2 2 2 5, b = 2 2 5 5  ->  1 2 2 2 5 5
/// auto end = mgpu::set_union(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                           InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  return detail::set_keys<detail::set_op::union_, key_multiplicity::duplicates>(exec, first1, last1, first2, last2,
                                                                                result, comp, "mgpu::set_union");
}

/// \brief `set_union` for ranges without equivalent keys.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_union`.
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_union`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                           InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                           unique_keys_t)
{
  return detail::set_keys<detail::set_op::union_, key_multiplicity::unique>(exec, first1, last1, first2, last2,
                                                                            result, comp, "mgpu::set_union");
}

/// \brief `set_union` ordered by `::cuda::std::less<>`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_union`.
/// \param exec, first1, last1, first2, last2, result as for the general `set_union`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt>
MGPU_HD OutputIt set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                           InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_union(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief Copies to `result` the elements of `[first1, last1)` that have no
/// key-rank match in `[first2, last2)` (`std::set_difference`).
///
/// \tparam InputIt1, InputIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators). Both ranges are compared as `InputIt1`'s value
///   type, the key type, to which `InputIt2`'s value type converts.
/// \tparam OutputIt a random-access output iterator that the policy's system can dereference.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param first1, last1 the first range, sorted by `comp`.
/// \param first2, last2 the second range, sorted by `comp`.
/// \param result receives the first range's elements that have no key-rank match, in their order.
/// \param comp the ordering of both ranges and of the output.
///
/// \pre Both ranges sorted by `comp`, a strict weak ordering; `result` has
///   room for `last1 - first1` elements and overlaps no input; with
///   `unique_keys`, neither range holds equivalent keys.
///   Violated: as for `set_intersection`.
/// \par Stability: outputs are the first range's elements, in its order.
/// \return The end of the output.
///
/// \code
/// // a = 1 2 2 2 5, b = 2 2 5 5  ->  1 2
/// auto end = mgpu::set_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  return detail::set_keys<detail::set_op::difference, key_multiplicity::duplicates>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_difference");
}

/// \brief `set_difference` for ranges without equivalent keys.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_difference`.
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_difference`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                                unique_keys_t)
{
  return detail::set_keys<detail::set_op::difference, key_multiplicity::unique>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_difference");
}

/// \brief `set_difference` ordered by `::cuda::std::less<>`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_difference`.
/// \param exec, first1, last1, first2, last2, result as for the general `set_difference`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt>
MGPU_HD OutputIt set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_difference(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief Copies to `result` the elements of either range that have no
/// key-rank match in the other (`std::set_symmetric_difference`).
///
/// \tparam InputIt1, InputIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators). Both ranges are compared as `InputIt1`'s value
///   type, the key type, to which `InputIt2`'s value type converts.
/// \tparam OutputIt a random-access output iterator that the policy's system can dereference.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param first1, last1 the first range, sorted by `comp`.
/// \param first2, last2 the second range, sorted by `comp`.
/// \param result receives the elements of either range that have no key-rank match, sorted by `comp`.
/// \param comp the ordering of both ranges and of the output.
///
/// \pre Both ranges sorted by `comp`, a strict weak ordering; `result` has
///   room for `(last1 - first1) + (last2 - first2)` elements and overlaps no
///   input; with `unique_keys`, neither range holds equivalent keys.
///   Violated: as for `set_intersection`.
/// \par Stability: equivalent outputs come from one range only, in its order.
/// \return The end of the output.
///
/// \code
/// // a = 1 2 2 2 5, b = 2 2 5 5  ->  1 2 5
/// auto end = mgpu::set_symmetric_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                          InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2,
                                          OutputIt result, Compare comp)
{
  return detail::set_keys<detail::set_op::symmetric_difference, key_multiplicity::duplicates>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_symmetric_difference");
}

/// \brief `set_symmetric_difference` for ranges without equivalent keys.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_symmetric_difference`.
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_symmetric_difference`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare>
MGPU_HD OutputIt set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                          InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2,
                                          OutputIt result, Compare comp, unique_keys_t)
{
  return detail::set_keys<detail::set_op::symmetric_difference, key_multiplicity::unique>(
    exec, first1, last1, first2, last2, result, comp, "mgpu::set_symmetric_difference");
}

/// \brief `set_symmetric_difference` ordered by `::cuda::std::less<>`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_symmetric_difference`.
/// \param exec, first1, last1, first2, last2, result as for the general `set_symmetric_difference`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt>
MGPU_HD OutputIt set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                          InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2,
                                          OutputIt result)
{
  return mgpu::set_symmetric_difference(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Keys with values
// ---------------------------------------------------------------------------

/// \brief `set_intersection` on keys; each output key brings the value of
/// its first-range element.
///
/// \tparam KeyIt1, KeyIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators) over the keys. Both key ranges are compared as
///   `KeyIt1`'s value type, the key type, to which `KeyIt2`'s value type converts.
/// \tparam ValIt1 a random-access iterator that the policy's system can dereference, over the first range's values.
/// \tparam KeyOut, ValOut random-access output iterators that the policy's system can dereference, for the output keys
///   and values.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param keys_first1, keys_last1 the first range's keys, sorted by `comp`.
/// \param keys_first2, keys_last2 the second range's keys, sorted by `comp`.
/// \param values_first1 the first range's values, one per key.
/// \param keys_result receives the output keys: the first range's keys that have a key-rank match, in their order.
/// \param values_result receives the output keys' values, in the same order.
/// \param comp the ordering of both key ranges and of the output keys.
///
/// \pre As for `set_intersection`; `values_first1` holds one value per key
///   of the first range; no output overlaps an input.
/// \return The ends of the key and value outputs.
///
/// \code
/// mgpu::set_intersection_by_key(thrust::device, ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(),
///                               ck.begin(), cv.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                        KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                        KeyOut keys_result, ValOut values_result, Compare comp)
{
  return detail::set_pairs<detail::set_op::intersection, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, "mgpu::set_intersection_by_key");
}

/// \brief `set_intersection_by_key` for ranges without equivalent keys.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_intersection_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_intersection_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                        KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                        KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t)
{
  return detail::set_pairs<detail::set_op::intersection, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, "mgpu::set_intersection_by_key");
}

/// \brief `set_intersection_by_key` ordered by `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_intersection_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_intersection_by_key`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                        KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                        KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_intersection_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                       keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference` on keys; each output key brings the value of its
/// first-range element.
///
/// \tparam KeyIt1, KeyIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators) over the keys. Both key ranges are compared as
///   `KeyIt1`'s value type, the key type, to which `KeyIt2`'s value type converts.
/// \tparam ValIt1 a random-access iterator that the policy's system can dereference, over the first range's values.
/// \tparam KeyOut, ValOut random-access output iterators that the policy's system can dereference, for the output keys
///   and values.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param keys_first1, keys_last1 the first range's keys, sorted by `comp`.
/// \param keys_first2, keys_last2 the second range's keys, sorted by `comp`.
/// \param values_first1 the first range's values, one per key.
/// \param keys_result receives the output keys: the first range's keys that have no key-rank match, in their order.
/// \param values_result receives the output keys' values, in the same order.
/// \param comp the ordering of both key ranges and of the output keys.
///
/// \pre As for `set_difference`; `values_first1` holds one value per key of
///   the first range; no output overlaps an input.
/// \return The ends of the key and value outputs.
///
/// \code
/// mgpu::set_difference_by_key(thrust::device, ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(),
///                             ck.begin(), cv.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!detail::is_iterator_v<Compare>, int> = 0>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                      KeyOut keys_result, ValOut values_result, Compare comp)
{
  return detail::set_pairs<detail::set_op::difference, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, "mgpu::set_difference_by_key");
}

/// \brief `set_difference_by_key` for ranges without equivalent keys.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                      KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t)
{
  return detail::set_pairs<detail::set_op::difference, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, "mgpu::set_difference_by_key");
}

/// \brief `set_difference_by_key` ordered by `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_difference_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_difference_by_key`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                      KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                     keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference_by_key` with Thrust's parameter list, which also
/// names the second range's values; they are never read.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, std::enable_if_t<!std::is_same_v<Compare, unique_keys_t>, int> = 0>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1, ValIt2,
                      KeyOut keys_result, ValOut values_result, Compare comp)
{
  return mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                     keys_result, values_result, comp);
}

/// \brief `set_difference_by_key` with Thrust's parameter list, ordered by
/// `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          std::enable_if_t<detail::is_iterator_v<ValOut>, int> = 0>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1, ValIt2,
                      KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                     keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference_by_key` with Thrust's parameter list, for ranges
/// without equivalent keys.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                      KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1, ValIt2,
                      KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t)
{
  return mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                     keys_result, values_result, comp, unique_keys);
}

/// \brief `set_union` on keys; each output key brings the value of the
/// element it came from (the first range's on a key-rank match).
///
/// \tparam KeyIt1, KeyIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators) over the keys. Both key ranges are compared as
///   `KeyIt1`'s value type, the key type, to which `KeyIt2`'s value type converts.
/// \tparam ValIt1, ValIt2 random-access iterators that the policy's system can dereference, over the first and second
///   ranges' values; `ValIt2`'s value type converts to `ValIt1`'s.
/// \tparam KeyOut, ValOut random-access output iterators that the policy's system can dereference, for the output keys
///   and values.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param keys_first1, keys_last1 the first range's keys, sorted by `comp`.
/// \param keys_first2, keys_last2 the second range's keys, sorted by `comp`.
/// \param values_first1 the first range's values, one per key.
/// \param values_first2 the second range's values, one per key.
/// \param keys_result receives the output keys: the keys of both ranges, each key-rank match once (from the first
///   range), sorted by `comp`.
/// \param values_result receives the output keys' values, in the same order.
/// \param comp the ordering of both key ranges and of the output keys.
///
/// \pre As for `set_union`; the value ranges hold one value per key of their
///   key ranges, and the second's values convert to the first's value type;
///   no output overlaps an input.
/// \return The ends of the key and value outputs.
///
/// \code
/// mgpu::set_union_by_key(thrust::device, ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(), bv.begin(),
///                        ck.begin(), cv.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut> set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                                      KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                      KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                      KeyOut keys_result, ValOut values_result, Compare comp)
{
  return detail::set_pairs<detail::set_op::union_, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
    values_result, comp, "mgpu::set_union_by_key");
}

/// \brief `set_union_by_key` for ranges without equivalent keys.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general `set_union_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_union_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                 KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                 KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t)
{
  return detail::set_pairs<detail::set_op::union_, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
    values_result, comp, "mgpu::set_union_by_key");
}

/// \brief `set_union_by_key` ordered by `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut as for the general `set_union_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result as for the general `set_union_by_key`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut>
MGPU_HD thrust::pair<KeyOut, ValOut> set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                                      KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                      KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                      KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_union_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                values_first2, keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_symmetric_difference` on keys; each output key brings the
/// value of the element it came from.
///
/// \tparam KeyIt1, KeyIt2 random-access iterators that the policy's system can dereference (raw pointers,
///   `thrust::device_ptr`, vector iterators, Thrust's fancy iterators) over the keys. Both key ranges are compared as
///   `KeyIt1`'s value type, the key type, to which `KeyIt2`'s value type converts.
/// \tparam ValIt1, ValIt2 random-access iterators that the policy's system can dereference, over the first and second
///   ranges' values; `ValIt2`'s value type converts to `ValIt1`'s.
/// \tparam KeyOut, ValOut random-access output iterators that the policy's system can dereference, for the output keys
///   and values.
/// \tparam Compare a strict weak ordering callable on the device for the CUDA backend, called with values (const
///   references) of the key type, as Thrust's comparators.
/// \param exec the execution policy, which picks the backend: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy, ...
/// \param keys_first1, keys_last1 the first range's keys, sorted by `comp`.
/// \param keys_first2, keys_last2 the second range's keys, sorted by `comp`.
/// \param values_first1 the first range's values, one per key.
/// \param values_first2 the second range's values, one per key.
/// \param keys_result receives the output keys: the keys of either range that have no key-rank match, sorted by `comp`.
/// \param values_result receives the output keys' values, in the same order.
/// \param comp the ordering of both key ranges and of the output keys.
///
/// \pre As for `set_symmetric_difference`; the value ranges hold one value
///   per key of their key ranges, and the second's values convert to the
///   first's value type; no output overlaps an input.
/// \return The ends of the key and value outputs.
///
/// \code
/// mgpu::set_symmetric_difference_by_key(thrust::device, ak.begin(), ak.end(), bk.begin(), bk.end(), av.begin(),
///                                       bv.begin(), ck.begin(), cv.begin());
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                ValIt2 values_first2, KeyOut keys_result, ValOut values_result, Compare comp)
{
  return detail::set_pairs<detail::set_op::symmetric_difference, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
    values_result, comp, "mgpu::set_symmetric_difference_by_key");
}

/// \brief `set_symmetric_difference_by_key` for ranges without equivalent keys.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general
///   `set_symmetric_difference_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_symmetric_difference_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                ValIt2 values_first2, KeyOut keys_result, ValOut values_result, Compare comp,
                                unique_keys_t)
{
  return detail::set_pairs<detail::set_op::symmetric_difference, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
    values_result, comp, "mgpu::set_symmetric_difference_by_key");
}

/// \brief `set_symmetric_difference_by_key` ordered by `::cuda::std::less<>`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut as for the general `set_symmetric_difference_by_key`.
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result as for the general `set_symmetric_difference_by_key`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut>
MGPU_HD thrust::pair<KeyOut, ValOut>
set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                ValIt2 values_first2, KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_symmetric_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2,
                                               values_first1, values_first2, keys_result, values_result,
                                               ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------
// Each function below picks the system from all of its iterators as Thrust's
// policy-less set operations do (`device_vector` iterators and `device_ptr`
// run on the device system, host iterators and raw pointers on the host) and
// is otherwise the same as its policy form above.

/// \brief `set_intersection` without a policy: the iterators pick the system,
/// as in Thrust; otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                          Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_intersection(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp);
}

/// \brief `set_intersection` without a policy, for ranges without equivalent
/// keys: the iterators pick the system, as in Thrust; otherwise the same as the
/// policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                          Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_intersection(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp,
                                unique_keys);
}

/// \brief `set_intersection` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_intersection(first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief `set_union` without a policy: the iterators pick the system, as in
/// Thrust; otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_union(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp);
}

/// \brief `set_union` without a policy, for ranges without equivalent keys: the
/// iterators pick the system, as in Thrust; otherwise the same as the policy
/// form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                   unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_union(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp,
                         unique_keys);
}

/// \brief `set_union` without a policy, ordered by `::cuda::std::less<>`: the
/// iterators pick the system, as in Thrust; otherwise the same as the policy
/// form.
template <class InputIt1, class InputIt2, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_union(first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief `set_difference` without a policy: the iterators pick the system, as
/// in Thrust; otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                        Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_difference(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp);
}

/// \brief `set_difference` without a policy, for ranges without equivalent
/// keys: the iterators pick the system, as in Thrust; otherwise the same as the
/// policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                        Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_difference(select_system(system1, system2, system3), first1, last1, first2, last2, result, comp,
                              unique_keys);
}

/// \brief `set_difference` without a policy, ordered by `::cuda::std::less<>`:
/// the iterators pick the system, as in Thrust; otherwise the same as the
/// policy form.
template <class InputIt1, class InputIt2, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_difference(first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief `set_symmetric_difference` without a policy: the iterators pick the
/// system, as in Thrust; otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                                  Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_symmetric_difference(select_system(system1, system2, system3), first1, last1, first2, last2, result,
                                        comp);
}

/// \brief `set_symmetric_difference` without a policy, for ranges without
/// equivalent keys: the iterators pick the system, as in Thrust; otherwise the
/// same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                                  Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  return mgpu::set_symmetric_difference(select_system(system1, system2, system3), first1, last1, first2, last2, result,
                                        comp, unique_keys);
}

/// \brief `set_symmetric_difference` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class InputIt1, class InputIt2, class OutputIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
OutputIt set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result)
{
  return mgpu::set_symmetric_difference(first1, last1, first2, last2, result, ::cuda::std::less<>{});
}

/// \brief `set_intersection_by_key` without a policy: the iterators pick the
/// system, as in Thrust; otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                     KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                     ValOut values_result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  return mgpu::set_intersection_by_key(select_system(system1, system2, system3, system4, system5), keys_first1,
                                       keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                       values_result, comp);
}

/// \brief `set_intersection_by_key` without a policy, for ranges without
/// equivalent keys: the iterators pick the system, as in Thrust; otherwise the
/// same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                     KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                     ValOut values_result, Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  return mgpu::set_intersection_by_key(select_system(system1, system2, system3, system4, system5), keys_first1,
                                       keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                       values_result, comp, unique_keys);
}

/// \brief `set_intersection_by_key` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                     KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                     ValOut values_result)
{
  return mgpu::set_intersection_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                       values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference_by_key` without a policy: the iterators pick the
/// system, as in Thrust; otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && !detail::is_iterator_v<Compare>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                   KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                   ValOut values_result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  return mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5), keys_first1,
                                     keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result,
                                     comp);
}

/// \brief `set_difference_by_key` without a policy, for ranges without
/// equivalent keys: the iterators pick the system, as in Thrust; otherwise the
/// same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                   KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                   ValOut values_result, Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  return mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5), keys_first1,
                                     keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result,
                                     comp, unique_keys);
}

/// \brief `set_difference_by_key` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                   KeyIt2 keys_last2, ValIt1 values_first1, KeyOut keys_result,
                                                   ValOut values_result)
{
  return mgpu::set_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                     values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list: the iterators pick the system, as in Thrust (the unread
/// `values_first2` among them); otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && !std::is_same_v<Compare, unique_keys_t>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
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
  return mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5, system6),
                                     keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                                     keys_result, values_result, comp);
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list, ordered by `::cuda::std::less<>`: the iterators pick the system, as
/// in Thrust; otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && detail::is_iterator_v<ValOut>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                   KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                   KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                                     keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list, for ranges without equivalent keys: the iterators pick the system,
/// as in Thrust (the unread `values_first2` among them); otherwise the same
/// as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                                   KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                                   KeyOut keys_result, ValOut values_result, Compare comp,
                                                   unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  return mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5, system6),
                                     keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                                     keys_result, values_result, comp, unique_keys);
}

/// \brief `set_union_by_key` without a policy: the iterators pick the system,
/// as in Thrust; otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
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
  return mgpu::set_union_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                                keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
                                values_result, comp);
}

/// \brief `set_union_by_key` without a policy, for ranges without equivalent
/// keys: the iterators pick the system, as in Thrust; otherwise the same as the
/// policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                              KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                              KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  return mgpu::set_union_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                                keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
                                values_result, comp, unique_keys);
}

/// \brief `set_union_by_key` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                              KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                              KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_union_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                                keys_result, values_result, ::cuda::std::less<>{});
}

/// \brief `set_symmetric_difference_by_key` without a policy: the iterators
/// pick the system, as in Thrust; otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                             KeyIt2 keys_first2, KeyIt2 keys_last2,
                                                             ValIt1 values_first1, ValIt2 values_first2,
                                                             KeyOut keys_result, ValOut values_result, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  return mgpu::set_symmetric_difference_by_key(select_system(system1, system2, system3, system4, system5, system6),
                                               keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                               values_first2, keys_result, values_result, comp);
}

/// \brief `set_symmetric_difference_by_key` without a policy, for ranges
/// without equivalent keys: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                             KeyIt2 keys_first2, KeyIt2 keys_last2,
                                                             ValIt1 values_first1, ValIt2 values_first2,
                                                             KeyOut keys_result, ValOut values_result, Compare comp,
                                                             unique_keys_t)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  return mgpu::set_symmetric_difference_by_key(select_system(system1, system2, system3, system4, system5, system6),
                                               keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                               values_first2, keys_result, values_result, comp, unique_keys);
}

/// \brief `set_symmetric_difference_by_key` without a policy, ordered by
/// `::cuda::std::less<>`: the iterators pick the system, as in Thrust;
/// otherwise the same as the policy form.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
thrust::pair<KeyOut, ValOut> set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1,
                                                             KeyIt2 keys_first2, KeyIt2 keys_last2,
                                                             ValIt1 values_first1, ValIt2 values_first2,
                                                             KeyOut keys_result, ValOut values_result)
{
  return mgpu::set_symmetric_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                               values_first2, keys_result, values_result, ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Counts written to memory: set operations that never wait
// ---------------------------------------------------------------------------
/// \name Counts written to memory: set operations that never wait
/// Every overload above, with a policy or without, has a form that takes
/// `mgpu::count_to(it)` as its last argument (after `comp` and
/// `mgpu::unique_keys` where given). Such a form writes the number of outputs
/// (for the `_by_key` forms, of keys) to `*it`, converted to its value type,
/// instead of returning the end of the output, and returns nothing. It writes
/// exactly that many outputs; `result` still needs room for the largest
/// possible output. On the CUDA backend the last tile writes the count on the
/// policy's stream once its look-back knows it: no copy to the host, no wait,
/// and every launch is sized by the input sizes alone, so under
/// `thrust::cuda::par_nosync.on(s)` a call only enqueues work on `s`, can be
/// chained to the next call without a host round trip and can be captured in
/// a CUDA graph (see docs/set_operations.md for the recipe).
///
/// \tparam CountIt the iterator given to `mgpu::count_to`: `*it` is writable on the policy's backend (device memory,
///   or memory the device can access, for a CUDA policy), and the count is converted to its value type. Without a
///   policy, it takes part in picking the system, as the other iterators do.
/// \param count `mgpu::count_to(it)`, the last argument: `*it` receives the number of outputs (of keys for the
///   `_by_key` forms). The other template parameters and parameters are those of the form that returns an end.
///
/// \pre As for the form that returns an end; `*it` is writable on the policy's
///   backend (device memory, or memory the device can access, for a CUDA
///   policy) and overlaps no input or output. Violated preconditions give
///   unspecified output and an unspecified count, memory-safe as always, and
///   the count never exceeds the largest valid result.
/// \par Synchronization: none to learn the count. `thrust::device` and
///   `thrust::cuda::par` still wait for the stream at the end, as every
///   Thrust algorithm does under them; `par_nosync` does not. In checked
///   builds (`MGPU_CHECK_PRECONDITIONS`) the precondition check reads its
///   verdict back first, a synchronization of checked builds only: a failed
///   check throws `std::invalid_argument` having written neither outputs nor
///   the count, and such a call cannot be captured in a graph.
///
/// \code
/// thrust::device_vector<long long> count(1);
/// mgpu::set_union(thrust::cuda::par_nosync.on(stream), a.begin(), a.end(), b.begin(), b.end(), out.begin(),
///                 mgpu::count_to(count.begin()));
/// // count[0] holds the size of the union once `stream` gets there.
/// \endcode
///@{

/// \brief `set_intersection` writing its output count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_intersection`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_intersection`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                              InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                              count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::intersection, key_multiplicity::duplicates>(exec, first1, last1, first2, last2,
                                                                               result, comp, count,
                                                                               "mgpu::set_intersection");
}

/// \brief `set_intersection` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_intersection`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_intersection`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                              InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                              unique_keys_t, count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::intersection, key_multiplicity::unique>(exec, first1, last1, first2, last2, result,
                                                                           comp, count, "mgpu::set_intersection");
}

/// \brief `set_intersection` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_intersection`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result as for the general `set_intersection`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class CountIt>
MGPU_HD void set_intersection(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                              InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                              count_to_t<CountIt> count)
{
  mgpu::set_intersection(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_union` writing its output count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_union`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_union`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                       InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                       count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::union_, key_multiplicity::duplicates>(exec, first1, last1, first2, last2, result,
                                                                         comp, count, "mgpu::set_union");
}

/// \brief `set_union` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_union`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_union`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                       InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp, unique_keys_t,
                       count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::union_, key_multiplicity::unique>(exec, first1, last1, first2, last2, result, comp,
                                                                     count, "mgpu::set_union");
}

/// \brief `set_union` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_union`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result as for the general `set_union`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class CountIt>
MGPU_HD void set_union(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                       InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, count_to_t<CountIt> count)
{
  mgpu::set_union(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference` writing its output count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_difference`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                            InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                            count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::difference, key_multiplicity::duplicates>(exec, first1, last1, first2, last2, result,
                                                                             comp, count, "mgpu::set_difference");
}

/// \brief `set_difference` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_difference`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                            InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                            unique_keys_t, count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::difference, key_multiplicity::unique>(exec, first1, last1, first2, last2, result,
                                                                         comp, count, "mgpu::set_difference");
}

/// \brief `set_difference` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result as for the general `set_difference`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class CountIt>
MGPU_HD void set_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                            InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, count_to_t<CountIt> count)
{
  mgpu::set_difference(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_symmetric_difference` writing its output count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_symmetric_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_symmetric_difference`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                      InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                                      count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::symmetric_difference, key_multiplicity::duplicates>(
    exec, first1, last1, first2, last2, result, comp, count, "mgpu::set_symmetric_difference");
}

/// \brief `set_symmetric_difference` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt, Compare as for the general `set_symmetric_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result, comp as for the general `set_symmetric_difference`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt>
MGPU_HD void set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                      InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                                      unique_keys_t, count_to_t<CountIt> count)
{
  detail::set_keys<detail::set_op::symmetric_difference, key_multiplicity::unique>(exec, first1, last1, first2, last2,
                                                                                   result, comp, count,
                                                                                   "mgpu::set_symmetric_difference");
}

/// \brief `set_symmetric_difference` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam InputIt1, InputIt2, OutputIt as for the general `set_symmetric_difference`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, first1, last1, first2, last2, result as for the general `set_symmetric_difference`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of outputs.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class InputIt1, class InputIt2, class OutputIt, class CountIt>
MGPU_HD void set_symmetric_difference(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, InputIt1 first1,
                                      InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                                      count_to_t<CountIt> count)
{
  mgpu::set_symmetric_difference(exec, first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_intersection_by_key` writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_intersection_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_intersection_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          class CountIt>
MGPU_HD void set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                     KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp,
                                     count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::intersection, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, count, "mgpu::set_intersection_by_key");
}

/// \brief `set_intersection_by_key` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_intersection_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_intersection_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          class CountIt>
MGPU_HD void set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                     KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp,
                                     unique_keys_t, count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::intersection, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, count, "mgpu::set_intersection_by_key");
}

/// \brief `set_intersection_by_key` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_intersection_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_intersection_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class CountIt>
MGPU_HD void set_intersection_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                     KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, KeyOut keys_result, ValOut values_result,
                                     count_to_t<CountIt> count)
{
  mgpu::set_intersection_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!detail::is_iterator_v<Compare>, int> = 0>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   KeyOut keys_result, ValOut values_result, Compare comp, count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::difference, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, count, "mgpu::set_difference_by_key");
}

/// \brief `set_difference_by_key` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare,
          class CountIt>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t,
                                   count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::difference, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, detail::no_values{}, keys_result,
    values_result, comp, count, "mgpu::set_difference_by_key");
}

/// \brief `set_difference_by_key` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_difference_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class CountIt>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                              values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` with Thrust's parameter list (the second
/// range's values are never read), writing its output count to
/// `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt, std::enable_if_t<!std::is_same_v<Compare, unique_keys_t>, int> = 0>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   ValIt2, KeyOut keys_result, ValOut values_result, Compare comp,
                                   count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                              values_result, comp, count);
}

/// \brief `set_difference_by_key` with Thrust's parameter list, ordered by
/// `::cuda::std::less<>`, writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result as for the
///   general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class CountIt, std::enable_if_t<detail::is_iterator_v<ValOut>, int> = 0>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   ValIt2, KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                              values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` with Thrust's parameter list, for ranges
/// without equivalent keys, writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, KeyOut, ValOut, Compare as for the general `set_difference_by_key`.
/// \tparam ValIt2 the type of `values_first2`, which is never read.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp as
///   for the general `set_difference_by_key`.
/// \note The `ValIt2` parameter takes Thrust's `values_first2`, the second range's values; it is never read.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt>
MGPU_HD void set_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                                   KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                                   ValIt2, KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t,
                                   count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                              values_result, comp, unique_keys, count);
}

/// \brief `set_union_by_key` writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general `set_union_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_union_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt>
MGPU_HD void set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                              KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                              ValIt2 values_first2, KeyOut keys_result, ValOut values_result, Compare comp,
                              count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::union_, key_multiplicity::duplicates>(exec, keys_first1, keys_last1, keys_first2,
                                                                          keys_last2, values_first1, values_first2,
                                                                          keys_result, values_result, comp, count,
                                                                          "mgpu::set_union_by_key");
}

/// \brief `set_union_by_key` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general `set_union_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_union_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt>
MGPU_HD void set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                              KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                              ValIt2 values_first2, KeyOut keys_result, ValOut values_result, Compare comp,
                              unique_keys_t, count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::union_, key_multiplicity::unique>(exec, keys_first1, keys_last1, keys_first2,
                                                                      keys_last2, values_first1, values_first2,
                                                                      keys_result, values_result, comp, count,
                                                                      "mgpu::set_union_by_key");
}

/// \brief `set_union_by_key` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut as for the general `set_union_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result as for the general `set_union_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class CountIt>
MGPU_HD void set_union_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, KeyIt1 keys_first1,
                              KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2, ValIt1 values_first1,
                              ValIt2 values_first2, KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_union_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                         keys_result, values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_symmetric_difference_by_key` writing its output count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general
///   `set_symmetric_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_symmetric_difference_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt>
MGPU_HD void set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                             KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                             KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                             KeyOut keys_result, ValOut values_result, Compare comp,
                                             count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::symmetric_difference, key_multiplicity::duplicates>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result, values_result,
    comp, count, "mgpu::set_symmetric_difference_by_key");
}

/// \brief `set_symmetric_difference_by_key` for ranges without equivalent keys, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut, Compare as for the general
///   `set_symmetric_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result, comp as for the general `set_symmetric_difference_by_key`.
/// \note The `unique_keys_t` parameter takes `mgpu::unique_keys`: the caller's promise that neither range holds two
///   equivalent keys.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare, class CountIt>
MGPU_HD void set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                             KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                             KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                             KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t,
                                             count_to_t<CountIt> count)
{
  detail::set_pairs<detail::set_op::symmetric_difference, key_multiplicity::unique>(
    exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result, values_result,
    comp, count, "mgpu::set_symmetric_difference_by_key");
}

/// \brief `set_symmetric_difference_by_key` ordered by `::cuda::std::less<>`, writing its output
/// count to `*count.iterator`.
///
/// \tparam KeyIt1, KeyIt2, ValIt1, ValIt2, KeyOut, ValOut as for the general `set_symmetric_difference_by_key`.
/// \tparam CountIt the iterator given to `mgpu::count_to`; see "Counts written to memory".
/// \param exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
///   values_result as for the general `set_symmetric_difference_by_key`.
/// \param count `mgpu::count_to(it)`: `*it` receives the number of output keys.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class CountIt>
MGPU_HD void set_symmetric_difference_by_key(const thrust::detail::execution_policy_base<DerivedPolicy>& exec,
                                             KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2,
                                             KeyIt2 keys_last2, ValIt1 values_first1, ValIt2 values_first2,
                                             KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_symmetric_difference_by_key(exec, keys_first1, keys_last1, keys_first2, keys_last2, values_first1,
                                        values_first2, keys_result, values_result, ::cuda::std::less<>{}, count);
}

// Without a policy: the system comes from the iterators (the count's among
// them), as in Thrust.

/// \brief `set_intersection` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                      count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_intersection(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp,
                         count);
}

/// \brief `set_intersection` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                      unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_intersection(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp,
                         unique_keys, count);
}

/// \brief `set_intersection` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class InputIt1, class InputIt2, class OutputIt, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_intersection(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                      count_to_t<CountIt> count)
{
  mgpu::set_intersection(first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_union` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
               count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_union(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp, count);
}

/// \brief `set_union` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
               unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_union(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp,
                  unique_keys, count);
}

/// \brief `set_union` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class InputIt1, class InputIt2, class OutputIt, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_union(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
               count_to_t<CountIt> count)
{
  mgpu::set_union(first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                    count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_difference(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp,
                       count);
}

/// \brief `set_difference` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result, Compare comp,
                    unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_difference(select_system(system1, system2, system3, system4), first1, last1, first2, last2, result, comp,
                       unique_keys, count);
}

/// \brief `set_difference` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class InputIt1, class InputIt2, class OutputIt, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                    count_to_t<CountIt> count)
{
  mgpu::set_difference(first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_symmetric_difference` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                              Compare comp, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_symmetric_difference(select_system(system1, system2, system3, system4), first1, last1, first2, last2,
                                 result, comp, count);
}

/// \brief `set_symmetric_difference` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class InputIt1, class InputIt2, class OutputIt, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                              Compare comp, unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<InputIt1>::type system1;
  typename thrust::iterator_system<InputIt2>::type system2;
  typename thrust::iterator_system<OutputIt>::type system3;
  typename thrust::iterator_system<CountIt>::type system4;
  mgpu::set_symmetric_difference(select_system(system1, system2, system3, system4), first1, last1, first2, last2,
                                 result, comp, unique_keys, count);
}

/// \brief `set_symmetric_difference` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class InputIt1, class InputIt2, class OutputIt, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<InputIt1>, int> = 0>
void set_symmetric_difference(InputIt1 first1, InputIt1 last1, InputIt2 first2, InputIt2 last2, OutputIt result,
                              count_to_t<CountIt> count)
{
  mgpu::set_symmetric_difference(first1, last1, first2, last2, result, ::cuda::std::less<>{}, count);
}

/// \brief `set_intersection_by_key` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                             ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp,
                             count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  typename thrust::iterator_system<CountIt>::type system6;
  mgpu::set_intersection_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                                keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp,
                                count);
}

/// \brief `set_intersection_by_key` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                             ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp,
                             unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  typename thrust::iterator_system<CountIt>::type system6;
  mgpu::set_intersection_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                                keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp,
                                unique_keys, count);
}

/// \brief `set_intersection_by_key` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_intersection_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                             ValIt1 values_first1, KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_intersection_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                                values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && !detail::is_iterator_v<Compare>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp,
                           count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  typename thrust::iterator_system<CountIt>::type system6;
  mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                              keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp,
                              count);
}

/// \brief `set_difference_by_key` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class Compare, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, KeyOut keys_result, ValOut values_result, Compare comp, unique_keys_t,
                           count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<KeyOut>::type system4;
  typename thrust::iterator_system<ValOut>::type system5;
  typename thrust::iterator_system<CountIt>::type system6;
  mgpu::set_difference_by_key(select_system(system1, system2, system3, system4, system5, system6), keys_first1,
                              keys_last1, keys_first2, keys_last2, values_first1, keys_result, values_result, comp,
                              unique_keys, count);
}

/// \brief `set_difference_by_key` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class KeyIt1, class KeyIt2, class ValIt1, class KeyOut, class ValOut, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, KeyOut keys_result, ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, keys_result,
                              values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list, writing its output count to `*count.iterator`: the iterators (the
/// unread `values_first2` and the count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && !std::is_same_v<Compare, unique_keys_t>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                           Compare comp, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_difference_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2, keys_last2,
                              values_first1, values_first2, keys_result, values_result, comp, count);
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list, ordered by `::cuda::std::less<>`, writing its output count to
/// `*count.iterator`.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1> && detail::is_iterator_v<ValOut>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                           count_to_t<CountIt> count)
{
  mgpu::set_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                              keys_result, values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_difference_by_key` without a policy, with Thrust's parameter
/// list, for ranges without equivalent keys, writing its output count to
/// `*count.iterator`: the iterators (the unread `values_first2` and the
/// count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                           ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                           Compare comp, unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_difference_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2, keys_last2,
                              values_first1, values_first2, keys_result, values_result, comp, unique_keys, count);
}

/// \brief `set_union_by_key` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                      ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                      Compare comp, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_union_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2, keys_last2,
                         values_first1, values_first2, keys_result, values_result, comp, count);
}

/// \brief `set_union_by_key` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                      ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                      Compare comp, unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_union_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2, keys_last2,
                         values_first1, values_first2, keys_result, values_result, comp, unique_keys, count);
}

/// \brief `set_union_by_key` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_union_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                      ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result, ValOut values_result,
                      count_to_t<CountIt> count)
{
  mgpu::set_union_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2, keys_result,
                         values_result, ::cuda::std::less<>{}, count);
}

/// \brief `set_symmetric_difference_by_key` without a policy, writing its output count to
/// `*count.iterator`: the iterators (the count's too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                     ValOut values_result, Compare comp, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_symmetric_difference_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2,
                                        keys_last2, values_first1, values_first2, keys_result, values_result, comp,
                                        count);
}

/// \brief `set_symmetric_difference_by_key` without a policy, for ranges without equivalent keys,
/// writing its output count to `*count.iterator`: the iterators (the count's
/// too) pick the system.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare,
          class CountIt, std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                     ValOut values_result, Compare comp, unique_keys_t, count_to_t<CountIt> count)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<KeyIt1>::type system1;
  typename thrust::iterator_system<KeyIt2>::type system2;
  typename thrust::iterator_system<ValIt1>::type system3;
  typename thrust::iterator_system<ValIt2>::type system4;
  typename thrust::iterator_system<KeyOut>::type system5;
  typename thrust::iterator_system<ValOut>::type system6;
  typename thrust::iterator_system<CountIt>::type system7;
  auto data_system = select_system(system1, system2, system3, system4, system5, system6);
  mgpu::set_symmetric_difference_by_key(select_system(data_system, system7), keys_first1, keys_last1, keys_first2,
                                        keys_last2, values_first1, values_first2, keys_result, values_result, comp,
                                        unique_keys, count);
}

/// \brief `set_symmetric_difference_by_key` without a policy, ordered by `::cuda::std::less<>`,
/// writing its output count to `*count.iterator`.
template <class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut, class CountIt,
          std::enable_if_t<!thrust::is_execution_policy_v<KeyIt1>, int> = 0>
void set_symmetric_difference_by_key(KeyIt1 keys_first1, KeyIt1 keys_last1, KeyIt2 keys_first2, KeyIt2 keys_last2,
                                     ValIt1 values_first1, ValIt2 values_first2, KeyOut keys_result,
                                     ValOut values_result, count_to_t<CountIt> count)
{
  mgpu::set_symmetric_difference_by_key(keys_first1, keys_last1, keys_first2, keys_last2, values_first1, values_first2,
                                        keys_result, values_result, ::cuda::std::less<>{}, count);
}

///@}

} // namespace mgpu
