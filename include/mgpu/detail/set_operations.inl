// Backend selection for the multiset operations.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/set_operations.h>
#include <mgpu/search.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/set_operations.h>
#endif

#include <cstdint>

namespace mgpu::detail {

// Both inputs are compared as the first one's value type, as the operation does.
template <key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2, class Compare>
void check_set_operation_inputs(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last,
                                Compare comp, const char* algorithm)
{
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_of<KeyIt1>, Multiplicity == key_multiplicity::unique>(policy, a_first, a_last, b_first,
                                                                                    b_last, comp, algorithm);
}

// Runs set operation `Op` and returns how many outputs it wrote.
MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare>
MGPU_HD std::int64_t set_operation(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last,
                                   ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                                   const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::set_operation<Op>(a_first, std::int64_t(a_last - a_first), b_first,
                                         std::int64_t(b_last - b_first), a_vals, b_vals, keys_out, vals_out, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  check_set_operation_inputs<Multiplicity>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return cuda::set_operation<Op, Multiplicity>(policy, a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out,
                                                 vals_out, comp, algorithm);
  else
#endif
    return sequential::set_operation<Op>(a_first, std::int64_t(a_last - a_first), b_first,
                                         std::int64_t(b_last - b_first), a_vals, b_vals, keys_out, vals_out, comp);
}

// Runs set operation `Op` and writes how many outputs it wrote to
// *count_it; on the CUDA backend nothing waits for that count (checked
// builds wait for the precondition check's verdict first).
MGPU_EXEC_CHECK_DISABLE
template <set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare, class CountIt>
MGPU_HD void set_operation_count_to(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last,
                                    ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                                    CountIt count_it, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return store_count(count_it, sequential::set_operation<Op>(a_first, std::int64_t(a_last - a_first), b_first,
                                                               std::int64_t(b_last - b_first), a_vals, b_vals, keys_out,
                                                               vals_out, comp));
  }
  const algorithm_range<Policy> range(algorithm);
  check_set_operation_inputs<Multiplicity>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::set_operation<Op, Multiplicity>(policy, a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out,
                                          vals_out, comp, count_it, algorithm);
  else
#endif
    store_count(count_it, sequential::set_operation<Op>(a_first, std::int64_t(a_last - a_first), b_first,
                                                        std::int64_t(b_last - b_first), a_vals, b_vals, keys_out,
                                                        vals_out, comp));
}

} // namespace mgpu::detail
