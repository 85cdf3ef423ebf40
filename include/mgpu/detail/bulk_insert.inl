// Backend selection for bulk_insert.
#pragma once

#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/bulk.h>

#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/bulk_insert.h>
#endif

namespace mgpu::detail {

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class InputIt, class ValueIt, class PositionIt, class OutputIt>
MGPU_HD void bulk_insert(Policy& policy, InputIt first, InputIt last, ValueIt values_first, ValueIt values_last,
                         PositionIt positions_first, OutputIt result, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::bulk_insert(first, last, values_first, values_last, positions_first, result);
  }
  const algorithm_range<Policy> range(algorithm);
  if constexpr (checking_preconditions)
    require_valid_insertion_positions(policy, positions_first, positions_first + (values_last - values_first),
                                      last - first, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::bulk_insert(policy, first, last, values_first, values_last, positions_first, result, algorithm);
  else
#endif
    sequential::bulk_insert(first, last, values_first, values_last, positions_first, result);
}

} // namespace mgpu::detail
