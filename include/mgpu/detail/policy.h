// How an mgpu algorithm reads a Thrust execution policy: which backend it
// selects, and the concrete policy object behind the reference it was given.
#pragma once

#include <mgpu/detail/config.h>

#include <thrust/execution_policy.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <thrust/system/cuda/execution_policy.h>
#endif

#include <type_traits>

namespace mgpu::detail {

// True for every policy that Thrust would run on its CUDA backend:
// thrust::device (CUDA device system), cuda::par, par.on(stream),
// par(allocator), par_nosync and their combinations.
template <class Policy>
inline constexpr bool is_cuda_policy_v =
#if MGPU_HAS_CUDA_BACKEND
  std::is_base_of_v<thrust::cuda_cub::execution_policy<Policy>, Policy>;
#else
  false;
#endif

// Public functions take `const execution_policy_base<Derived>&` as Thrust
// does; the backends need the mutable derived object (allocators and streams
// live there).
template <class Derived>
Derived& derived_policy(const thrust::detail::execution_policy_base<Derived>& exec)
{
  return thrust::detail::derived_cast(thrust::detail::strip_const(exec));
}

} // namespace mgpu::detail
