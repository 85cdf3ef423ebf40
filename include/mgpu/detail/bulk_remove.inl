// Backend selection for bulk_remove.
#pragma once

#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/bulk.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/bulk_remove.h>
#endif

namespace mgpu::detail {

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class InputIt, class IndexIt, class OutputIt>
MGPU_HD void bulk_remove(Policy& policy, InputIt first, InputIt last, IndexIt indices_first, IndexIt indices_last,
                         OutputIt result, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::bulk_remove(first, last, indices_first, indices_last, result);
  }
  const algorithm_range<Policy> range(algorithm);
  if constexpr (checking_preconditions)
    require_valid_removal_indices(policy, indices_first, indices_last, last - first, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::bulk_remove(policy, first, last, indices_first, indices_last, result, algorithm);
  else
#endif
    sequential::bulk_remove(first, last, indices_first, indices_last, result);
}

} // namespace mgpu::detail
