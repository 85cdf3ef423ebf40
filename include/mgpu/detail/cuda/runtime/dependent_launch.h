// Programmatic dependent launch (sm_90 and later): a tile kernel launched
// right behind its partition kernel may start before the partition has
// finished. Its blocks wait for the partition only where they first need its
// results, so the launch gap and the partition's last wave overlap the tile
// kernel's start. Elsewhere the launch is an ordinary stream-ordered one and
// the device calls are no-ops.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/cuda/runtime/error.h>

#include <cuda_runtime.h>

namespace mgpu::detail::cuda {

// Whether a kernel image compiled for `kernel_arch` (__CUDA_ARCH__ units)
// waits in wait_for_partition(): only then may it launch with overlap.
constexpr bool waits_for_partition(int kernel_arch) { return kernel_arch >= 900; }

// Called by a kernel whose dependent (the tile kernel behind a partition,
// a fix-up behind the tiles) may launch now.
__device__ MGPU_FORCEINLINE void allow_dependent_launch()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}

// Called by the dependent kernel: returns once the grid before it (the
// partition, or the tiles) has finished and its writes are visible.
__device__ MGPU_FORCEINLINE void wait_for_partition()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

// Launches a tile kernel right behind the partition kernel. With `overlap`
// (sm_90 and later) it may start before the partition has finished: its
// blocks call wait_for_partition() before they read the splits.
template <class... Params, class... Args>
void launch_tile_kernel(bool overlap, void (*kernel)(Params...), unsigned blocks, int threads, cudaStream_t stream,
                        const char* algorithm, Args... args)
{
  cudaLaunchConfig_t config{};
  config.gridDim          = dim3(blocks);
  config.blockDim         = dim3(unsigned(threads));
  config.dynamicSmemBytes = 0;
  config.stream           = stream;
  cudaLaunchAttribute attribute{};
  attribute.id                                         = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  config.attrs                                         = &attribute;
  config.numAttrs                                      = overlap ? 1 : 0;
  check(cudaLaunchKernelEx(&config, kernel, static_cast<Params>(args)...), algorithm, "launch tile kernel");
}

} // namespace mgpu::detail::cuda
