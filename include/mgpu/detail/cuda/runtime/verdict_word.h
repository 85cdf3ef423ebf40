// Where a checked call's precondition check leaves its verdict: an 8-byte
// device word, kept per CUDA context and reused. A word waiting in the pool
// holds zero, so a check that finds nothing allocates and clears nothing.
#pragma once

#include <mgpu/detail/cuda/runtime/error.h>

#include <cuda.h>
#include <cuda_runtime_api.h>

#include <mutex>
#include <utility>
#include <vector>

namespace mgpu::detail::cuda {

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

// The zeroed words not in use, each beside its context's id; shared by every
// thread of the process.
class verdict_pool
{
public:
  // Never destroyed: a call may return its word during static destruction.
  static verdict_pool& instance()
  {
    static verdict_pool* const pool = new verdict_pool;
    return *pool;
  }

  // A zeroed word of `context`, or nullptr when none is free.
  unsigned long long* take(unsigned long long context)
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    for (auto& entry : free_)
      if (entry.first == context)
      {
        unsigned long long* const word = entry.second;
        entry                          = free_.back();
        free_.pop_back();
        return word;
      }
    return nullptr;
  }

  void give_back(unsigned long long context, unsigned long long* word)
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    free_.emplace_back(context, word);
  }

private:
  std::mutex mutex_;
  std::vector<std::pair<unsigned long long, unsigned long long*>> free_;
};

// One call's verdict word, zero on `stream` before the check runs. It goes
// back to the pool once the call has read it back, cleared again if a
// violation set it; after an error it is freed instead.
class verdict_word
{
public:
  verdict_word(cudaStream_t stream, const char* algorithm)
      : context_(current_context_id(algorithm)), word_(verdict_pool::instance().take(context_))
  {
    if (word_ != nullptr)
      return;
    check(cudaMalloc(&word_, sizeof *word_), algorithm, "allocate the precondition check's verdict word");
    const cudaError_t cleared = cudaMemsetAsync(word_, 0, sizeof *word_, stream);
    if (cleared != cudaSuccess)
      cudaFree(word_);
    check(cleared, algorithm, "clear the precondition check's verdict word");
  }
  verdict_word(const verdict_word&)            = delete;
  verdict_word& operator=(const verdict_word&) = delete;
  ~verdict_word()
  {
    if (zero_)
      verdict_pool::instance().give_back(context_, word_);
    else if (cudaFree(word_) != cudaSuccess)
      cudaGetLastError(); // a context already lost: leave no stale error for the next call
  }

  unsigned long long* get() const { return word_; }

  // Reads the word back on `stream` (waiting for it) and leaves it zero for
  // the next call.
  unsigned long long read_back(cudaStream_t stream, const char* algorithm)
  {
    unsigned long long stored = 0;
    check(cudaMemcpyAsync(&stored, word_, sizeof stored, cudaMemcpyDeviceToHost, stream), algorithm,
          "read back the precondition check");
    check(cudaStreamSynchronize(stream), algorithm, "synchronize the precondition check");
    if (stored != 0)
    {
      // Cleared on the call's stream rather than freed, which would wait for the whole device.
      check(cudaMemsetAsync(word_, 0, sizeof *word_, stream), algorithm, "clear the precondition check's verdict word");
      check(cudaStreamSynchronize(stream), algorithm, "synchronize the precondition check");
    }
    zero_ = true;
    return stored;
  }

private:
  unsigned long long context_;
  unsigned long long* word_;
  bool zero_ = false;
};

} // namespace mgpu::detail::cuda
