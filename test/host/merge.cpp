#include "common/test_support.h"

struct backend : mgpu_test::host_backend
{
  static constexpr std::size_t large_size = 1 << 17;
};

#include "cases/merge_cases.h"
