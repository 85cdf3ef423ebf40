// Compile-time tuning selection, as CUB does it: a kernel is a template over
// a hub of tuning policies, its body compiled with the policy of the
// architecture being compiled, and the host launches it with the policy of the
// kernel image that will run (its PTX version), so the two always agree and
// each architecture's code holds only its own tile shapes.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>

#include <cuda_runtime_api.h>

#include <atomic>

// The architecture a compilation pass generates code for (__CUDA_ARCH__
// units, 900 for sm_90); 0 in the host pass.
#if defined(__CUDA_ARCH__)
#  define MGPU_COMPILED_ARCH __CUDA_ARCH__
#else
#  define MGPU_COMPILED_ARCH 0
#endif

namespace mgpu::detail::cuda {

// The tunings a hub offers: measured ones for Hopper, a conservative one
// that is valid on every architecture from sm_75 on.
enum class tuning_tier
{
  fallback,
  sm90
};

constexpr tuning_tier tier_of_arch(int arch) // arch in __CUDA_ARCH__ units
{
  return arch >= 900 && arch < 1000 ? tuning_tier::sm90 : tuning_tier::fallback;
}

// A hub is a type with `template <tuning_tier> using policy = ...;`.
template <class Hub>
using compiled_policy_t = typename Hub::template policy<tier_of_arch(MGPU_COMPILED_ARCH)>;

// A hub that gives one policy everywhere: how tests and tuning benchmarks
// run a chosen shape.
template <class Policy>
struct fixed_hub
{
  template <tuning_tier>
  using policy = Policy;
};

// The architecture (__CUDA_ARCH__ units) that `Kernel`'s running image was
// compiled for, from its PTX version (a PTX-only build JIT-compiled for a
// newer GPU keeps its PTX version), read once per device.
template <auto Kernel>
int kernel_arch(const char* algorithm)
{
  static std::atomic<int> cache[64] = {}; // per device; 0: not read yet
  int device = 0;
  check(cudaGetDevice(&device), algorithm, "cudaGetDevice");
  int version = device < 64 ? cache[device].load(std::memory_order_relaxed) : 0;
  if (version == 0)
  {
    cudaFuncAttributes attributes{};
    check(cudaFuncGetAttributes(&attributes, Kernel), algorithm, "read the kernel's attributes");
    version = attributes.ptxVersion;
    if (device < 64)
      cache[device].store(version, std::memory_order_relaxed);
  }
  return version * 10;
}

// Calls `f(policy)` with a default-constructed value of the hub's policy for
// the kernel image's architecture, so the caller's launch code is
// instantiated for each tier and runs the one the kernel body was built with.
template <class Hub, class F>
decltype(auto) with_policy(int kernel_arch, F&& f)
{
  if (tier_of_arch(kernel_arch) == tuning_tier::sm90)
    return f(typename Hub::template policy<tuning_tier::sm90>{});
  return f(typename Hub::template policy<tuning_tier::fallback>{});
}

} // namespace mgpu::detail::cuda
