// Policies and allocators for checking how the CUDA backend uses the
// caller's stream and temporary storage.
#pragma once

#include <mgpu/detail/cuda/tuning/policy_hub.h>

#include <cuda_runtime_api.h>

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>

namespace mgpu_test {

inline void cuda_require(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}

// Any kernel of this build: every kernel is compiled for the same
// architectures, so its image tells which tuning the library's kernels run.
template <int = 0>
__global__ void build_probe_kernel()
{}

// Whether the library's kernels run their sm_90 tuning here (small launches
// then skip the partition and take no scratch).
inline bool runs_sm90_tuning()
{
  const int arch = mgpu::detail::cuda::kernel_arch<build_probe_kernel<>>("test");
  return mgpu::detail::cuda::tier_of_arch(arch) == mgpu::detail::cuda::tuning_tier::sm90;
}

// Hands out device memory from an arena allocated up front and counts every
// allocation and return. No CUDA call happens on allocate/deallocate, so it
// also works while a stream is being captured into a graph. Optionally fails
// the N-th allocation with std::bad_alloc.
struct arena_allocator
{
  using value_type = char;

  struct state
  {
    char* base = nullptr;
    std::size_t capacity = 0, used = 0;
    long allocations = 0, live = 0;
    long fail_at = -1; // allocation number that throws; -1: never
  };
  state* arena;

  explicit arena_allocator(state& s) : arena(&s) {}

  char* allocate(std::ptrdiff_t bytes)
  {
    if (arena->allocations++ == arena->fail_at)
      throw std::bad_alloc();
    const std::size_t aligned = (std::size_t(bytes) + 255) & ~std::size_t(255);
    if (arena->used + aligned > arena->capacity)
      throw std::bad_alloc();
    char* p = arena->base + arena->used;
    arena->used += aligned;
    ++arena->live;
    return p;
  }
  void deallocate(char*, std::size_t) { --arena->live; }
};

struct device_arena
{
  arena_allocator::state state;
  explicit device_arena(std::size_t bytes)
  {
    cuda_require(cudaMalloc(&state.base, bytes), "cudaMalloc arena");
    state.capacity = bytes;
  }
  ~device_arena() { cudaFree(state.base); }
  arena_allocator allocator() { return arena_allocator(state); }
};

struct stream_guard
{
  cudaStream_t stream{};
  stream_guard() { cuda_require(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreate"); }
  ~stream_guard() { cudaStreamDestroy(stream); }
};

// Runs `work` while `stream` is captured into a graph in global mode, calls
// `before_replay` (nothing captured has run yet), then replays the graph and
// waits for it. Global-mode capture fails any synchronization and any work
// sent to another stream, so returning normally proves that `work` stayed on
// `stream` without synchronizing. Temporary storage must come from an
// allocator that makes no CUDA call (device_arena).
template <class Work, class BeforeReplay>
void capture_and_replay(cudaStream_t stream, Work&& work, BeforeReplay&& before_replay)
{
  cuda_require(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal), "begin capture");
  std::string failure;
  try
  {
    work();
  }
  catch (const std::exception& e)
  {
    failure = e.what();
  }
  cudaGraph_t graph{};
  const cudaError_t end_status = cudaStreamEndCapture(stream, &graph);
  if (!failure.empty())
    throw std::runtime_error("failed while the stream was captured: " + failure);
  cuda_require(end_status, "end capture");
  before_replay();
  cudaGraphExec_t exec{};
  cuda_require(cudaGraphInstantiate(&exec, graph, 0), "instantiate");
  cuda_require(cudaGraphLaunch(exec, stream), "launch graph");
  cuda_require(cudaStreamSynchronize(stream), "synchronize");
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
}

template <class Work>
void capture_and_replay(cudaStream_t stream, Work&& work)
{
  capture_and_replay(stream, work, [] {});
}

} // namespace mgpu_test
