// Backend selection for segmented_reduce.
#pragma once

#include <mgpu/detail/load_balance.inl>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/segmented_reduce.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/segmented_reduce.h>
#endif

#include <cstdint>

namespace mgpu::detail {

inline constexpr const char* segmented_reduce_name = "mgpu::segmented_reduce";

// Runs the reduction with `Size` (int32 or int64) indices on the policy's
// backend. Expects segment_count > 0 (total may be 0: every segment then
// receives init). Exposed so tests can drive the 64-bit path on small inputs.
template <class Size, class Policy, class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp>
void segmented_reduce_with_offsets([[maybe_unused]] Policy& policy, InputIt values, OffsetIt offsets,
                                   Size segment_count, Size total, OutputIt result, const T& init, BinaryOp op)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::segmented_reduce<Size>(policy, values, offsets, segment_count, total, result, init, op,
                                 segmented_reduce_name);
  else
#endif
    sequential::segmented_reduce(values, offsets, segment_count, total, result, init, op);
}

template <class Policy, class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp>
OutputIt segmented_reduce(Policy& policy, InputIt values_first, InputIt values_last, OffsetIt offsets_first,
                          OffsetIt offsets_last, OutputIt result, const T& init, BinaryOp op)
{
  const algorithm_range<Policy> range(segmented_reduce_name);
  const auto total = values_last - values_first;
  if constexpr (checking_preconditions)
    require_valid_offsets(policy, offsets_first, offsets_last, total, segmented_reduce_name);
  const auto segment_count = offsets_last - offsets_first;
  if (!(segment_count > 0))
    return result; // nothing to write, nothing launched
  // A reversed value range holds no value.
  const auto values = total > 0 ? total : decltype(total)(0);
  const std::uint64_t largest_index = static_cast<std::uint64_t>(values) + static_cast<std::uint64_t>(segment_count);
  with_offset_type(largest_index, [&](auto offset) {
    using Size = decltype(offset);
    segmented_reduce_with_offsets<Size>(policy, values_first, offsets_first, static_cast<Size>(segment_count),
                                        static_cast<Size>(values), result, init, op);
  });
  return result + segment_count;
}

} // namespace mgpu::detail
