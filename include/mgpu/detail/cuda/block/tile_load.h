// Loading a tile's two input slices into shared memory: on sm_90 by bulk
// copy where the slices are contiguous, otherwise striped across the CTA
// (thread t takes elements t, t + threads, ...), so every warp's reads
// coalesce.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/type_traits/is_contiguous_iterator.h>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cuda/ptx>
#include <cuda_pipeline_primitives.h>
#include <nv/target>

#include <cstdint>
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

// Where a tile's two slices lie in shared memory: A's first element at
// `a_shift` elements into the buffer, B's `b_offset` elements after A's
// first. The bulk copies need each slice's aligned 16-byte blocks to land
// on 16-byte blocks of shared memory, so each slice starts at the buffer's
// address congruent to its source modulo 16; that takes up to
// slice_slack_v<T> elements before A's slice and as many between the two.
struct two_slice_layout
{
  int a_shift;
  int b_offset;
};

inline constexpr int bulk_copy_alignment = 16;

template <class T>
inline constexpr int slice_slack_v = sizeof(T) < bulk_copy_alignment ? bulk_copy_alignment / int(sizeof(T)) - 1 : 0;

// The bulk copy engine (sm_90's tensor memory accelerator, cp.async.bulk)
// moves a slice with one instruction of one thread instead of one copy per
// element, which took a large share of the set tiles' issued instructions.
template <class AIt, class BIt, class T>
inline constexpr bool bulk_copyable_v = async_copyable_v<AIt, T> && async_copyable_v<BIt, T>
                                        && bulk_copy_alignment % sizeof(T) == 0;

template <class T, class AIt, class BIt>
__device__ MGPU_FORCEINLINE two_slice_layout place_two_slices(AIt a, int a_count, BIt b, const T* shared)
{
  if constexpr (bulk_copyable_v<AIt, BIt, T>)
  {
    // Elements (of T) from `to` forward to the next address congruent to
    // `from` modulo 16.
    auto elements_to_congruent = [](const void* from, const void* to) {
      const auto gap = (reinterpret_cast<std::uintptr_t>(from) - reinterpret_cast<std::uintptr_t>(to))
                     % bulk_copy_alignment;
      return static_cast<int>(gap / sizeof(T));
    };
    const T* a_src    = thrust::unwrap_contiguous_iterator(a);
    const T* b_src    = thrust::unwrap_contiguous_iterator(b);
    const int a_shift = elements_to_congruent(a_src, shared);
    const T* a_end    = shared + a_shift + a_count;
    return {a_shift, a_count + elements_to_congruent(b_src, a_end)};
  }
  else
    return {0, a_count};
}

// Where a slice's whole 16-byte blocks are, in elements from its first:
// [head, blocks_end), empty (head == blocks_end) for a slice too short for
// one; the elements before head and from blocks_end on are its edges.
struct slice_blocks
{
  int head;
  int blocks_end;
};

template <class T>
__device__ MGPU_FORCEINLINE slice_blocks blocks_of_slice(const T* src, int count)
{
  constexpr int per_block = bulk_copy_alignment / int(sizeof(T));
  constexpr auto mask     = std::uintptr_t(bulk_copy_alignment - 1);
  const int to_boundary   = static_cast<int>(((0 - reinterpret_cast<std::uintptr_t>(src)) & mask) / sizeof(T));
  if (to_boundary >= count)
    return {count, count};
  return {to_boundary, to_boundary + (count - to_boundary) / per_block * per_block};
}

// One slice by bulk copy: the calling thread issues the copy of the slice's
// whole 16-byte blocks and returns their bytes, for the barrier to expect.
template <class T>
__device__ MGPU_FORCEINLINE std::uint32_t bulk_copy_blocks(const T* src, int count, T* dst, std::uint64_t* barrier)
{
  const slice_blocks blocks = blocks_of_slice(src, count);
  if (blocks.blocks_end == blocks.head)
    return 0;
  const auto bytes = static_cast<std::uint32_t>((blocks.blocks_end - blocks.head) * sizeof(T));
  ::cuda::ptx::cp_async_bulk(::cuda::ptx::space_cluster, ::cuda::ptx::space_global, dst + blocks.head,
                             src + blocks.head, bytes, barrier);
  return bytes;
}

// The elements of a slice outside its whole 16-byte blocks: up to
// slice_slack_v<T> before the first block and as many after the last (all
// of a slice too short for a block), one per lane in [0, 2 * slack).
template <class T>
__device__ MGPU_FORCEINLINE void copy_slice_edges(const T* src, int count, T* dst, int lane)
{
  constexpr int slack       = slice_slack_v<T>;
  const slice_blocks blocks = blocks_of_slice(src, count);
  const int j = lane < slack ? (lane < blocks.head ? lane : -1)
                             : (blocks.blocks_end + lane - slack < count ? blocks.blocks_end + lane - slack : -1);
  if (j >= 0)
    dst[j] = src[j];
}

// The bulk-copy load: thread 0 sets up the barrier and issues both slices'
// copies, the second warp copies the edges, and every thread waits for the
// copies once the CTA has synchronized (which also publishes the barrier's
// initialization and the edges).
template <int NT, class T>
__device__ MGPU_FORCEINLINE void bulk_load_two_slices(const T* a, int a_count, const T* b, int b_count, T* a_dst,
                                                      T* b_dst, std::uint64_t* barrier)
{
  constexpr int slack = slice_slack_v<T>;
  static_assert(NT >= 32 + 4 * slack, "the second warp copies the edges");
  const int tid = static_cast<int>(threadIdx.x);
  if (tid == 0)
  {
    ::cuda::ptx::mbarrier_init(barrier, 1);
    // The copy engine must see the barrier initialized.
    ::cuda::ptx::fence_proxy_async(::cuda::ptx::space_shared);
    const std::uint32_t bytes = bulk_copy_blocks(a, a_count, a_dst, barrier) + bulk_copy_blocks(b, b_count, b_dst, barrier);
    ::cuda::ptx::mbarrier_arrive_expect_tx(::cuda::ptx::sem_release, ::cuda::ptx::scope_cta,
                                           ::cuda::ptx::space_shared, barrier, bytes);
  }
  const int edge_lane = tid - 32;
  if (edge_lane >= 0 && edge_lane < 2 * slack)
    copy_slice_edges(a, a_count, a_dst, edge_lane);
  else if (edge_lane >= 2 * slack && edge_lane < 4 * slack)
    copy_slice_edges(b, b_count, b_dst, edge_lane - 2 * slack);
  __syncthreads();
  while (!::cuda::ptx::mbarrier_try_wait_parity(barrier, 0))
    ;
}

// Asks the L2 to fetch a later tile's two slices (their whole 16-byte
// blocks) while this tile works: the bulk copies that tile issues when it
// starts then read from the L2 instead of waiting on DRAM. Only where the
// tile itself would bulk-copy them; elsewhere nothing.
template <class T, class AIt, class BIt>
__device__ MGPU_FORCEINLINE void prefetch_two_slices_l2(AIt a, int a_count, BIt b, int b_count)
{
  if constexpr (bulk_copyable_v<AIt, BIt, T>)
  {
    NV_IF_TARGET(NV_PROVIDES_SM_90, (
      auto prefetch = [](const T* src, int count) {
        const slice_blocks blocks = blocks_of_slice(src, count);
        if (blocks.blocks_end == blocks.head)
          return;
        const auto bytes = static_cast<std::uint32_t>((blocks.blocks_end - blocks.head) * sizeof(T));
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src + blocks.head), "r"(bytes) : "memory");
      };
      prefetch(thrust::unwrap_contiguous_iterator(a), a_count);
      prefetch(thrust::unwrap_contiguous_iterator(b), b_count);))
  }
  (void) a, (void) a_count, (void) b, (void) b_count;
}

// Copies a[0, a_count) to shared + layout.a_shift and b[0, b_count) to
// shared + layout.a_shift + layout.b_offset (a layout from place_two_slices),
// then synchronizes the CTA: on return every thread sees both slices.
// Rows * NT >= a_count + b_count. `barrier` is a shared word for the bulk
// copies' completion, used once per kernel.
template <int NT, int Rows, class T, class AIt, class BIt>
__device__ MGPU_FORCEINLINE void load_two_slices(AIt a, int a_count, BIt b, int b_count, T* shared,
                                                 two_slice_layout layout, std::uint64_t* barrier)
{
  T* a_dst = shared + layout.a_shift;
  T* b_dst = a_dst + layout.b_offset;
  if constexpr (async_copyable_v<AIt, T> && async_copyable_v<BIt, T>)
  {
    const T* a_src = thrust::unwrap_contiguous_iterator(a);
    const T* b_src = thrust::unwrap_contiguous_iterator(b);
    if constexpr (bulk_copyable_v<AIt, BIt, T>)
    {
      NV_IF_TARGET(NV_PROVIDES_SM_90, (bulk_load_two_slices<NT>(a_src, a_count, b_src, b_count, a_dst, b_dst, barrier);
                                       return;))
    }
    copy_rows_async<NT, Rows>(a_src, a_count, a_dst);
    copy_rows_async<NT, Rows>(b_src, b_count, b_dst);
    __pipeline_commit();
    __pipeline_wait_prior(0);
  }
  else
  {
    // All of the thread's loads in flight before its first store.
    T items[Rows];
    for_each_striped<NT, Rows>(a_count + b_count, [&](int i, int j) {
      items[i] = j < a_count ? T(a[j]) : T(b[j - a_count]);
    });
    for_each_striped<NT, Rows>(a_count + b_count, [&](int i, int j) {
      if (j < a_count)
        a_dst[j] = items[i];
      else
        b_dst[j - a_count] = items[i];
    });
  }
  __syncthreads();
  (void) barrier;
}

} // namespace mgpu::detail::cuda
