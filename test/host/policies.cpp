// Host policies select the sequential backend and produce correct results.
#include "common/test_support.h"

#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/merge.h>

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>

static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::host)>>);
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::seq)>>);
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::cpp::par)>>);
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::omp::par)>>);
// This translation unit is built with THRUST_DEVICE_SYSTEM_CPP.
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::device)>>);
// No NVTX in host builds: they must compile without the CUDA toolkit's headers.
static_assert(!MGPU_HAS_NVTX);
#ifdef NVTX3_CPP_DEFINITIONS_V1_0
#  error "a host build of mgpu included nvtx3.hpp"
#endif

namespace {

template <class Policy>
void check_merge_with(const Policy& policy)
{
  const auto a = mgpu_test::random_sorted<int>(1000, 0, 100, 1);
  const auto b = mgpu_test::random_sorted<int>(1500, 0, 100, 2);
  std::vector<int> merged(a.size() + b.size(), mgpu_test::poison<int>()), expected(merged.size());
  mgpu::merge(policy, a.begin(), a.end(), b.begin(), b.end(), merged.begin());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(merged, expected);
}

} // namespace

TEST_CASE("host policies: host, seq, cpp::par, omp::par and device under the CPP system")
{
  check_merge_with(thrust::host);
  check_merge_with(thrust::seq);
  check_merge_with(thrust::cpp::par);
  check_merge_with(thrust::omp::par);
  check_merge_with(thrust::device);
}
