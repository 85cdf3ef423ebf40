// MGPU_CHECK_PRECONDITIONS on the CUDA backend: the count_to forms.
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/checked_set_count_to_cases.h"
