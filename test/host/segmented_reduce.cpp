#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/segmented_reduce_cases.h"
