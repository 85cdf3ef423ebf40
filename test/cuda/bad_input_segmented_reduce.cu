#include "common/context_check.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/bad_input_segmented_reduce_cases.h"

#include <mgpu/detail/cuda/runtime/launch.h>

#include <algorithm>

TEST_CASE("bad input: segmented_reduce launches large enough to run the partition kernel")
{
  // Per SM, more steps than 4 waves of 256 x 23-step tiles (8 per SM) hold.
  // Under racecheck a tenth of that: the partitioned binary runs the partition.
  const std::size_t sms    = std::size_t(mgpu::detail::cuda::current_sm_count("test"));
  const std::size_t per_sm = mgpu_test::racecheck_sizes() ? 25000 : 250000;
  const std::size_t total = per_sm * sms, segments = total / 8;
  CAPTURE(total);
  const auto valid = mgpu_test::valid_offsets(segments, static_cast<long long>(total), 9503);
  auto decreasing  = valid;
  std::reverse(decreasing.begin(), decreasing.end());
  bad_segreduce::check_bad_offsets("decreasing", mgpu_test::converted<int>(decreasing), total);
  auto shifted = valid;
  for (auto& offset : shifted)
    offset += static_cast<long long>(total / 3);
  bad_segreduce::check_bad_offsets("starting above 0", mgpu_test::converted<int>(shifted), total);
  auto huge = mgpu_test::converted<int>(valid);
  for (std::size_t s = 1; s < huge.size(); s += 7)
    huge[s] = std::numeric_limits<int>::max();
  bad_segreduce::check_bad_offsets("huge values", huge, total);
}

// Runs after every bad input of this file (doctest's default order is by
// file, then line; the files after this one run in the same process too).
TEST_CASE("bad input: the CUDA context keeps working after the segmented reductions")
{
  mgpu_test::check_context_usable();
}
