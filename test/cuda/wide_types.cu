#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/wide_types_cases.h"
