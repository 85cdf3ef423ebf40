// Kernel launch helpers: grid sizing, the policy's stream, the device's
// architecture (for picking tuned tile shapes) and end-of-call synchronization.
#pragma once

#include <mgpu/detail/cuda/error.h>

#include <cuda_runtime_api.h>
#include <thrust/system/cuda/detail/util.h>

#include <atomic>
#include <cstdint>

namespace mgpu::detail::cuda {

template <class Size>
constexpr Size ceil_div(Size numerator, Size denominator)
{
  return (numerator + denominator - 1) / denominator;
}

template <class Policy>
cudaStream_t stream_of(Policy& policy)
{
  return thrust::cuda_cub::stream(policy);
}

// Compute capability of the current device as major * 10 + minor (90 for
// Hopper); selects between the sm_90 tile shapes and the fallback. Cached per
// device: attribute queries cost about a microsecond, every call.
inline int current_arch(const char* algorithm)
{
  constexpr int max_cached_devices = 64;
  static std::atomic<int> cached[max_cached_devices] = {}; // 0: not yet queried
  int device = 0;
  check(cudaGetDevice(&device), algorithm, "cudaGetDevice");
  if (device < max_cached_devices)
    if (const int arch = cached[device].load(std::memory_order_relaxed))
      return arch;
  int major = 0, minor = 0;
  check(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), algorithm, "query compute capability");
  check(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device), algorithm, "query compute capability");
  const int arch = major * 10 + minor;
  if (device < max_cached_devices)
    cached[device].store(arch, std::memory_order_relaxed);
  return arch;
}

// Thrust's rule: synchronize the policy's stream at the end of a call unless
// the policy is par_nosync.
template <class Policy>
void finish(Policy& policy, const char* algorithm)
{
  check(thrust::cuda_cub::synchronize_optional(policy), algorithm, "synchronize");
}

} // namespace mgpu::detail::cuda
