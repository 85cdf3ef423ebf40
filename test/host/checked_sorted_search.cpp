// MGPU_CHECK_PRECONDITIONS on the host backend.
#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/checked_sorted_search_cases.h"
