// The bare program plus every public mgpu algorithm called once on int32
// device_vectors with thrust::device. thrust.cu does the same jobs the Thrust
// way, in the same order.
#include "build_cost.h"

#include <mgpu/mgpu.h>

#include <cuda/std/functional>

using build_cost::make;
using build_cost::print;
using build_cost::vector;

// transform_lbs's callback: every work item records its segment and rank.
struct record_segment
{
  int* out;
  BUILD_COST_HD void operator()(std::ptrdiff_t item, std::ptrdiff_t segment, std::ptrdiff_t rank) const
  {
    out[item] = static_cast<int>(segment * 10 + rank);
  }
};

int main()
{
  build_cost::bare_program();

  const vector a = make({1, 3, 3, 5, 7}), b = make({2, 3, 6});
  const vector a_values = make({10, 11, 12, 13, 14}), b_values = make({20, 21, 22});
  vector keys(8), values(8);

  // Merge and the set operations.
  auto keys_end = mgpu::merge(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("merge", keys, keys_end - keys.begin());
  auto pairs_end = mgpu::merge_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                      b_values.begin(), keys.begin(), values.begin());
  print("merge_by_key", values, pairs_end.second - values.begin());
  keys_end = mgpu::set_intersection(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_intersection", keys, keys_end - keys.begin());
  keys_end = mgpu::set_union(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_union", keys, keys_end - keys.begin());
  keys_end = mgpu::set_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_difference", keys, keys_end - keys.begin());
  keys_end = mgpu::set_symmetric_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_symmetric_difference", keys, keys_end - keys.begin());
  pairs_end = mgpu::set_intersection_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                            keys.begin(), values.begin());
  print("set_intersection_by_key", values, pairs_end.second - values.begin());
  pairs_end = mgpu::set_union_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                     b_values.begin(), keys.begin(), values.begin());
  print("set_union_by_key", values, pairs_end.second - values.begin());
  pairs_end = mgpu::set_difference_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                          b_values.begin(), keys.begin(), values.begin());
  print("set_difference_by_key", values, pairs_end.second - values.begin());
  pairs_end = mgpu::set_symmetric_difference_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
                                                    a_values.begin(), b_values.begin(), keys.begin(), values.begin());
  print("set_symmetric_difference_by_key", values, pairs_end.second - values.begin());

  // Bulk remove and insert.
  const vector source = make({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), removed = make({1, 4, 8});
  const vector inserted = make({100, 101, 102, 103, 104}), positions = make({1, 1, 2, 3, 3});
  vector bulk(10);
  auto bulk_end =
    mgpu::bulk_remove(thrust::device, source.begin(), source.end(), removed.begin(), removed.end(), bulk.begin());
  print("bulk_remove", bulk, bulk_end - bulk.begin());
  bulk_end = mgpu::bulk_insert(thrust::device, source.begin(), source.begin() + 3, inserted.begin(), inserted.end(),
                               positions.begin(), bulk.begin());
  print("bulk_insert", bulk, bulk_end - bulk.begin());

  // Load balancing and the interval family: segments of 2, 5, 3, 0 and 1 items.
  const vector offsets = make({0, 2, 7, 10, 10});
  const vector starts = make({5, 0, 3, 9, 1});
  const std::ptrdiff_t total = 11;
  vector segment(total), moved(total);
  mgpu::load_balance_search(thrust::device, offsets.begin(), offsets.end(), segment.begin(), segment.end());
  print("load_balance_search", segment, total);
  mgpu::transform_lbs(thrust::device, offsets.begin(), offsets.end(), total,
                      record_segment{thrust::raw_pointer_cast(segment.data())});
  print("transform_lbs", segment, total);
  mgpu::interval_expand(thrust::device, offsets.begin(), offsets.end(), source.begin(), moved.begin(), moved.end());
  print("interval_expand", moved, total);
  mgpu::interval_gather(thrust::device, offsets.begin(), offsets.end(), starts.begin(), source.begin(),
                        moved.begin(), moved.end());
  print("interval_gather", moved, total);
  mgpu::interval_scatter(thrust::device, offsets.begin(), offsets.end(), offsets.begin(), source.begin(),
                         source.begin() + 10, moved.begin());
  print("interval_scatter", moved, 10);
  mgpu::interval_move(thrust::device, offsets.begin(), offsets.end(), total, starts.begin(), offsets.begin(),
                      source.begin(), moved.begin());
  print("interval_move", moved, total);

  // Sorted searches and joins.
  vector found(3);
  mgpu::sorted_lower_bound(thrust::device, a.begin(), a.end(), b.begin(), b.end(), found.begin());
  print("sorted_lower_bound", found, 3);
  mgpu::sorted_upper_bound(thrust::device, a.begin(), a.end(), b.begin(), b.end(), found.begin());
  print("sorted_upper_bound", found, 3);
  const vector left = make({1, 2, 2, 4, 5}), right = make({2, 2, 3, 4, 4});
  const auto rows = mgpu::join_size(thrust::device, left.begin(), left.end(), right.begin(), right.end(),
                                    mgpu::join_kind::inner);
  vector left_rows(rows), right_rows(rows);
  mgpu::join(thrust::device, left.begin(), left.end(), right.begin(), right.end(), left_rows.begin(),
             right_rows.begin(), mgpu::join_kind::inner);
  print("join left", left_rows, rows);
  print("join right", right_rows, rows);
  vector matched(5);
  auto matched_end =
    mgpu::semi_join(thrust::device, left.begin(), left.end(), right.begin(), right.end(), matched.begin());
  print("semi_join", matched, matched_end - matched.begin());
  matched_end = mgpu::anti_join(thrust::device, left.begin(), left.end(), right.begin(), right.end(), matched.begin());
  print("anti_join", matched, matched_end - matched.begin());

  // Segmented reduce over the load-balancing segments.
  vector sums(5);
  mgpu::segmented_reduce(thrust::device, source.begin(), source.end(), offsets.begin(), offsets.end(), sums.begin(),
                         0, ::cuda::std::plus<int>{});
  print("segmented_reduce", sums, 5);
  return 0;
}
