// Backend selection for merge and merge_by_key.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/merge.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/merge.h>
#endif

namespace mgpu::detail {

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class KeyIt1, class KeyIt2, class ValIt1, class ValIt2, class KeyOut, class ValOut,
          class Compare>
MGPU_HD void merge(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last, ValIt1 a_vals,
                   ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::merge(a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out, vals_out, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  // Both inputs are compared as the first one's value type, as the merge does.
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_of<KeyIt1>>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::merge(policy, a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out, vals_out, comp, algorithm);
  else
#endif
    sequential::merge(a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out, vals_out, comp);
}

} // namespace mgpu::detail
