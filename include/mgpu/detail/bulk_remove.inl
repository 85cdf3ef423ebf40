// Backend selection for bulk_remove.
#pragma once

#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/bulk.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/bulk_remove.h>
#endif

namespace mgpu::detail {

template <class Policy, class InputIt, class IndexIt, class OutputIt>
void bulk_remove(Policy& policy, InputIt first, InputIt last, IndexIt indices_first, IndexIt indices_last,
                 OutputIt result, const char* algorithm)
{
  require_strictly_increasing(policy, indices_first, indices_last, algorithm, "the removal indices");
  require_in_range(policy, indices_first, indices_last, 0, static_cast<long long>(last - first) - 1, algorithm,
                   "the removal indices");
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::bulk_remove(policy, first, last, indices_first, indices_last, result, algorithm);
  else
#endif
    sequential::bulk_remove(first, last, indices_first, indices_last, result);
}

} // namespace mgpu::detail
