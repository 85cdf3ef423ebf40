// Writing a tile's items to a contiguous result 16 bytes per store (and
// reading contiguous inputs 16 bytes per load).
//
// An operation may declare `stores_at_item` (load_balance_ops.h): its store_item(i, s, rank, data,
// value) is result[i] = item_output(s, data). When `result` is contiguous
// (a raw pointer or a device_vector iterator) to 4- or 8-byte arithmetic
// values, the tile writes its outputs as aligned 16-byte vectors: a quarter
// (or half) of the store instructions, address computations and range tests
// of one store per item. The result must be aligned to its value type, as
// any valid pointer to it is.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/iterator.h>

#include <thrust/type_traits/is_contiguous_iterator.h>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// Values per 16-byte vector of a contiguous range of 4- or 8-byte
// arithmetic values; 1 for any other iterator.
template <class It>
MGPU_HD constexpr int contiguous_vector_width()
{
  if constexpr (thrust::is_contiguous_iterator_v<It>)
  {
    using T = value_of<It>;
    if constexpr (std::is_arithmetic_v<T> && (sizeof(T) == 4 || sizeof(T) == 8))
      return int(16 / sizeof(T));
  }
  return 1;
}

// Items per vector store of an operation's result; 1: one store per item.
template <class Op>
MGPU_HD constexpr int store_width()
{
  if constexpr (Op::stores_at_item)
    return contiguous_vector_width<decltype(Op::result)>();
  else
    return 1;
}

template <class T, int Width>
struct alignas(sizeof(T) * Width) vector_of
{
  T lanes[Width];
};

// How many items, from `first`, come before the first 16-byte boundary.
template <class T>
__device__ MGPU_FORCEINLINE int items_before_alignment(const T* first)
{
  const auto misalignment = static_cast<int>(reinterpret_cast<std::uintptr_t>(first) % 16);
  return misalignment == 0 ? 0 : (16 - misalignment) / static_cast<int>(sizeof(T));
}

} // namespace mgpu::detail::cuda
