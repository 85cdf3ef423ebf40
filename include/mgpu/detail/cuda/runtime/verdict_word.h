// Where a checked call's precondition check leaves its verdict: an 8-byte
// device word, and a mapped host slot a one-thread kernel publishes it to, so
// the host reads it after a stream synchronization without a copy. Both are
// kept per CUDA context and reused; a word waiting in the pool holds zero, so
// a check that finds nothing allocates and clears nothing.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <mutex>
#include <utility>
#include <vector>

namespace mgpu::detail::cuda {

// A check's device word and the host slot its value is published to.
struct verdict_slots
{
  unsigned long long* word = nullptr;
  unsigned long long* host = nullptr; // pinned, mapped
  unsigned long long* host_on_device = nullptr;
};

// Copies the word to the host slot and leaves it zero for the next check.
template <class Word>
__global__ void publish_verdict_kernel(Word* word, Word* host)
{
  const Word verdict = *word;
  *static_cast<volatile Word*>(host) = verdict;
  if (verdict != 0)
    *word = 0;
}

// The id of the calling thread's current CUDA context. Ids are never reused
// within a process, so a context created after cudaDeviceReset never receives
// a word of the one it replaced.
inline unsigned long long current_context_id(const char* algorithm)
{
  using get_current_t = CUresult(CUDAAPI*)(CUcontext*);
  using get_id_t      = CUresult(CUDAAPI*)(CUcontext, unsigned long long*);
  // Through the runtime's entry points: the caller links no driver library.
  static const auto driver = [] {
    void* get_current = nullptr;
    void* get_id      = nullptr;
    cudaDriverEntryPointQueryResult found{};
    if (cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &get_current, 4000, cudaEnableDefault, &found)
          != cudaSuccess
        || found != cudaDriverEntryPointSuccess)
      get_current = nullptr;
    if (cudaGetDriverEntryPointByVersion("cuCtxGetId", &get_id, 12000, cudaEnableDefault, &found) != cudaSuccess
        || found != cudaDriverEntryPointSuccess)
      get_id = nullptr;
    return std::pair{reinterpret_cast<get_current_t>(get_current), reinterpret_cast<get_id_t>(get_id)};
  }();
  if (driver.first == nullptr || driver.second == nullptr)
    check(cudaErrorNotSupported, algorithm, "find the CUDA driver's context queries");
  CUcontext context = nullptr;
  if (driver.first(&context) != CUDA_SUCCESS || context == nullptr)
  {
    // No context yet on this thread: the runtime makes the device's primary one current.
    check(cudaFree(nullptr), algorithm, "initialize the CUDA context");
    if (driver.first(&context) != CUDA_SUCCESS || context == nullptr)
      check(cudaErrorDeviceUninitialized, algorithm, "find the current CUDA context");
  }
  unsigned long long id = 0;
  if (driver.second(context, &id) != CUDA_SUCCESS)
    check(cudaErrorDeviceUninitialized, algorithm, "identify the current CUDA context");
  return id;
}

// The slots not in use, their words zero, each beside its context's id;
// shared by every thread of the process.
class verdict_pool
{
public:
  // Never destroyed: a call may return its word during static destruction.
  static verdict_pool& instance()
  {
    static verdict_pool* const pool = new verdict_pool;
    return *pool;
  }

  // Slots of `context` with a zeroed word, or empty ones when none is free.
  verdict_slots take(unsigned long long context)
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto& entry : free_)
      if (entry.first == context)
      {
        const verdict_slots slots = entry.second;
        entry                     = free_.back();
        free_.pop_back();
        return slots;
      }
    return {};
  }

  void give_back(unsigned long long context, const verdict_slots& slots)
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    free_.emplace_back(context, slots);
  }

private:
  std::mutex mutex_;
  std::vector<std::pair<unsigned long long, verdict_slots>> free_;
};

// One call's verdict word, zero on `stream` before the check runs. It goes
// back to the pool once the call has read it back; after an error it is
// freed instead.
class verdict_word
{
public:
  verdict_word(cudaStream_t stream, const char* algorithm)
      : context_(current_context_id(algorithm)), slots_(verdict_pool::instance().take(context_))
  {
    if (slots_.word != nullptr)
      return;
    try
    {
      check(cudaMalloc(&slots_.word, sizeof *slots_.word), algorithm,
            "allocate the precondition check's verdict word");
      check(cudaHostAlloc(&slots_.host, sizeof *slots_.host, cudaHostAllocMapped), algorithm,
            "allocate the precondition check's host slot");
      check(cudaHostGetDevicePointer(&slots_.host_on_device, slots_.host, 0), algorithm,
            "map the precondition check's host slot");
      check(cudaMemsetAsync(slots_.word, 0, sizeof *slots_.word, stream), algorithm,
            "clear the precondition check's verdict word");
    }
    catch (...)
    {
      release();
      throw;
    }
  }
  verdict_word(const verdict_word&)            = delete;
  verdict_word& operator=(const verdict_word&) = delete;
  ~verdict_word()
  {
    if (zero_)
      verdict_pool::instance().give_back(context_, slots_);
    else
      release();
  }

  unsigned long long* get() const { return slots_.word; }

  // Publishes the word to the host slot on `stream`, waits for it, and
  // returns it; the word is zero again for the next call. (A template, so
  // that only builds that check emit the kernel.)
  template <class Word = unsigned long long>
  Word read_back(cudaStream_t stream, const char* algorithm)
  {
    publish_verdict_kernel<Word><<<1, 1, 0, stream>>>(slots_.word, slots_.host_on_device);
    check_launch(algorithm, "precondition verdict kernel");
    check(cudaStreamSynchronize(stream), algorithm, "synchronize the precondition check");
    zero_ = true;
    return *static_cast<volatile Word*>(slots_.host);
  }

private:
  // Frees what the slots hold; on a lost context the frees fail, and their
  // errors are cleared so the next call starts clean.
  void release()
  {
    if (slots_.word != nullptr && cudaFree(slots_.word) != cudaSuccess)
      cudaGetLastError();
    if (slots_.host != nullptr && cudaFreeHost(slots_.host) != cudaSuccess)
      cudaGetLastError();
  }

  unsigned long long context_;
  verdict_slots slots_;
  bool zero_ = false;
};

} // namespace mgpu::detail::cuda
