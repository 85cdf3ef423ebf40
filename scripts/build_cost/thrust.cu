// The bare program plus the Thrust way of doing each job of mgpu.cu once, on
// the same int32 device_vectors with thrust::device and in the same order.
#include "build_cost.h"

#include <cuda/std/functional>
#include <thrust/binary_search.h>
#include <thrust/for_each.h>
#include <thrust/gather.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/merge.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/set_operations.h>
#include <thrust/transform.h>

using build_cost::make;
using build_cost::print;
using build_cost::vector;

using counting = thrust::counting_iterator<int>;

// Work item i's place in its segment: start[segment[i]] + i - offsets[segment[i]].
struct item_position
{
  const int* offsets;
  const int* start;
  BUILD_COST_HD int operator()(int item, int segment) const
  {
    return start[segment] + item - offsets[segment];
  }
};

// transform_lbs's callback, handed (item, segment) by for_each.
struct record_segment
{
  const int* offsets;
  int* out;
  template <class Pair>
  BUILD_COST_HD void operator()(Pair item_segment) const
  {
    const int item = thrust::get<0>(item_segment), segment = thrust::get<1>(item_segment);
    out[item] = segment * 10 + item - offsets[segment];
  }
};

struct is_flagged
{
  BUILD_COST_HD bool operator()(int flag) const
  {
    return flag != 0;
  }
};

// The segment of each of `total` work items: the vectorized search of the
// items in the offsets past the first.
void segments_of(const vector& offsets, int total, vector& segment)
{
  thrust::upper_bound(thrust::device, offsets.begin() + 1, offsets.end(), counting(0), counting(total),
                      segment.begin());
}

int main()
{
  build_cost::bare_program();

  const vector a = make({1, 3, 3, 5, 7}), b = make({2, 3, 6});
  const vector a_values = make({10, 11, 12, 13, 14}), b_values = make({20, 21, 22});
  vector keys(8), values(8);

  // Merge and the set operations.
  auto keys_end = thrust::merge(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("merge", keys, keys_end - keys.begin());
  auto pairs_end = thrust::merge_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                        b_values.begin(), keys.begin(), values.begin());
  print("merge_by_key", values, pairs_end.second - values.begin());
  keys_end = thrust::set_intersection(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_intersection", keys, keys_end - keys.begin());
  keys_end = thrust::set_union(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_union", keys, keys_end - keys.begin());
  keys_end = thrust::set_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_difference", keys, keys_end - keys.begin());
  keys_end = thrust::set_symmetric_difference(thrust::device, a.begin(), a.end(), b.begin(), b.end(), keys.begin());
  print("set_symmetric_difference", keys, keys_end - keys.begin());
  pairs_end = thrust::set_intersection_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
                                              a_values.begin(), keys.begin(), values.begin());
  print("set_intersection_by_key", values, pairs_end.second - values.begin());
  pairs_end = thrust::set_union_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                       b_values.begin(), keys.begin(), values.begin());
  print("set_union_by_key", values, pairs_end.second - values.begin());
  pairs_end = thrust::set_difference_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                            b_values.begin(), keys.begin(), values.begin());
  print("set_difference_by_key", values, pairs_end.second - values.begin());
  pairs_end = thrust::set_symmetric_difference_by_key(thrust::device, a.begin(), a.end(), b.begin(), b.end(),
                                                      a_values.begin(), b_values.begin(), keys.begin(),
                                                      values.begin());
  print("set_symmetric_difference_by_key", values, pairs_end.second - values.begin());

  // Bulk remove: flag the removed indices, then copy the unflagged elements.
  const vector source = make({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}), removed = make({1, 4, 8});
  const vector inserted = make({100, 101, 102, 103, 104}), positions = make({1, 1, 2, 3, 3});
  vector bulk(10);
  vector flags(10);
  thrust::scatter(thrust::device, thrust::constant_iterator<int>(1), thrust::constant_iterator<int>(1) + 3,
                  removed.begin(), flags.begin());
  auto bulk_end = thrust::remove_copy_if(thrust::device, source.begin(), source.end(), flags.begin(), bulk.begin(),
                                         is_flagged{});
  print("bulk_remove", bulk, bulk_end - bulk.begin());
  // Bulk insert: merge the positions with the source's own indices; ties
  // take the inserted values first.
  auto inserted_end = thrust::merge_by_key(thrust::device, positions.begin(), positions.end(), counting(0),
                                           counting(3), inserted.begin(), source.begin(),
                                           thrust::make_discard_iterator(), bulk.begin());
  print("bulk_insert", bulk, inserted_end.second - bulk.begin());

  // Load balancing and the interval family: segments of 2, 5, 3, 0 and 1 items.
  const vector offsets = make({0, 2, 7, 10, 10});
  const vector starts = make({5, 0, 3, 9, 1});
  const int total = 11;
  vector segment(total), moved(total), gathered(total), scattered(total);
  segments_of(offsets, total, segment);
  print("load_balance_search", segment, total);
  segments_of(offsets, total, segment);
  thrust::for_each(thrust::device, thrust::make_zip_iterator(counting(0), segment.begin()),
                   thrust::make_zip_iterator(counting(total), segment.end()),
                   record_segment{thrust::raw_pointer_cast(offsets.data()), thrust::raw_pointer_cast(segment.data())});
  print("transform_lbs", segment, total);
  segments_of(offsets, total, segment);
  thrust::gather(thrust::device, segment.begin(), segment.end(), source.begin(), moved.begin());
  print("interval_expand", moved, total);
  segments_of(offsets, total, segment);
  thrust::transform(thrust::device, counting(0), counting(total), segment.begin(), gathered.begin(),
                    item_position{thrust::raw_pointer_cast(offsets.data()), thrust::raw_pointer_cast(starts.data())});
  thrust::gather(thrust::device, gathered.begin(), gathered.end(), source.begin(), moved.begin());
  print("interval_gather", moved, total);
  segments_of(offsets, 10, segment);
  thrust::transform(thrust::device, counting(0), counting(10), segment.begin(), scattered.begin(),
                    item_position{thrust::raw_pointer_cast(offsets.data()), thrust::raw_pointer_cast(offsets.data())});
  thrust::scatter(thrust::device, source.begin(), source.begin() + 10, scattered.begin(), moved.begin());
  print("interval_scatter", moved, 10);
  segments_of(offsets, total, segment);
  thrust::transform(thrust::device, counting(0), counting(total), segment.begin(), gathered.begin(),
                    item_position{thrust::raw_pointer_cast(offsets.data()), thrust::raw_pointer_cast(starts.data())});
  thrust::transform(thrust::device, counting(0), counting(total), segment.begin(), scattered.begin(),
                    item_position{thrust::raw_pointer_cast(offsets.data()), thrust::raw_pointer_cast(offsets.data())});
  thrust::scatter(thrust::device, thrust::make_permutation_iterator(source.begin(), gathered.begin()),
                  thrust::make_permutation_iterator(source.begin(), gathered.end()), scattered.begin(),
                  moved.begin());
  print("interval_move", moved, total);

  // Sorted searches and joins.
  vector found(3);
  thrust::lower_bound(thrust::device, a.begin(), a.end(), b.begin(), b.end(), found.begin());
  print("sorted_lower_bound", found, 3);
  thrust::upper_bound(thrust::device, a.begin(), a.end(), b.begin(), b.end(), found.begin());
  print("sorted_upper_bound", found, 3);
  // Join size: each left key's run of matches in the right keys, scanned.
  const vector left = make({1, 2, 2, 4, 5}), right = make({2, 2, 3, 4, 4});
  vector lower(5), upper(5), matches(5), row_start(5);
  thrust::lower_bound(thrust::device, right.begin(), right.end(), left.begin(), left.end(), lower.begin());
  thrust::upper_bound(thrust::device, right.begin(), right.end(), left.begin(), left.end(), upper.begin());
  thrust::transform(thrust::device, upper.begin(), upper.end(), lower.begin(), matches.begin(), ::cuda::std::minus<int>{});
  thrust::exclusive_scan(thrust::device, matches.begin(), matches.end(), row_start.begin());
  const int rows = row_start.back() + matches.back();
  // Join: each row finds its left row in the scan, then its right row.
  vector left_rows(rows), right_rows(rows);
  thrust::upper_bound(thrust::device, row_start.begin() + 1, row_start.end(), counting(0), counting(rows),
                      left_rows.begin());
  thrust::transform(thrust::device, counting(0), counting(rows), left_rows.begin(), right_rows.begin(),
                    item_position{thrust::raw_pointer_cast(row_start.data()), thrust::raw_pointer_cast(lower.data())});
  print("join left", left_rows, rows);
  print("join right", right_rows, rows);
  vector has_match(5), matched(5);
  thrust::binary_search(thrust::device, right.begin(), right.end(), left.begin(), left.end(), has_match.begin());
  auto matched_end =
    thrust::copy_if(thrust::device, counting(0), counting(5), has_match.begin(), matched.begin(), is_flagged{});
  print("semi_join", matched, matched_end - matched.begin());
  matched_end =
    thrust::remove_copy_if(thrust::device, counting(0), counting(5), has_match.begin(), matched.begin(), is_flagged{});
  print("anti_join", matched, matched_end - matched.begin());

  // Segmented reduce: reduce by the segment of each value, then place the
  // sums; empty segments keep the initial value.
  vector sums(5), value_segment(10), segment_ids(5), segment_sums(5);
  thrust::fill(thrust::device, sums.begin(), sums.end(), 0);
  segments_of(offsets, 10, value_segment);
  const auto reduced_end = thrust::reduce_by_key(thrust::device, value_segment.begin(), value_segment.end(),
                                                 source.begin(), segment_ids.begin(), segment_sums.begin());
  thrust::scatter(thrust::device, segment_sums.begin(), reduced_end.second, segment_ids.begin(), sums.begin());
  print("segmented_reduce", sums, 5);
  return 0;
}
