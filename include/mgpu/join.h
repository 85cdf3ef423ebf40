/// \file
/// \brief Relational joins of two sorted key ranges, by row index: inner,
/// left, right and full outer joins, `join_size` to size their outputs, and
/// semi and anti joins.
///
/// Rows of A and B whose keys are equivalent under `comp` (neither ordered
/// before the other) match every way: a key with p copies in A and q in B
/// gives p x q rows. A row is a pair (index into A, index into B), written
/// to two outputs of signed integers; an outer join writes `-1` for the side
/// an unmatched row lacks. Rows come in key order; within a key, matched
/// rows in (A index, B index) order; an outer join's unmatched rows stand at
/// their key's place, in index order.
///
/// The CUDA backend joins by expansion (see docs/sorted_search_and_joins.md):
/// sorted searches find the run of each A key in B, a scan of the runs'
/// lengths places every row, and the load-balancing engine writes the rows
/// with one work item each, so one key with a million matches is spread over
/// the device as evenly as a million keys with one. Through a policy without
/// an allocator of the caller's (`thrust::device`, where each temporary
/// allocation is a `cudaMalloc`), inner and left joins instead search twice
/// and have each search tile write its own rows, with a few words of scratch
/// per tile rather than 8 bytes per row of A (inputs of up to 2^31 keys in
/// all); a tile of more than 2^15 rows sends them back to the expansion.
/// Host policies walk the two ranges key run by key run.
///
/// \par Preconditions (all functions): both ranges sorted by `comp`, a strict
///   weak ordering. Arithmetic key types compare in their common type; other
///   B keys are compared as A's value type; `comp` sees two values of that
///   type only. Outputs overlap no input.
///   Violated (unsorted input), the rows are unspecified but memory-safe:
///   only the given ranges are read, `join` writes exactly as many rows as
///   `join_size` returns for the same data and kind (on the CUDA backend, no
///   rows at all where unsorted data left the searches' answers inconsistent)
///   and `semi_join`/`anti_join` at most `a_last - a_first`; no kernel faults
///   and the CUDA context keeps working. Checked builds
///   (`MGPU_CHECK_PRECONDITIONS`) throw `std::invalid_argument` naming the
///   range and its first unsorted position, before writing anything.
/// \par Synchronization (all functions): each reads one count back to the
///   host on the policy's stream and waits for it, under every policy
///   including `par_nosync` (the result depends on the data); `join` also
///   synchronizes at its end except under `par_nosync`.
/// \par Complexity: O(n + m + rows) work; A and B are read a few times each
///   (`join_size` merges the two ranges once, twice for right and full
///   outer joins; `join` twice, for inner and left joins once with the
///   caller's allocator), every row written once, load-balanced.
///
/// From device code, each overload that takes a policy runs sequentially in
/// the calling thread, whatever the policy, unsynchronized and unchecked
/// (docs/usage.md, "Calls from device code").
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/join.inl>

#include <cuda/std/functional>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/pair.h>
#include <thrust/system/detail/generic/select_system.h>
#include <thrust/type_traits/is_execution_policy.h>

#include <type_traits>

namespace mgpu {

/// Which unmatched rows a join keeps besides the matched pairs.
enum class join_kind
{
  /// Matched pairs only.
  inner,
  /// Also every row of A without a match, as (a, -1).
  left_outer,
  /// Also every row of B without a match, as (-1, b).
  right_outer,
  /// Both: every unmatched row of A and of B.
  full_outer
};

namespace detail {

MGPU_HD constexpr bool keeps_unmatched_a(join_kind kind)
{
  return kind == join_kind::left_outer || kind == join_kind::full_outer;
}
MGPU_HD constexpr bool keeps_unmatched_b(join_kind kind)
{
  return kind == join_kind::right_outer || kind == join_kind::full_outer;
}

} // namespace detail

/// \brief How many rows `join` writes for the same ranges and kind: the
/// matched pairs (the sum over keys of p x q) plus, for outer joins, the
/// unmatched rows they keep.
///
/// \tparam AIt, BIt random-access iterators over the keys of A and of B, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam Compare a strict weak ordering, callable on the device for the CUDA backend, called with two values
///   (or const references to them) of the key type (the common type of arithmetic keys, otherwise A's value
///   type), as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param a_first, a_last the sorted keys of A, one per row, `n = a_last - a_first` rows.
/// \param b_first, b_last the sorted keys of B, one per row, `m = b_last - b_first` rows.
/// \param kind the join whose rows are counted: `join_kind::inner`, `left_outer`, `right_outer` or
///   `full_outer`.
/// \param comp the order both ranges are sorted by; keys equivalent under it match.
///
/// \pre As in the file's description.
/// \par Synchronization: reads the count back (waits for it) on every policy.
/// \return The row count, as A's difference type.
///
/// \code
/// auto rows = mgpu::join_size(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
///                             mgpu::join_kind::inner);
/// thrust::device_vector<int> a_index(rows), b_index(rows);
/// mgpu::join(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
///            a_index.begin(), b_index.begin(), mgpu::join_kind::inner);
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class Compare>
MGPU_HD typename thrust::iterator_traits<AIt>::difference_type
join_size(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last, BIt b_first,
          BIt b_last, join_kind kind, Compare comp)
{
  using size_type = typename thrust::iterator_traits<AIt>::difference_type;
  return static_cast<size_type>(detail::join_size(detail::derived_policy(exec), a_first, a_last, b_first, b_last,
                                                  detail::keeps_unmatched_a(kind), detail::keeps_unmatched_b(kind),
                                                  comp, "mgpu::join_size"));
}

/// \brief `join_size` ordered by `::cuda::std::less<>`.
///
/// \tparam AIt, BIt as for the form with `comp`; the key type is ordered by `::cuda::std::less<>`, that is by
///   its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, a_first, a_last, b_first, b_last, kind as for the form with `comp`; both ranges are sorted
///   ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt>
MGPU_HD typename thrust::iterator_traits<AIt>::difference_type
join_size(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last, BIt b_first,
          BIt b_last, join_kind kind)
{
  return mgpu::join_size(exec, a_first, a_last, b_first, b_last, kind, ::cuda::std::less<>{});
}

/// \brief Writes the rows of the join of the sorted key ranges A and B:
/// row r is (a_indices[r], b_indices[r]).
///
/// \tparam AIt, BIt random-access iterators over the keys of A and of B, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam OutA, OutB random-access output iterators to which signed integer row indices, `-1` included, can
///   be assigned; either may be a `thrust::discard_iterator`.
/// \tparam Compare a strict weak ordering, callable on the device for the CUDA backend, called with two values
///   (or const references to them) of the key type (the common type of arithmetic keys, otherwise A's value
///   type), as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param a_first, a_last the sorted keys of A, one per row, `n = a_last - a_first` rows.
/// \param b_first, b_last the sorted keys of B, one per row, `m = b_last - b_first` rows.
/// \param a_indices receives the A index of every row, `-1` for a row of B without a match.
/// \param b_indices receives the B index of every row, `-1` for a row of A without a match.
/// \param kind which unmatched rows the join keeps besides the matched pairs: `join_kind::inner` (none),
///   `left_outer` (A's), `right_outer` (B's) or `full_outer` (both).
/// \param comp the order both ranges are sorted by; keys equivalent under it match.
///
/// Rows come in key order; within a key, matched rows in (A index, B index)
/// order; an outer join's unmatched rows at their key's place, in index
/// order, with `-1` for the missing side. Either output may be a
/// `thrust::discard_iterator`.
///
/// \pre As in the file's description; both outputs have room for
///   `join_size(...)` rows (with the same ranges, kind and comparator) and
///   hold signed integers.
/// \par Synchronization: reads the row count back on every policy, and
///   synchronizes at the end except under `par_nosync`.
/// \return The ends of the two outputs.
///
/// \code
/// // A keys 1 2 2 4, B keys 2 2 3 4 (indices from 0)
/// mgpu::join(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
///            a_index.begin(), b_index.begin(), mgpu::join_kind::full_outer);
/// // a_index: 0  1 1 2 2 -1  3
/// // b_index: -1 0 1 0 1  2  3
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA, class OutB, class Compare>
MGPU_HD thrust::pair<OutA, OutB> join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first,
                                      AIt a_last, BIt b_first, BIt b_last, OutA a_indices, OutB b_indices,
                                      join_kind kind, Compare comp)
{
  const auto rows =
    detail::join(detail::derived_policy(exec), a_first, a_last, b_first, b_last, a_indices, b_indices,
                 detail::keeps_unmatched_a(kind), detail::keeps_unmatched_b(kind), comp, "mgpu::join");
  return thrust::make_pair(a_indices + rows, b_indices + rows);
}

/// \brief `join` ordered by `::cuda::std::less<>`.
///
/// \tparam AIt, BIt, OutA, OutB as for the form with `comp`; the key type is ordered by `::cuda::std::less<>`,
///   that is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, a_first, a_last, b_first, b_last, a_indices, b_indices, kind as for the form with `comp`; both
///   ranges are sorted ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA, class OutB>
MGPU_HD thrust::pair<OutA, OutB> join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first,
                                      AIt a_last, BIt b_first, BIt b_last, OutA a_indices, OutB b_indices,
                                      join_kind kind)
{
  return mgpu::join(exec, a_first, a_last, b_first, b_last, a_indices, b_indices, kind, ::cuda::std::less<>{});
}

/// \brief Writes, in order, the index of every row of A whose key has a
/// match in B.
///
/// \tparam AIt, BIt random-access iterators over the keys of A and of B, readable by the policy's system: raw
///   pointers, `thrust::device_ptr`, `device_vector`/`host_vector` iterators or Thrust fancy iterators.
/// \tparam OutA a random-access output iterator to which A's row indices (signed integers) can be assigned;
///   it may be a `thrust::discard_iterator`.
/// \tparam Compare a strict weak ordering, callable on the device for the CUDA backend, called with two values
///   (or const references to them) of the key type (the common type of arithmetic keys, otherwise A's value
///   type), as Thrust's comparators are.
/// \param exec the execution policy: `thrust::device`, `thrust::cuda::par.on(stream)`,
///   `thrust::cuda::par_nosync`, a host policy (`thrust::host`, `thrust::seq`, ...). It picks the backend and,
///   on CUDA, the stream and the allocator of the temporary storage.
/// \param a_first, a_last the sorted keys of A, one per row, `n = a_last - a_first` rows.
/// \param b_first, b_last the sorted keys of B, one per row, `m = b_last - b_first` rows.
/// \param a_indices receives, in ascending order, the index of every row of A whose key has a match in B.
/// \param comp the order both ranges are sorted by; keys equivalent under it match.
///
/// \pre As in the file's description; `a_indices` has room for `a_last -
///   a_first` indices (it may be a `thrust::discard_iterator`).
/// \par Synchronization: reads the count back on every policy.
/// \return The end of the output.
///
/// \code
/// // A keys 1 2 2 4, B keys 2 3 4 4
/// auto end = mgpu::semi_join(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_index.begin());
/// // a_index: 1 2 3
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA, class Compare>
MGPU_HD OutA semi_join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last,
                       BIt b_first, BIt b_last, OutA a_indices, Compare comp)
{
  return a_indices + detail::filter_by_match(detail::derived_policy(exec), a_first, a_last, b_first, b_last,
                                             a_indices, true, comp, "mgpu::semi_join");
}

/// \brief `semi_join` ordered by `::cuda::std::less<>`.
///
/// \tparam AIt, BIt, OutA as for the form with `comp`; the key type is ordered by `::cuda::std::less<>`, that
///   is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, a_first, a_last, b_first, b_last, a_indices as for the form with `comp`; both ranges are sorted
///   ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA>
MGPU_HD OutA semi_join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last,
                       BIt b_first, BIt b_last, OutA a_indices)
{
  return mgpu::semi_join(exec, a_first, a_last, b_first, b_last, a_indices, ::cuda::std::less<>{});
}

/// \brief Writes, in order, the index of every row of A whose key has no
/// match in B.
///
/// \tparam AIt, BIt, OutA, Compare as for `semi_join`.
/// \param exec, a_first, a_last, b_first, b_last, comp as for `semi_join`.
/// \param a_indices receives, in ascending order, the index of every row of A whose key has no match in B.
///
/// Everything else is as for `semi_join`.
///
/// \code
/// // A keys 1 2 2 4, B keys 2 3 4 4
/// auto end = mgpu::anti_join(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_index.begin());
/// // a_index: 0
/// \endcode
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA, class Compare>
MGPU_HD OutA anti_join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last,
                       BIt b_first, BIt b_last, OutA a_indices, Compare comp)
{
  return a_indices + detail::filter_by_match(detail::derived_policy(exec), a_first, a_last, b_first, b_last,
                                             a_indices, false, comp, "mgpu::anti_join");
}

/// \brief `anti_join` ordered by `::cuda::std::less<>`.
///
/// \tparam AIt, BIt, OutA as for the form with `comp`; the key type is ordered by `::cuda::std::less<>`, that
///   is by its `operator<`, which is callable on the device for the CUDA backend.
/// \param exec, a_first, a_last, b_first, b_last, a_indices as for the form with `comp`; both ranges are sorted
///   ascending by `operator<`.
MGPU_EXEC_CHECK_DISABLE
template <class DerivedPolicy, class AIt, class BIt, class OutA>
MGPU_HD OutA anti_join(const thrust::detail::execution_policy_base<DerivedPolicy>& exec, AIt a_first, AIt a_last,
                       BIt b_first, BIt b_last, OutA a_indices)
{
  return mgpu::anti_join(exec, a_first, a_last, b_first, b_last, a_indices, ::cuda::std::less<>{});
}

// ---------------------------------------------------------------------------
// Without a policy: the system comes from the iterators, as in Thrust
// ---------------------------------------------------------------------------

/// \brief `join_size` without a policy: the key iterators pick the system,
/// as Thrust's policy-less algorithms do; otherwise the same as the policy
/// form.
template <class AIt, class BIt, class Compare, std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
typename thrust::iterator_traits<AIt>::difference_type
join_size(AIt a_first, AIt a_last, BIt b_first, BIt b_last, join_kind kind, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<AIt>::type system1;
  typename thrust::iterator_system<BIt>::type system2;
  return mgpu::join_size(select_system(system1, system2), a_first, a_last, b_first, b_last, kind, comp);
}

/// \brief `join_size` without a policy, ordered by `::cuda::std::less<>`.
template <class AIt, class BIt, std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
typename thrust::iterator_traits<AIt>::difference_type
join_size(AIt a_first, AIt a_last, BIt b_first, BIt b_last, join_kind kind)
{
  return mgpu::join_size(a_first, a_last, b_first, b_last, kind, ::cuda::std::less<>{});
}

/// \brief `join` without a policy: the key and output iterators pick the
/// system; otherwise the same as the policy form.
template <class AIt, class BIt, class OutA, class OutB, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
thrust::pair<OutA, OutB> join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices, OutB b_indices,
                              join_kind kind, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<AIt>::type system1;
  typename thrust::iterator_system<BIt>::type system2;
  typename thrust::iterator_system<OutA>::type system3;
  typename thrust::iterator_system<OutB>::type system4;
  return mgpu::join(select_system(system1, system2, system3, system4), a_first, a_last, b_first, b_last, a_indices,
                    b_indices, kind, comp);
}

/// \brief `join` without a policy, ordered by `::cuda::std::less<>`.
template <class AIt, class BIt, class OutA, class OutB, std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
thrust::pair<OutA, OutB> join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices, OutB b_indices,
                              join_kind kind)
{
  return mgpu::join(a_first, a_last, b_first, b_last, a_indices, b_indices, kind, ::cuda::std::less<>{});
}

/// \brief `semi_join` without a policy: the key and output iterators pick
/// the system; otherwise the same as the policy form.
template <class AIt, class BIt, class OutA, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
OutA semi_join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<AIt>::type system1;
  typename thrust::iterator_system<BIt>::type system2;
  typename thrust::iterator_system<OutA>::type system3;
  return mgpu::semi_join(select_system(system1, system2, system3), a_first, a_last, b_first, b_last, a_indices, comp);
}

/// \brief `semi_join` without a policy, ordered by `::cuda::std::less<>`.
template <class AIt, class BIt, class OutA, std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
OutA semi_join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices)
{
  return mgpu::semi_join(a_first, a_last, b_first, b_last, a_indices, ::cuda::std::less<>{});
}

/// \brief `anti_join` without a policy: the key and output iterators pick
/// the system; otherwise the same as the policy form.
template <class AIt, class BIt, class OutA, class Compare,
          std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
OutA anti_join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices, Compare comp)
{
  using thrust::system::detail::generic::select_system;
  typename thrust::iterator_system<AIt>::type system1;
  typename thrust::iterator_system<BIt>::type system2;
  typename thrust::iterator_system<OutA>::type system3;
  return mgpu::anti_join(select_system(system1, system2, system3), a_first, a_last, b_first, b_last, a_indices, comp);
}

/// \brief `anti_join` without a policy, ordered by `::cuda::std::less<>`.
template <class AIt, class BIt, class OutA, std::enable_if_t<!thrust::is_execution_policy_v<AIt>, int> = 0>
OutA anti_join(AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_indices)
{
  return mgpu::anti_join(a_first, a_last, b_first, b_last, a_indices, ::cuda::std::less<>{});
}

} // namespace mgpu
