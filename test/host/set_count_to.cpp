#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/set_count_to_cases.h"

#include <thrust/system/cpp/execution_policy.h>

TEST_CASE("set operations, count_to: every host policy, and std::vector storage with a raw pointer count")
{
  const auto a = mgpu_test::random_sorted<int>(5000, 0, 50, 101), b = mgpu_test::random_sorted<int>(4000, 0, 50, 102);
  std::vector<int> expected;
  std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  auto check = [&](auto policy) {
    std::vector<int> out(a.size() + b.size(), mgpu_test::poison<int>());
    long long count = -1;
    mgpu::set_symmetric_difference(policy, a.begin(), a.end(), b.begin(), b.end(), out.begin(),
                                   mgpu::count_to(&count));
    CHECK(count == static_cast<long long>(expected.size()));
    MGPU_CHECK_EQUAL_RANGES(out, count_to_cases::padded(expected, out.size()));
  };
  check(thrust::host);
  check(thrust::seq);
  check(thrust::cpp::par);
  check(thrust::device); // the CPP device system
  // Without a policy: std::vector iterators and a raw pointer run on the host.
  std::vector<int> out(a.size() + b.size(), mgpu_test::poison<int>());
  unsigned count = 0;
  mgpu::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), out.begin(), mgpu::count_to(&count));
  CHECK(count == expected.size());
  MGPU_CHECK_EQUAL_RANGES(out, count_to_cases::padded(expected, out.size()));
}
