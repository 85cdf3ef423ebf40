#include "common/context_check.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/bad_input_join_cases.h"

// Runs after every bad input of this file (doctest's default order is by
// file, then line; the files after this one run in the same process too).
TEST_CASE("bad input: the CUDA context keeps working after the searches and joins")
{
  bad_input_join_cases::valid_join_still_right();
  mgpu_test::check_context_usable();
}
