// Load-balancing search, interval expand and interval move, as in the Modern
// GPU demonstrations.
#pragma once

#include "demo_support.h"
#include "demo_inputs.h"

#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/scan.h>

#include <cstddef>
#include <vector>

namespace demo {

// The exclusive scan of `counts` on the backend, and the total count.
template <class Backend>
typename Backend::template vector<int> scan_counts(const std::vector<int>& counts, int& total)
{
  typename Backend::template vector<int> d_counts(counts.begin(), counts.end()), offsets(counts.size());
  thrust::exclusive_scan(Backend::policy(), d_counts.begin(), d_counts.end(), offsets.begin());
  total = counts.empty() ? 0 : to_host(offsets).back() + counts.back();
  return offsets;
}

// Each item's segment, by expanding the counts in order.
inline std::vector<int> expand_segment_indices(const std::vector<int>& counts)
{
  std::vector<int> segments;
  for (std::size_t s = 0; s < counts.size(); ++s)
    segments.insert(segments.end(), std::size_t(counts[s]), int(s));
  return segments;
}

template <class Backend>
void load_balance_search_demo()
{
  std::printf("\n\nLOAD-BALANCING SEARCH DEMONSTRATION:\n\n");
  const auto counts = from_array<int>(mgpu_demo_data::lbs_counts);
  std::printf("Object counts\n");
  print_array(counts);

  int total     = 0;
  auto offsets  = scan_counts<Backend>(counts, total);
  std::printf("\nScan of object counts:\n");
  print_array(to_host(offsets));
  std::printf("Total: %4d\n", total);

  typename Backend::template vector<int> references(total);
  mgpu::load_balance_search(Backend::policy(), offsets.begin(), offsets.end(), references.begin(), references.end());
  std::printf("\nObject references:\n");
  const auto result = to_host(references);
  print_array(result);

  verify("object references", result, expand_segment_indices(counts));
}

template <class Backend>
void interval_expand_demo()
{
  std::printf("\n\nINTERVAL-EXPAND DEMONSTRATION:\n\n");
  const auto counts = from_array<int>(mgpu_demo_data::expand_counts);
  const auto values = from_array<int>(mgpu_demo_data::expand_values);
  std::printf("Expand counts:\n");
  print_array(counts);
  std::printf("\nExpand values:\n");
  print_array(values);

  int total    = 0;
  auto offsets = scan_counts<Backend>(counts, total);
  typename Backend::template vector<int> d_values(values.begin(), values.end()), expanded(total);
  mgpu::interval_expand(Backend::policy(), offsets.begin(), offsets.end(), d_values.begin(), expanded.begin(),
                        expanded.end());
  std::printf("\nExpanded data:\n");
  const auto result = to_host(expanded);
  print_array(result);

  std::vector<int> expected;
  for (int s : expand_segment_indices(counts))
    expected.push_back(values[std::size_t(s)]);
  verify("expanded data", result, expected);
}

template <class Backend>
void interval_move_demo()
{
  std::printf("\n\nINTERVAL-MOVE DEMONSTRATION:\n\n");
  const auto counts  = from_array<int>(mgpu_demo_data::move_counts);
  const auto gather  = from_array<int>(mgpu_demo_data::move_gather);
  const auto scatter = from_array<int>(mgpu_demo_data::move_scatter);
  std::printf("Interval counts:\n");
  print_array(counts);
  std::printf("\nInterval gather:\n");
  print_array(gather);
  std::printf("\nInterval scatter:\n");
  print_array(scatter);

  int total    = 0;
  auto offsets = scan_counts<Backend>(counts, total);
  typename Backend::template vector<int> d_gather(gather.begin(), gather.end()), d_scatter(scatter.begin(), scatter.end()),
    moved(total);
  // The input is 0, 1, 2, ...: each moved value names where it came from.
  mgpu::interval_move(Backend::policy(), offsets.begin(), offsets.end(), total, d_gather.begin(), d_scatter.begin(),
                      thrust::make_counting_iterator(0), moved.begin());
  std::printf("\nMoved data:\n");
  const auto result = to_host(moved);
  print_array(result);

  std::vector<int> expected(std::size_t(total), -1);
  for (std::size_t s = 0; s < counts.size(); ++s)
    for (int r = 0; r < counts[s]; ++r)
      expected[std::size_t(scatter[s] + r)] = gather[s] + r;
  verify("moved data", result, expected);
}

} // namespace demo
