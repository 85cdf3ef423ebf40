// MGPU_CHECK_PRECONDITIONS on the CUDA backend: what the checks cost in
// temporary allocations, and every CUDA policy runs them.
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/checked_allocations_cases.h"
