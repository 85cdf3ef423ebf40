// Loading a tile's two input slices into shared memory, striped across the
// CTA (thread t takes elements t, t + threads, ...), so every warp's reads
// coalesce.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/type_traits/is_contiguous_iterator.h>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cuda_pipeline_primitives.h>

#include <type_traits>

namespace mgpu::detail::cuda {

// Slices behind raw pointers (or device_vector iterators) to naturally
// aligned 4-, 8- or 16-byte elements are copied with cp.async: the data
// never passes through registers and no shared store is issued. That frees
// the registers that would hold a whole tile's loads in flight, and removes
// an address select and a store per element from kernels bound by issued
// instructions. Anything else (fancy iterators, converting loads) is loaded
// into registers, then stored.
template <class It, class T>
inline constexpr bool async_copyable_v =
  thrust::is_contiguous_iterator_v<It> && std::is_same_v<value_of<It>, T> && std::is_trivially_copyable_v<T>
  && (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16) && alignof(T) == sizeof(T);

// Calls f(i, j) for each of the thread's striped elements j = tid + i * NT
// in [0, count), Rows * NT >= count. Rows past `count` are skipped (the test
// is uniform over the CTA); i is a compile-time row once unrolled, so f may
// index register arrays with it.
template <int NT, int Rows, class F>
__device__ MGPU_FORCEINLINE void for_each_striped(int count, F&& f)
{
  const int tid = static_cast<int>(threadIdx.x);
#pragma unroll
  for (int i = 0; i < Rows; ++i)
  {
    if (i * NT >= count)
      break;
    const int j = tid + i * NT;
    if (j < count)
      f(i, j);
  }
}

// Issues the copies of src[0, count) to dst[0, count); Rows * NT >= count.
template <int NT, int Rows, class T>
__device__ MGPU_FORCEINLINE void copy_rows_async(const T* src, int count, T* dst)
{
  for_each_striped<NT, Rows>(count, [&](int, int j) { __pipeline_memcpy_async(dst + j, src + j, sizeof(T)); });
}

// shared[0, a_count) = a[0, a_count) and shared[a_count, a_count + b_count)
// = b[0, b_count), with Rows * NT >= a_count + b_count (and so >= each).
// Copies may still be in flight on return: several tiles' worth can be
// issued before one finish_slice_loads(), which waits for them all. The
// caller then synchronizes the CTA before reading what other threads loaded.
template <int NT, int Rows, class T, class AIt, class BIt>
__device__ MGPU_FORCEINLINE void load_two_slices(AIt a, int a_count, BIt b, int b_count, T* shared)
{
  if constexpr (async_copyable_v<AIt, T> && async_copyable_v<BIt, T>)
  {
    copy_rows_async<NT, Rows>(thrust::unwrap_contiguous_iterator(a), a_count, shared);
    copy_rows_async<NT, Rows>(thrust::unwrap_contiguous_iterator(b), b_count, shared + a_count);
  }
  else
  {
    // All of the thread's loads in flight before its first store.
    const int count = a_count + b_count;
    T items[Rows];
    for_each_striped<NT, Rows>(count, [&](int i, int j) { items[i] = j < a_count ? T(a[j]) : T(b[j - a_count]); });
    for_each_striped<NT, Rows>(count, [&](int i, int j) { shared[j] = items[i]; });
  }
}

// Waits for this thread's copies issued by load_two_slices.
__device__ MGPU_FORCEINLINE void finish_slice_loads()
{
  __pipeline_commit();
  __pipeline_wait_prior(0);
}

} // namespace mgpu::detail::cuda
