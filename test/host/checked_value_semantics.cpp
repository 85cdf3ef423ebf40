// MGPU_CHECK_PRECONDITIONS on the host backend: the checks compare keys as
// the algorithms do.
#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/value_semantics_cases.h"
