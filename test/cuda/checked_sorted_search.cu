// MGPU_CHECK_PRECONDITIONS on the CUDA backend.
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/checked_sorted_search_cases.h"
