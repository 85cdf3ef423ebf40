#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/bad_input_segmented_reduce_cases.h"
