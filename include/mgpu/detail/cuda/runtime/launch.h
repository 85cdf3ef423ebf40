// Kernel launch helpers: grid sizing, the policy's stream, the device's SM
// count and end-of-call synchronization.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>

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

// A property of the current device, queried once per device: an attribute
// query would otherwise cost time on every call.
template <int Devices, class Query>
int cached_device_property(std::atomic<int> (&cache)[Devices], Query query, const char* algorithm)
{
  int device = 0;
  check(cudaGetDevice(&device), algorithm, "cudaGetDevice");
  const bool cacheable = device < Devices;
  if (cacheable)
    if (const int value = cache[device].load(std::memory_order_relaxed)) // 0: not yet queried
      return value;
  const int value = query(device);
  if (cacheable)
    cache[device].store(value, std::memory_order_relaxed);
  return value;
}

// Number of SMs of the current device.
inline int current_sm_count(const char* algorithm)
{
  static std::atomic<int> cache[64] = {};
  return cached_device_property(cache, [&](int device) {
    int count = 0;
    check(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device), algorithm, "query SM count");
    return count;
  }, algorithm);
}

// Whether every launch on `Policy` reads a partition, whatever its size: no
// tile finds its own splits, cuts or item range. Off for every Thrust
// policy; the test suite turns it on for a policy type of its own.
template <class Policy>
inline constexpr bool partitions_every_launch_v = false;

// Thrust's rule: synchronize the policy's stream at the end of a call unless
// the policy is par_nosync.
template <class Policy>
void finish(Policy& policy, const char* algorithm)
{
  check(thrust::cuda_cub::synchronize_optional(policy), algorithm, "synchronize");
}

} // namespace mgpu::detail::cuda
