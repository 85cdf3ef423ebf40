#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/bulk_cases.h"

#include <thrust/system/cpp/execution_policy.h>
#include <thrust/system/omp/execution_policy.h>

namespace {

template <class Policy>
void check_bulk_with(const Policy& policy)
{
  const auto source = bulk_cases::distinct_values<int>(5000, 1);
  const auto indices = bulk_cases::random_subset(source.size(), 25, 91);
  std::vector<int> kept(source.size() - indices.size(), mgpu_test::poison<int>());
  mgpu::bulk_remove(policy, source.begin(), source.end(), indices.begin(), indices.end(), kept.begin());
  MGPU_CHECK_EQUAL_RANGES(kept, bulk_cases::reference_remove(source, indices));

  const auto values = bulk_cases::distinct_values<int>(3000, 1 << 20);
  const auto positions = bulk_cases::random_positions(values.size(), source.size(), 92);
  std::vector<int> merged(source.size() + values.size(), mgpu_test::poison<int>());
  mgpu::bulk_insert(policy, source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                    merged.begin());
  MGPU_CHECK_EQUAL_RANGES(merged, bulk_cases::reference_insert(source, values, positions));
}

} // namespace

TEST_CASE("bulk_remove and bulk_insert: host, seq, cpp::par, omp::par and device under the CPP system")
{
  check_bulk_with(thrust::host);
  check_bulk_with(thrust::seq);
  check_bulk_with(thrust::cpp::par);
  check_bulk_with(thrust::omp::par);
  check_bulk_with(thrust::device);
}
