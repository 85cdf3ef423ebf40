#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/bad_input_join_cases.h"
