// The bad-input tests' outputs and calls, for any backend: an output between
// two guard zones of poison that must survive the call, and a call that must
// raise no exception and leave no CUDA error.
#pragma once

#include "common/test_support.h"

#include <thrust/memory.h>

#if MGPU_HAS_CUDA_BACKEND
#  include <cuda_runtime_api.h>
#endif

#include <doctest/doctest.h>

#include <cstddef>
#include <exception>
#include <string>
#include <vector>

namespace mgpu_test {

// Poisoned elements on each side of every guarded output.
inline constexpr std::size_t guard_size = 1024;

// An output of `count` elements between two guard zones of poison; the
// algorithm is given [begin(), end()) only.
template <class Backend, class T>
class guarded_output
{
public:
  explicit guarded_output(std::size_t count) : count_(count), storage_(count + 2 * guard_size, poison<T>()) {}

  auto begin() { return storage_.begin() + guard_size; }
  T* data() { return thrust::raw_pointer_cast(storage_.data()) + guard_size; }
  auto end() { return begin() + count_; }
  std::size_t size() const { return count_; }

  // Whether `it` lies in [begin(), end()].
  template <class It>
  bool holds(It it)
  {
    const auto offset = it - begin();
    return offset >= 0 && static_cast<std::size_t>(offset) <= count_;
  }

  std::vector<T> inside() const
  {
    const auto all = to_std(storage_);
    return std::vector<T>(all.begin() + guard_size, all.begin() + guard_size + count_);
  }

  // Where a guard lost its poison, or empty when both are intact.
  std::string damage() const
  {
    const auto all = to_std(storage_);
    for (std::size_t i = 0; i < all.size(); ++i)
    {
      if (i == guard_size)
        i += count_;
      if (i < all.size() && !(all[i] == poison<T>()))
      {
        const bool before           = i < guard_size;
        const std::size_t distance = before ? guard_size - i : i - guard_size - count_ + 1;
        return "element " + std::to_string(distance) + (before ? " before" : " past") + " the output of " +
               std::to_string(count_) + " was overwritten";
      }
    }
    return {};
  }

private:
  std::size_t count_;
  typename Backend::template vector<T> storage_;
};

template <class Backend, class T>
void check_guards(const guarded_output<Backend, T>& out, const std::string& name)
{
  const std::string damage = out.damage();
  CHECK_MESSAGE(damage.empty(), name << ": " << damage);
}

// The error a call left behind on the device once its work is done (none
// where no CUDA backend is compiled).
inline std::string device_error()
{
#if MGPU_HAS_CUDA_BACKEND
  cudaError_t status = cudaDeviceSynchronize();
  if (status == cudaSuccess)
    status = cudaGetLastError();
  if (status != cudaSuccess)
    return cudaGetErrorString(status);
#endif
  return {};
}

// Runs `call`: bad data must raise no exception and leave no CUDA error.
template <class Call>
void runs_cleanly(const std::string& name, Call&& call)
{
  try
  {
    call();
  }
  catch (const std::exception& e)
  {
    FAIL_CHECK(name << " threw: " << e.what());
  }
  catch (...)
  {
    FAIL_CHECK(name << " threw something not derived from std::exception");
  }
  const std::string error = device_error();
  CHECK_MESSAGE(error.empty(), name << " left a CUDA error: " << error);
}

} // namespace mgpu_test
