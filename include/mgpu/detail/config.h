// Compiler and backend detection shared by every mgpu header.
#pragma once

#include <thrust/detail/config.h>

// The CUDA backend exists only when nvcc compiles the translation unit and
// Thrust's device system is CUDA; otherwise every algorithm runs on the
// sequential host backend.
#if defined(__CUDACC__) && THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#  define MGPU_HAS_CUDA_BACKEND 1
#else
#  define MGPU_HAS_CUDA_BACKEND 0
#endif

#if defined(__CUDACC__)
#  define MGPU_HD __host__ __device__
#  define MGPU_DEVICE __device__
#  define MGPU_FORCEINLINE __forceinline__
#else
#  define MGPU_HD
#  define MGPU_DEVICE
#  define MGPU_FORCEINLINE inline
#endif
