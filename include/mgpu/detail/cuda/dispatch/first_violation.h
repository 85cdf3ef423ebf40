// The CUDA form of a precondition check: one kernel judges every element of
// one or two input sequences against its predecessor and keeps the smallest
// violation code in a pooled verdict word, read back once.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/block/vector_store.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/verdict_word.h>
#include <mgpu/detail/iterator.h>

#include <cub/util_ptx.cuh>
#include <thrust/type_traits/is_contiguous_iterator.h>
#include <thrust/type_traits/unwrap_contiguous_iterator.h>

#include <cuda/std/limits>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// "No violation": larger than every code. Codes are stored as
// `no_code - code`, so the empty result is 0 (what a pooled verdict word
// holds) and the smallest code is the largest stored word (one atomicMax).
inline constexpr long long no_code = ::cuda::std::numeric_limits<long long>::max();

inline constexpr int judge_threads = 256;

// Keys per thread: about 64 bytes of loads in flight, at least one key.
template <class Element>
inline constexpr int judge_items = sizeof(Element) >= 64 ? 1 : (sizeof(Element) <= 4 ? 16 : int(64 / sizeof(Element)));

// Elements per lane per row: a 16-byte vector for contiguous inputs of 4-
// or 8-byte elements (when both inputs are 16-byte aligned), else one.
template <class Element, class It>
inline constexpr int judge_vector_v =
  thrust::is_contiguous_iterator_v<It> && std::is_same_v<value_of<It>, Element>
      && std::is_trivially_copyable_v<Element> && (sizeof(Element) == 4 || sizeof(Element) == 8)
    ? int(16 / sizeof(Element))
    : 1;

// One warp judges 32 * Items consecutive elements, loaded warp-striped in
// vectors of V so every load coalesces; an element's predecessor is the one
// before it in its vector, or the lane before's last (lane 0 takes lane 31's
// of the previous row), read back from memory only for the warp's first
// element or a type that cannot be shuffled.
template <int Items, int V, class Element, class It, class Judge>
__device__ long long judge_warp_span(int sequence, It keys, long long count, long long span_begin,
                                     const Judge& judge)
{
  constexpr int rows_per_span = Items / V;
  const int lane              = static_cast<int>(threadIdx.x % 32);
  long long first_code        = no_code;
  Element rows[rows_per_span][V];
#pragma unroll
  for (int k = 0; k < rows_per_span; ++k)
  {
    const long long j = span_begin + (k * 32LL + lane) * V;
    if constexpr (V > 1)
    {
      if (j + V <= count)
      {
        const auto vector = *reinterpret_cast<const vector_of<Element, V>*>(keys + j);
#pragma unroll
        for (int v = 0; v < V; ++v)
          rows[k][v] = vector.lanes[v];
        continue;
      }
    }
#pragma unroll
    for (int v = 0; v < V; ++v)
      if (j + v < count)
        rows[k][v] = as_key<Element>(keys[j + v]);
  }
  auto judge_element = [&](long long j, const Element& previous, const Element& current) {
    if (judge.suspect(j, previous, current))
    {
      const long long code = judge(sequence, j, previous, current);
      first_code           = code < first_code ? code : first_code;
    }
  };
  auto reloaded_predecessor = [&](long long j, const Element& current) {
    return j > 0 ? Element(as_key<Element>(keys[j - 1])) : current;
  };
  [[maybe_unused]] Element from_lane_before{};
#pragma unroll
  for (int k = 0; k < rows_per_span; ++k)
  {
    const long long j = span_begin + (k * 32LL + lane) * V;
#pragma unroll
    for (int v = 1; v < V; ++v)
      if (j + v < count)
        judge_element(j + v, rows[k][v - 1], rows[k][v]);
    if constexpr (std::is_trivially_copyable_v<Element>)
    {
      // Lane 0 needs lane 31's last element of row k - 1: last row's rotation.
      const Element row_before = from_lane_before;
      from_lane_before         = cub::ShuffleIndex<32>(rows[k][V - 1], (lane + 31) % 32, 0xffffffffu);
      if (j < count)
      {
        if (lane > 0)
          judge_element(j, from_lane_before, rows[k][0]);
        else if (k > 0)
          judge_element(j, row_before, rows[k][0]);
        else
          judge_element(j, reloaded_predecessor(j, rows[k][0]), rows[k][0]);
      }
    }
    else if (j < count)
      judge_element(j, reloaded_predecessor(j, rows[k][0]), rows[k][0]);
  }
  return first_code;
}

template <int Items, int V, class Element, class It1, class It2, class Judge>
__global__ void __launch_bounds__(judge_threads)
  first_violation_kernel(It1 a, long long a_count, It2 b, long long b_count, long long a_tiles, Judge judge,
                         unsigned long long* stored_code)
{
  constexpr long long tile_size = judge_threads * Items;
  const long long tile          = blockIdx.x;
  const long long warp_offset   = (threadIdx.x / 32) * 32LL * Items;
  long long code =
    tile < a_tiles
      ? judge_warp_span<Items, V, Element>(0, a, a_count, tile * tile_size + warp_offset, judge)
      : judge_warp_span<Items, V, Element>(1, b, b_count, (tile - a_tiles) * tile_size + warp_offset, judge);
#pragma unroll
  for (int step = 16; step > 0; step /= 2)
  {
    const long long other = __shfl_xor_sync(0xffffffffu, code, step);
    code                  = other < code ? other : code;
  }
  // Reading first spares the atomic to warps that improve on the stored code.
  const auto word = static_cast<unsigned long long>(no_code - code);
  if (threadIdx.x % 32 == 0 && code != no_code && word > *static_cast<volatile unsigned long long*>(stored_code))
    atomicMax(stored_code, word);
}

// The smallest code `judge` gives an element of a[0, a_count) or
// b[0, b_count), each read as an `Element` beside its predecessor in the same
// sequence; no_code when none breaks a rule. Takes nothing from the policy's
// allocator; synchronizes the policy's stream.
template <class Element, class Policy, class It1, class It2, class Judge>
long long first_violation(Policy& policy, It1 a, long long a_count, It2 b, long long b_count, const Judge& judge,
                          const char* algorithm)
{
  constexpr int items           = judge_items<Element>;
  constexpr long long tile_size = judge_threads * items;
  const long long a_tiles       = ceil_div(a_count, tile_size);
  const long long tiles         = a_tiles + ceil_div(b_count, tile_size);
  if (tiles == 0)
    return no_code;
  const cudaStream_t stream = stream_of(policy);
  verdict_word verdict(stream, algorithm);
  unsigned long long* const stored_code = verdict.get();
  const auto a_keys = thrust::try_unwrap_contiguous_iterator(a);
  const auto b_keys = thrust::try_unwrap_contiguous_iterator(b);
  constexpr int vector = std::min(judge_vector_v<Element, It1>, judge_vector_v<Element, It2>);
  auto launch = [&](auto kernel) {
    kernel<<<static_cast<unsigned>(tiles), judge_threads, 0, stream>>>(a_keys, a_count, b_keys, b_count, a_tiles,
                                                                      judge, stored_code);
  };
  if constexpr (vector > 1)
  {
    auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
    if (aligned(a_keys) && aligned(b_keys))
      launch(first_violation_kernel<items, vector, Element, decltype(a_keys), decltype(b_keys), Judge>);
    else
      launch(first_violation_kernel<items, 1, Element, decltype(a_keys), decltype(b_keys), Judge>);
  }
  else
    launch(first_violation_kernel<items, 1, Element, decltype(a_keys), decltype(b_keys), Judge>);
  check_launch(algorithm, "precondition check kernel");
  return no_code - static_cast<long long>(verdict.read_back(stream, algorithm));
}

} // namespace mgpu::detail::cuda
