// Shared by the checked-mode tests: a violated precondition must throw
// std::invalid_argument naming the algorithm, the rule and the first bad
// position, leaving the output as it was.
#pragma once

#include "common/test_support.h"

#include <algorithm>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#ifndef MGPU_CHECK_PRECONDITIONS
#  error "checked tests must be built with MGPU_CHECK_PRECONDITIONS"
#endif

namespace checked {

// Runs `call` and expects std::invalid_argument whose message holds every
// fragment.
template <class Call>
void expect_invalid_argument(Call call, const std::vector<const char*>& fragments)
{
  std::string message;
  try
  {
    call();
  }
  catch (const std::invalid_argument& e)
  {
    message = e.what();
  }
  CAPTURE(message);
  REQUIRE(!message.empty());
  for (const char* fragment : fragments)
    CHECK(message.find(fragment) != std::string::npos);
}

// Also checks that `output` still holds only poison.
template <class Call, class Output>
void expect_rejected(Call call, const Output& output, const std::vector<const char*>& fragments)
{
  expect_invalid_argument(call, fragments);
  using T = typename Output::value_type;
  const auto host = mgpu_test::to_std(output);
  CHECK(std::all_of(host.begin(), host.end(), [](const T& x) { return x == mgpu_test::poison<T>(); }));
}

} // namespace checked
