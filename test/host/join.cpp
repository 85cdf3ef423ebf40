#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/join_cases.h"
