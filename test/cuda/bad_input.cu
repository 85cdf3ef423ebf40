#include "common/context_check.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/bad_input_cases.h"

#include <cuda_runtime_api.h>

#include <algorithm>

namespace {

int multiprocessor_count()
{
  int device = 0, count = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device);
  return count;
}

} // namespace

TEST_CASE("bad input: launches large enough to run the partition kernels")
{
  // Per SM, more items than 24 merge tiles, 2 waves of set tiles or 4 waves
  // of load-balancing tiles hold at their sm_90 tunings.
  // Under racecheck a tenth of that: the partitioned binary runs the partitions.
  const std::size_t sms     = std::size_t(multiprocessor_count());
  const std::size_t per_sm  = mgpu_test::racecheck_sizes() ? 10000 : 100000;
  const std::size_t a_count = per_sm * sms, b_count = per_sm * sms;
  CAPTURE(a_count);
  {
    const bad_input_cases::two_ranges<int> in(bad_input_cases::unsorted_ints(a_count, 7001),
                                              bad_input_cases::unsorted_ints(b_count, 7002));
    bad_input_cases::check_merge(in, ::cuda::std::less<>{}, false);
    bad_input_cases::check_every_set_operation(in, ::cuda::std::less<>{}, false);
  }

  const std::size_t total = 5 * per_sm / 2 * sms, segments = total / 8;
  CAPTURE(total);
  const auto valid = bad_input_cases::valid_offsets(segments, static_cast<long long>(total), 7003);
  auto decreasing = valid;
  std::reverse(decreasing.begin(), decreasing.end());
  bad_input_cases::check_bad_offsets("decreasing", bad_input_cases::converted<int>(decreasing), total);
  auto shifted = valid;
  for (auto& offset : shifted)
    offset += static_cast<long long>(total / 3);
  bad_input_cases::check_bad_offsets("starting above 0", bad_input_cases::converted<int>(shifted), total);
  auto huge = bad_input_cases::converted<int>(valid);
  for (std::size_t s = 1; s < huge.size(); s += 7)
    huge[s] = bad_input_cases::int_max;
  bad_input_cases::check_bad_offsets("huge values", huge, total);
}

// Runs after every bad input of this file (doctest's default order is by
// file, then line; the files after this one run in the same process too).
TEST_CASE("bad input: the CUDA context keeps working afterwards")
{
  bad_input_cases::check_merge(bad_input_cases::two_ranges<int>(bad_input_cases::unsorted_ints(100000, 8001),
                                                                bad_input_cases::unsorted_ints(77777, 8002)),
                               ::cuda::std::less<>{}, false);
  mgpu_test::check_context_usable();
}
