// What every demo section shares: the backend it runs on, printing in the
// Modern GPU demonstrations' format, and a check of each result against the
// standard library.
#pragma once

#include <mgpu/detail/config.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>

#include <cstddef>
#include <cstdio>
#include <vector>

namespace demo {

struct host_backend
{
  template <class T>
  using vector = thrust::host_vector<T>;
  static auto policy() { return thrust::host; }
};

#if MGPU_HAS_CUDA_BACKEND
struct cuda_backend
{
  template <class T>
  using vector = thrust::device_vector<T>;
  static auto policy() { return thrust::device; }
};
#endif

template <class T, std::size_t N>
std::vector<T> from_array(const int (&values)[N])
{
  return std::vector<T>(values, values + N);
}

template <class Vector>
std::vector<int> to_host(const Vector& values)
{
  thrust::host_vector<int> host(values);
  return std::vector<int>(host.begin(), host.end());
}

// The first elements of `values`, up to `end` (an algorithm's returned end).
template <class Vector, class It>
std::vector<int> to_host(const Vector& values, It end)
{
  auto host = to_host(values);
  host.resize(static_cast<std::size_t>(end - values.begin()));
  return host;
}

// Ten values a row, each row led by the index of its first value.
inline void print_array(const std::vector<int>& values)
{
  for (std::size_t i = 0; i < values.size(); ++i)
  {
    if (i % 10 == 0)
      std::printf("%s%5zu: ", i ? "\n" : "", i);
    std::printf(" %4d", values[i]);
  }
  std::printf("\n");
}

// Every section compares its result with a plain sequential computation and
// reports a mismatch; the demo's exit status is the count of mismatches.
inline int& mismatches()
{
  static int count = 0;
  return count;
}

inline void verify(const char* what, const std::vector<int>& actual, const std::vector<int>& expected)
{
  if (actual != expected)
  {
    std::printf("MISMATCH: %s differs from the sequential reference\n", what);
    ++mismatches();
  }
}

} // namespace demo
