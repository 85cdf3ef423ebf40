#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/load_balance_cases.h"
