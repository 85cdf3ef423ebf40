// MGPU_CHECK_PRECONDITIONS on the host backend: every host policy runs the
// checks.
#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/checked_allocations_cases.h"
