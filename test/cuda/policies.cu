// How the CUDA backend honours the policy: backend selection, the stream,
// temporary storage from the policy's allocator, par_nosync, and errors.
#include "common/cuda_policies.h"
#include "common/test_support.h"

#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/policy.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <thrust/system/cuda/execution_policy.h>

#include <algorithm>
#include <string>

static_assert(mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::device)>>);
static_assert(mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::cuda::par)>>);
static_assert(mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::cuda::par_nosync)>>);
static_assert(mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::cuda::par.on(cudaStream_t{}))>>);
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::host)>>);
static_assert(!mgpu::detail::is_cuda_policy_v<std::decay_t<decltype(thrust::seq)>>);

// Calls on the CUDA backend open an NVTX range (closed at scope exit) unless switched off; host calls open none.
#if !defined(MGPU_DISABLE_NVTX) && !defined(CCCL_DISABLE_NVTX) && !defined(NVTX_DISABLE)
static_assert(MGPU_HAS_NVTX, "the CUDA toolkit's nvtx3/nvtx3.hpp was not found");
static_assert(!std::is_trivially_destructible_v<mgpu::detail::algorithm_range<std::decay_t<decltype(thrust::device)>>>);
#endif
static_assert(std::is_trivially_destructible_v<mgpu::detail::algorithm_range<std::decay_t<decltype(thrust::host)>>>);

namespace {

// Two sorted inputs on the host and the device, and a poisoned output.
struct two_sorted_inputs
{
  std::vector<int> a = mgpu_test::random_sorted<int>(200000, 0, 1000, 71);
  std::vector<int> b = mgpu_test::random_sorted<int>(150000, 0, 1000, 72);
  thrust::device_vector<int> d_a{a.begin(), a.end()}, d_b{b.begin(), b.end()};
  thrust::device_vector<int> out = mgpu_test::poisoned<mgpu_test::cuda_backend, int>(a.size() + b.size());
};

struct merge_problem : two_sorted_inputs
{
  std::vector<int> expected() const
  {
    std::vector<int> e(a.size() + b.size());
    std::merge(a.begin(), a.end(), b.begin(), b.end(), e.begin());
    return e;
  }
  template <class Policy>
  void run(const Policy& policy)
  {
    mgpu::merge(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  }
};

// A call that always takes temporary storage (small merges take none).
struct union_problem : two_sorted_inputs
{
  std::vector<int> expected() const
  {
    std::vector<int> e(a.size() + b.size());
    e.resize(std::size_t(std::set_union(a.begin(), a.end(), b.begin(), b.end(), e.begin()) - e.begin()));
    e.resize(a.size() + b.size(), mgpu_test::poison<int>());
    return e;
  }
  template <class Policy>
  void run(const Policy& policy)
  {
    mgpu::set_union(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
  }
};

} // namespace

TEST_CASE("cuda policies: device, par, par.on(stream), par_nosync give the same merge")
{
  mgpu_test::stream_guard stream;
  merge_problem problem;
  const auto expected = problem.expected();
  problem.run(thrust::device);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), expected);
  thrust::fill(problem.out.begin(), problem.out.end(), mgpu_test::poison<int>());
  problem.run(thrust::cuda::par.on(stream.stream));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), expected);
  thrust::fill(problem.out.begin(), problem.out.end(), mgpu_test::poison<int>());
  problem.run(thrust::cuda::par_nosync.on(stream.stream));
  mgpu_test::cuda_require(cudaStreamSynchronize(stream.stream), "sync");
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), expected);
}

TEST_CASE("cuda policies: temporary storage comes from par(allocator) and is all returned")
{
  mgpu_test::device_arena arena(64 << 20);
  union_problem problem;
  problem.run(thrust::cuda::par(arena.allocator()));
  CHECK(arena.state.allocations > 0);
  CHECK(arena.state.live == 0);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), problem.expected());
}

TEST_CASE("cuda policies: a merge small enough for its tiles to find their own splits takes no temporary storage")
{
  mgpu_test::device_arena arena(64 << 20);
  merge_problem problem; // 60 tiles
  problem.run(thrust::cuda::par(arena.allocator()));
  const bool own_splits = mgpu_test::runs_sm90_tuning();
  CHECK((arena.state.allocations == 0) == own_splits);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), problem.expected());
}

TEST_CASE("cuda policies: par_nosync on a captured stream: stream-ordered, no synchronization, no stray calls")
{
  // Stream capture in global mode fails any synchronization and any work on
  // another stream, so a successful capture proves the merge stayed on the
  // policy's stream and did not synchronize.
  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  merge_problem problem;
  mgpu_test::capture_and_replay(
    stream.stream, [&] { problem.run(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream)); },
    [&] { CHECK(mgpu_test::to_std(problem.out)[0] == mgpu_test::poison<int>()); }); // captured, not run
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), problem.expected());
}

TEST_CASE("cuda policies: a failed temporary allocation propagates and leaks nothing")
{
  mgpu_test::device_arena arena(64 << 20);
  arena.state.fail_at = 0;
  union_problem problem;
  CHECK_THROWS_AS(problem.run(thrust::cuda::par(arena.allocator())), std::bad_alloc);
  CHECK(arena.state.live == 0);
  // Later calls work.
  arena.state.fail_at = -1;
  problem.run(thrust::cuda::par(arena.allocator()));
  CHECK(arena.state.live == 0);
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(problem.out), problem.expected());
}

TEST_CASE("cuda errors: thrust::system_error in the CUDA category naming the algorithm")
{
  try
  {
    mgpu::detail::cuda::check(cudaErrorInvalidValue, "mgpu::merge", "merge tile kernel");
    FAIL("no exception");
  }
  catch (const thrust::system_error& e)
  {
    CHECK(e.code().category() == thrust::cuda_category());
    CHECK(e.code().value() == cudaErrorInvalidValue);
    CHECK(std::string(e.what()).find("mgpu::merge: merge tile kernel") != std::string::npos);
  }
}
