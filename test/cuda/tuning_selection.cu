// The host picks a kernel's tuning and its dependent launch from the image
// that runs, which is the image the kernel body was compiled for: also in a
// PTX-only build JIT-compiled for a newer GPU.
#include "common/test_support.h"

#include <mgpu/detail/cuda/runtime/dependent_launch.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>

#include <thrust/device_vector.h>

namespace {

struct narrow_policy
{
  static constexpr int threads = 64;
};
struct wide_policy
{
  static constexpr int threads = 128;
};
struct probe_hub
{
  template <mgpu::detail::cuda::tuning_tier Tier>
  using policy = std::conditional_t<Tier == mgpu::detail::cuda::tuning_tier::sm90, wide_policy, narrow_policy>;
};

// Writes what its body was compiled with: the architecture, the policy's
// threads, and whether wait_for_partition() waits there.
__global__ void probe_kernel(int* seen)
{
  seen[0] = MGPU_COMPILED_ARCH;
  seen[1] = mgpu::detail::cuda::compiled_policy_t<probe_hub>::threads;
#if __CUDA_ARCH__ >= 900
  seen[2] = 1;
#else
  seen[2] = 0;
#endif
}

} // namespace

TEST_CASE("tuning: the host's choice of policy and dependent launch matches the running kernel image")
{
  thrust::device_vector<int> seen(3, -1);
  probe_kernel<<<1, 1>>>(thrust::raw_pointer_cast(seen.data()));
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  const int device_arch = seen[0];
  const int arch        = mgpu::detail::cuda::kernel_arch<probe_kernel>("test");
  CHECK(arch == device_arch);
  const int host_threads = mgpu::detail::cuda::with_policy<probe_hub>(arch, [](auto policy) {
    return decltype(policy)::threads;
  });
  CHECK(host_threads == seen[1]);
  CHECK(mgpu::detail::cuda::waits_for_partition(arch) == (seen[2] == 1));
}
