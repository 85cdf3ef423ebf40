// Segmented reduction over the load-balancing demonstration's segments: the
// same 50 sizes (125 values in all), in the same printed format.
#pragma once

#include "demo_inputs.h"
#include "demo_load_balance.h"
#include "demo_support.h"

#include <mgpu/segmented_reduce.h>

#include <cuda/functional>
#include <cuda/std/functional>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace demo {

template <class Backend>
void segmented_reduce_demo()
{
  std::printf("\n\nSEGMENTED REDUCE DEMONSTRATION:\n\n");
  const auto sizes = from_array<int>(mgpu_demo_data::lbs_counts);
  std::printf("Segment sizes:\n");
  print_array(sizes);

  int total    = 0;
  auto offsets = scan_counts<Backend>(sizes, total);
  std::printf("\nScan of segment sizes:\n");
  print_array(to_host(offsets));
  std::printf("Total: %4d\n", total);

  // The values are 0, 1, 2, ...: each sum is a run of consecutive integers.
  const auto values = thrust::make_counting_iterator(0);
  typename Backend::template vector<int> sums(sizes.size()), maxima(sizes.size());
  mgpu::segmented_reduce(Backend::policy(), values, values + total, offsets.begin(), offsets.end(), sums.begin(), 0,
                         ::cuda::std::plus<int>{});
  std::printf("\nSegment sums of the values 0, 1, 2, ... (init 0):\n");
  const auto sum_result = to_host(sums);
  print_array(sum_result);

  // An empty segment keeps init.
  mgpu::segmented_reduce(Backend::policy(), values, values + total, offsets.begin(), offsets.end(), maxima.begin(), -1,
                         ::cuda::maximum<int>{});
  std::printf("\nSegment maxima (init -1):\n");
  const auto max_result = to_host(maxima);
  print_array(max_result);

  std::vector<int> expected_sums(sizes.size(), 0), expected_maxima(sizes.size(), -1);
  const auto segment_of = expand_segment_indices(sizes);
  for (std::size_t i = 0; i < segment_of.size(); ++i)
  {
    const auto s = std::size_t(segment_of[i]);
    expected_sums[s] += int(i);
    expected_maxima[s] = std::max(expected_maxima[s], int(i));
  }
  verify("segment sums", sum_result, expected_sums);
  verify("segment maxima", max_result, expected_maxima);
}

} // namespace demo
