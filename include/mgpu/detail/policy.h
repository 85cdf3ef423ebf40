// How an mgpu algorithm reads a Thrust execution policy: which backend it
// selects, and the concrete policy object behind the reference it was given.
#pragma once

#include <mgpu/detail/config.h>

#include <thrust/detail/execute_with_allocator_fwd.h>
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

// True for policies that carry the caller's allocator (par(allocator), with
// or without .on(stream)): scratch from them need not cost a cudaMalloc.
template <class Policy>
struct carries_allocator : std::false_type
{};
template <class Allocator, template <class> class Base>
struct carries_allocator<thrust::detail::execute_with_allocator<Allocator, Base>> : std::true_type
{};
template <class Policy>
inline constexpr bool carries_allocator_v = carries_allocator<std::remove_cv_t<Policy>>::value;

// Public functions take `const execution_policy_base<Derived>&` as Thrust
// does; the backends need the mutable derived object (allocators and streams
// live there).
template <class Derived>
MGPU_HD Derived& derived_policy(const thrust::detail::execution_policy_base<Derived>& exec)
{
  return thrust::detail::derived_cast(thrust::detail::strip_const(exec));
}

} // namespace mgpu::detail
