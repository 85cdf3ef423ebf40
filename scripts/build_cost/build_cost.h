// What bare.cu, mgpu.cu and thrust.cu share: the bare device_vector program
// and the read-back that prints every result, so that the three files differ
// only by the algorithms they call.
#pragma once

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/host_vector.h>

#include <cstddef>
#include <cstdio>
#include <initializer_list>

#if defined(__CUDACC__)
#  define BUILD_COST_HD __host__ __device__
#else
#  define BUILD_COST_HD
#endif

namespace build_cost {

using vector = thrust::device_vector<int>;

inline vector make(std::initializer_list<int> init)
{
  return vector(init.begin(), init.end());
}

// Reads the first `count` elements back and prints them.
inline void print(const char* what, const vector& v, std::ptrdiff_t count)
{
  const thrust::host_vector<int> host(v.begin(), v.begin() + count);
  std::printf("%s:", what);
  for (const int x : host)
    std::printf(" %d", x);
  std::printf("\n");
}

// The bare program: fill, copy, read back.
inline void bare_program()
{
  const vector source = make({0, 1, 2, 3, 4, 5, 6, 7});
  vector filled(8), copied(8);
  thrust::fill(thrust::device, filled.begin(), filled.end(), 7);
  thrust::copy(thrust::device, source.begin(), source.end(), copied.begin());
  print("filled", filled, 8);
  print("copied", copied, 8);
}

} // namespace build_cost
