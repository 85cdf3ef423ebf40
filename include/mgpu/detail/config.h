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

// Marks a __host__ __device__ function that also reaches host-only code (the
// CUDA backend, a host policy's comparator): nvcc's execution-space checks are
// off for it, as for Thrust's algorithms, so a host-only callee reached from
// device code is dropped without a diagnostic.
#if defined(__CUDACC__) && !defined(__clang__)
#  define MGPU_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#  define MGPU_EXEC_CHECK_DISABLE
#endif

// In device code every policy runs the sequential backend, as Thrust's
// algorithms do there: a dispatcher's `MGPU_IN_DEVICE_CODE { ... return; }`
// runs only while nvcc compiles device code. The rest of the body stays,
// dead, in that pass so that it still instantiates the kernels host code
// launches; in the host pass the block is discarded (dispatchers are
// templates, whose discarded statements are not instantiated).
#if defined(__CUDA_ARCH__)
#  define MGPU_IN_DEVICE_CODE if (true)
#else
#  define MGPU_IN_DEVICE_CODE if constexpr (false)
#endif
