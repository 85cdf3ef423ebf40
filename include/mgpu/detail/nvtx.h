// NVTX ranges named after the public algorithms ("mgpu::merge") in an "mgpu"
// domain, as CCCL names its own in "CCCL"; CUDA backend only, and off under
// CCCL's switches (CCCL_DISABLE_NVTX, NVTX_DISABLE) or MGPU_DISABLE_NVTX.
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/policy.h>

#if MGPU_HAS_CUDA_BACKEND && !defined(MGPU_DISABLE_NVTX) && !defined(CCCL_DISABLE_NVTX) && !defined(NVTX_DISABLE) \
  && __has_include(<nvtx3/nvtx3.hpp>)
#  include <nvtx3/nvtx3.hpp>
#  define MGPU_HAS_NVTX 1
#else
#  define MGPU_HAS_NVTX 0
#endif

namespace mgpu::detail {

#if MGPU_HAS_NVTX
struct nvtx_domain
{
  static constexpr const char* name = "mgpu";
};
#endif

// A range from here to the end of the scope; none for host policies, whose calls put no work on the GPU timeline.
template <class Policy, bool Marked = MGPU_HAS_NVTX && is_cuda_policy_v<Policy>>
class algorithm_range
{
public:
  MGPU_HD explicit algorithm_range(const char*) {}
};

#if MGPU_HAS_NVTX
template <class Policy>
class algorithm_range<Policy, true>
{
public:
  // Host code only constructs one: the dispatchers that hold it also compile for device code.
  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD explicit algorithm_range(const char* algorithm) : range_(algorithm) {}
  MGPU_EXEC_CHECK_DISABLE
  MGPU_HD ~algorithm_range() {}

private:
  ::nvtx3::v1::scoped_range_in<nvtx_domain> range_;
};
#endif

} // namespace mgpu::detail
