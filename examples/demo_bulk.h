// Bulk remove and bulk insert, as in the Modern GPU demonstrations.
#pragma once

#include "demo_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/sequence.h>

namespace demo {

// first + step * i: the step iterator of the original demonstrations.
struct step_sequence
{
  int first, step;
  __host__ __device__ int operator()(int i) const { return first + step * i; }
};

inline auto step_iterator(int first, int step)
{
  return thrust::make_transform_iterator(thrust::make_counting_iterator(0), step_sequence{first, step});
}

template <class Backend>
void bulk_remove_demo()
{
  std::printf("\n\nBULK REMOVE DEMONSTRATION:\n\n");
  const int n = 100;
  typename Backend::template vector<int> data(n);
  thrust::sequence(Backend::policy(), data.begin(), data.end());
  std::printf("Input array:\n");
  const auto input = to_host(data);
  print_array(input);

  // Remove every 3rd element, the indices 0, 3, 6, ... as a step iterator.
  const int remove_count = (n + 2) / 3;
  typename Backend::template vector<int> kept(n - remove_count);
  auto indices = step_iterator(0, 3);
  mgpu::bulk_remove(Backend::policy(), data.begin(), data.end(), indices, indices + remove_count, kept.begin());
  std::printf("\nRemoving every 3rd element:\n");
  const auto result = to_host(kept);
  print_array(result);

  std::vector<int> expected;
  for (int i = 0; i < n; ++i)
    if (i % 3 != 0)
      expected.push_back(input[i]);
  verify("bulk remove", result, expected);
}

template <class Backend>
void bulk_insert_demo()
{
  std::printf("\n\nBULK INSERT DEMONSTRATION:\n\n");
  const int n = 100;
  typename Backend::template vector<int> data(n);
  thrust::sequence(Backend::policy(), data.begin(), data.end());
  std::printf("Input array:\n");
  const auto input = to_host(data);
  print_array(input);

  // Insert 1000, 1010, ... before every 5th input starting at index 2.
  const int insert_count = (n - 2 + 4) / 5;
  typename Backend::template vector<int> merged(n + insert_count);
  auto values    = step_iterator(1000, 10);
  auto positions = step_iterator(2, 5);
  mgpu::bulk_insert(Backend::policy(), data.begin(), data.end(), values, values + insert_count, positions,
                    merged.begin());
  std::printf("\nInserting before every 5th element starting at item 2:\n");
  const auto result = to_host(merged);
  print_array(result);

  std::vector<int> expected;
  for (int i = 0; i < n; ++i)
  {
    if (i >= 2 && (i - 2) % 5 == 0)
      expected.push_back(1000 + 10 * ((i - 2) / 5));
    expected.push_back(input[i]);
  }
  verify("bulk insert", result, expected);
}

} // namespace demo
