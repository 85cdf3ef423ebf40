// Backend selection for the load-balanced algorithms: load_balance_search,
// transform_lbs and (through interval_move.inl) the interval family.
#pragma once

#include <mgpu/detail/load_balance_ops.h>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/load_balance.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/transform_lbs.h>
#endif

#include <cstdint>

namespace mgpu::detail {

// Runs `op` with `Size` (int32 or int64) indices on the policy's backend.
// Exposed so tests can drive the 64-bit path on small inputs.
// Host code only: device code takes the sequential backend before it gets here.
MGPU_EXEC_CHECK_DISABLE
template <class Size, class Policy, class OffsetIt, class Op>
MGPU_HD void transform_lbs_with_offsets([[maybe_unused]] Policy& policy, OffsetIt offsets, Size segment_count,
                                        Size total, const Op& op, [[maybe_unused]] const char* algorithm)
{
  if (!(segment_count > 0) || !(total > 0))
    return; // nothing to do, nothing launched
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::transform_lbs<Size>(policy, offsets, segment_count, total, op, algorithm);
  else
#endif
    sequential::transform_lbs(offsets, segment_count, total, op);
}

// Validates the offsets (checked builds), then runs `op` over `total` work
// items with the narrowest index type that holds the problem.
MGPU_EXEC_CHECK_DISABLE
template <class Policy, class OffsetIt, class Count, class Op>
MGPU_HD void run_load_balanced(Policy& policy, OffsetIt offsets_first, OffsetIt offsets_last, Count total, const Op& op,
                               const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::transform_lbs(offsets_first, std::int64_t(offsets_last - offsets_first), std::int64_t(total),
                                     op);
  }
  const algorithm_range<Policy> range(algorithm);
  if constexpr (checking_preconditions)
    require_valid_offsets(policy, offsets_first, offsets_last, total, algorithm);
  const auto segment_count = offsets_last - offsets_first;
  if (!(segment_count > 0) || !(total > 0))
    return;
  const std::uint64_t largest_index = static_cast<std::uint64_t>(total) + static_cast<std::uint64_t>(segment_count);
  with_offset_type(largest_index, [&](auto offset) {
    using Size = decltype(offset);
    transform_lbs_with_offsets<Size>(
      policy, offsets_first, static_cast<Size>(segment_count), static_cast<Size>(total), op, algorithm);
  });
}

} // namespace mgpu::detail
