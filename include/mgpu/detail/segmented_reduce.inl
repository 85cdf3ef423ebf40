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
#include <type_traits>

namespace mgpu::detail {

// Whether F is an extended __device__ lambda, whose return type host code
// cannot see (nvcc reports a placeholder).
template <class F>
inline constexpr bool is_device_lambda_v =
#if defined(__CUDACC_EXTENDED_LAMBDA__)
  __nv_is_extended_device_lambda_closure_type(F);
#else
  false;
#endif

// The type the reductions are held in, as Thrust and CUB hold them: what
// `op` returns for the initial value and a value, so op(op(init, v0), v1)
// is never narrowed to T in between; T where that type is not known.
template <class BinaryOp, class T, class Value, class = void>
struct reduction_type
{
  using type = T;
};
template <class BinaryOp, class T, class Value>
struct reduction_type<BinaryOp, T, Value, std::void_t<std::invoke_result_t<BinaryOp&, const T&, const Value&>>>
{
  using returned = std::decay_t<std::invoke_result_t<BinaryOp&, const T&, const Value&>>;
  using type     = std::conditional_t<is_device_lambda_v<BinaryOp> || !std::is_constructible_v<returned, const T&>, T,
                                  returned>;
};

inline constexpr const char* segmented_reduce_name = "mgpu::segmented_reduce";

// Runs the reduction with `Size` (int32 or int64) indices on the policy's
// backend. Expects segment_count > 0 (total may be 0: every segment then
// receives init). Exposed so tests can drive the 64-bit path on small inputs.
// Host code only: device code takes the sequential backend before it gets here.
MGPU_EXEC_CHECK_DISABLE
template <class Size, class Policy, class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp>
MGPU_HD void segmented_reduce_with_offsets([[maybe_unused]] Policy& policy, InputIt values, OffsetIt offsets,
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

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class InputIt, class OffsetIt, class OutputIt, class T, class BinaryOp>
MGPU_HD OutputIt segmented_reduce(Policy& policy, InputIt values_first, InputIt values_last, OffsetIt offsets_first,
                                  OffsetIt offsets_last, OutputIt result, const T& init, BinaryOp op)
{
  using reduction_t        = typename reduction_type<BinaryOp, T, value_of<InputIt>>::type;
  const auto total         = values_last - values_first;
  const auto segment_count = offsets_last - offsets_first;
  // A reversed value range holds no value.
  const auto values = total > 0 ? total : decltype(total)(0);
  MGPU_IN_DEVICE_CODE
  {
    sequential::segmented_reduce(values_first, offsets_first, std::int64_t(segment_count), std::int64_t(values), result,
                                 reduction_t(init), op);
    return segment_count > 0 ? result + segment_count : result;
  }
  const algorithm_range<Policy> range(segmented_reduce_name);
  if constexpr (checking_preconditions)
    require_valid_offsets(policy, offsets_first, offsets_last, total, segmented_reduce_name);
  if (!(segment_count > 0))
    return result; // nothing to write, nothing launched
  const std::uint64_t largest_index = static_cast<std::uint64_t>(values) + static_cast<std::uint64_t>(segment_count);
  const reduction_t start(init);
  with_offset_type(largest_index, [&](auto offset) {
    using Size = decltype(offset);
    segmented_reduce_with_offsets<Size>(policy, values_first, offsets_first, static_cast<Size>(segment_count),
                                        static_cast<Size>(values), result, start, op);
  });
  return result + segment_count;
}

} // namespace mgpu::detail
