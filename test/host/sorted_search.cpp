#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/sorted_search_cases.h"
