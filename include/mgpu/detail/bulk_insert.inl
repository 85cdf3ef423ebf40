// Backend selection for bulk_insert.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/bulk.h>

#include <cuda/std/functional>

#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/bulk_insert.h>
#endif

namespace mgpu::detail {

template <class Policy, class InputIt, class ValueIt, class PositionIt, class OutputIt>
void bulk_insert(Policy& policy, InputIt first, InputIt last, ValueIt values_first, ValueIt values_last,
                 PositionIt positions_first, OutputIt result, const char* algorithm)
{
  const auto positions_last = positions_first + (values_last - values_first);
  require_sorted<value_of<PositionIt>>(policy, positions_first, positions_last, ::cuda::std::less<>{}, algorithm,
                                       "the insertion positions");
  require_in_range(policy, positions_first, positions_last, 0, static_cast<long long>(last - first), algorithm,
                   "the insertion positions");
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::bulk_insert(policy, first, last, values_first, values_last, positions_first, result, algorithm);
  else
#endif
    sequential::bulk_insert(first, last, values_first, values_last, positions_first, result);
}

} // namespace mgpu::detail
