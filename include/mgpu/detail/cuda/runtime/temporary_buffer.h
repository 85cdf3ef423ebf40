// Scratch memory taken from the execution policy, never from a private
// cudaMalloc: thrust::cuda::par(alloc) routes it to the caller's allocator.
#pragma once

#include <thrust/memory.h>
#include <thrust/detail/raw_pointer_cast.h>

#include <cstddef>

namespace mgpu::detail::cuda {

// Owns `size` uninitialised elements of T obtained through
// thrust::get_temporary_buffer and returns them on destruction, so an
// exception between allocation and release loses nothing.
template <class T, class Policy>
class temporary_buffer
{
public:
  temporary_buffer(Policy& policy, std::ptrdiff_t size)
      : policy_(policy), size_(size)
  {
    if (size_ > 0)
      pointer_ = thrust::get_temporary_buffer<T>(policy_, size_).first;
  }
  temporary_buffer(const temporary_buffer&)            = delete;
  temporary_buffer& operator=(const temporary_buffer&) = delete;
  ~temporary_buffer()
  {
    if (size_ > 0)
      thrust::return_temporary_buffer(policy_, pointer_, size_);
  }

  T* get() const { return thrust::raw_pointer_cast(pointer_); }
  std::ptrdiff_t size() const { return size_; }

private:
  using pointer_type = decltype(thrust::get_temporary_buffer<T>(std::declval<Policy&>(), 0).first);
  Policy& policy_;
  std::ptrdiff_t size_;
  pointer_type pointer_{};
};

} // namespace mgpu::detail::cuda
