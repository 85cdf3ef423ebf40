/// \file
/// \brief Partition searches shared by every mgpu algorithm and backend.
///
/// These are plain `__host__ __device__` functions over random-access
/// iterators, so they serve the CUDA kernels, the sequential host backend and
/// users writing their own two-phase kernels alike.
#pragma once

#include <mgpu/detail/config.h>

namespace mgpu {

/// Which way ties between the two inputs of a merge are broken.
enum class bounds
{
  /// Equivalent elements of the first input (A) come first: `std::merge`.
  lower,
  /// Equivalent elements of the second input (B) come first. The
  /// load-balancing search uses this to place a work item after the offsets
  /// equal to it.
  upper
};

/// \brief Merge Path: how many elements of `a` are among the first `diag`
/// elements of the merge of `a` and `b`.
///
/// Think of the merge as a path through an `a_count` × `b_count` grid that
/// steps right when it takes from A and down when it takes from B. The cross
/// diagonal `diag` (all points with i + j = diag) crosses the path exactly
/// once; the returned `i` is where, and `diag - i` elements of B precede the
/// cut. A binary search over the diagonal finds it in O(log(min(diag,
/// a_count, b_count))) comparisons, independent of the data.
///
/// \pre `a` and `b` sorted by `comp`; `0 <= diag <= a_count + b_count`.
/// \return `i` with `max(0, diag - b_count) <= i <= min(diag, a_count)`.
/// With `bounds::lower` the split agrees with a stable `std::merge` (A wins
/// ties); with `bounds::upper` B wins ties.
///
/// \code
/// int a[] = {1, 3, 5}, b[] = {2, 3, 4};
/// // merge: 1 2 3(a) 3(b) 4 5; the first 3 outputs hold 2 elements of a.
/// auto i = mgpu::merge_path(a, 3, b, 3, 3, cuda::std::less<>{}); // i == 2
/// \endcode
template <bounds Bounds = bounds::lower, class AIt, class BIt, class Size, class Compare>
MGPU_HD MGPU_FORCEINLINE Size merge_path(AIt a, Size a_count, BIt b, Size b_count, Size diag, Compare comp)
{
  Size begin = diag > b_count ? diag - b_count : Size(0);
  Size end   = diag < a_count ? diag : a_count;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    // Does a[mid] precede b[diag - 1 - mid] in the merged order?
    const bool a_first = Bounds == bounds::lower ? !comp(b[diag - 1 - mid], a[mid]) : comp(a[mid], b[diag - 1 - mid]);
    if (a_first)
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

/// \brief First position in `[0, count)` whose element is not less than
/// `value` (`std::lower_bound`), as an index.
template <class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size lower_bound_index(It data, Size count, const T& value, Compare comp)
{
  Size begin = 0, end = count;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    if (comp(data[mid], value))
      begin = mid + 1;
    else
      end = mid;
  }
  return begin;
}

/// \brief First position in `[0, count)` whose element is greater than
/// `value` (`std::upper_bound`), as an index.
template <class It, class Size, class T, class Compare>
MGPU_HD MGPU_FORCEINLINE Size upper_bound_index(It data, Size count, const T& value, Compare comp)
{
  Size begin = 0, end = count;
  while (begin < end)
  {
    const Size mid = begin + (end - begin) / 2;
    if (comp(value, data[mid]))
      end = mid;
    else
      begin = mid + 1;
  }
  return begin;
}

} // namespace mgpu
