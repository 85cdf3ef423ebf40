// What a consumer of mgpu writes: every public algorithm called once on small
// int inputs, with one backend's vectors and policy, and a few results checked.
// consumer.cu runs it with device_vector and thrust::device, consumer.cpp with
// host_vector and thrust::host.
#pragma once

#include <mgpu/mgpu.h>

#include <cuda/std/functional>
#include <thrust/fill.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform.h>

#include <cstddef>
#include <cstdio>
#include <initializer_list>
#include <vector>

#if defined(__CUDACC__)
#  define CONSUMER_HD __host__ __device__
#else
#  define CONSUMER_HD
#endif

namespace consumer {

// transform_lbs's callback: every work item records its segment.
struct record_segment
{
  int* segment;
  CONSUMER_HD void operator()(std::ptrdiff_t item, std::ptrdiff_t seg, std::ptrdiff_t) const
  {
    segment[item] = static_cast<int>(seg);
  }
};

// The search.h building blocks, called where a user's own kernel would call
// them: each diagonal of the merge of a and b asks every search once.
struct search_everything
{
  const int* a;
  std::ptrdiff_t a_count;
  const int* b;
  std::ptrdiff_t b_count;
  CONSUMER_HD int operator()(std::ptrdiff_t diag) const
  {
    const ::cuda::std::less<> less;
    const std::ptrdiff_t split = mgpu::merge_path(a, a_count, b, b_count, diag, less);
    const auto cut = mgpu::balanced_path(a, a_count, b, b_count, diag, less);
    const std::ptrdiff_t probe = diag < b_count ? diag : b_count - 1;
    const std::ptrdiff_t lower = mgpu::lower_bound_index(a, a_count, b[probe], less);
    const std::ptrdiff_t upper = mgpu::upper_bound_index(a, a_count, b[probe], less);
    const std::ptrdiff_t biased = mgpu::biased_lower_bound_index<2>(a, a_count, b[probe], less);
    return static_cast<int>(split + cut.a + cut.b + cut.starred + lower + upper + biased);
  }
};

template <class Vector>
std::vector<int> to_std(const Vector& v, std::ptrdiff_t count)
{
  const thrust::host_vector<int> host(v.begin(), v.begin() + count);
  return std::vector<int>(host.begin(), host.end());
}

inline int expect(const char* what, const std::vector<int>& got, std::initializer_list<int> want)
{
  if (got == std::vector<int>(want))
    return 0;
  std::printf("consumer: %s gave a wrong result\n", what);
  return 1;
}

// Returns the number of wrong results.
template <template <class...> class Vector, class Policy>
int call_every_algorithm(const Policy& policy)
{
  const std::vector<int> a_init{1, 3, 3, 5, 7}, b_init{2, 3, 6};
  const Vector<int> a(a_init.begin(), a_init.end()), b(b_init.begin(), b_init.end());
  const Vector<int> a_values(a_init.size(), 1), b_values(b_init.size(), 2);
  Vector<int> keys(8), values(8);
  int wrong = 0;
  // Every call writes into an output filled with -1, so one that writes nothing fails.
  auto fresh = [&](Vector<int>& v) {
    thrust::fill(policy, v.begin(), v.end(), -1);
    return v.begin();
  };

  auto keys_end = mgpu::merge(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys));
  wrong += expect("merge", to_std(keys, keys_end - keys.begin()), {1, 2, 3, 3, 3, 5, 6, 7});
  keys_end = mgpu::merge(a.begin(), a.end(), b.begin(), b.end(), fresh(keys)); // the iterators pick the system
  wrong += expect("merge without a policy", to_std(keys, keys_end - keys.begin()), {1, 2, 3, 3, 3, 5, 6, 7});
  auto pair_end = mgpu::merge_by_key(policy, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                     b_values.begin(), fresh(keys), fresh(values), ::cuda::std::less<>{});
  wrong += expect("merge_by_key", to_std(values, pair_end.second - values.begin()), {1, 2, 1, 1, 2, 1, 2, 1});

  keys_end = mgpu::set_intersection(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys));
  wrong += expect("set_intersection", to_std(keys, keys_end - keys.begin()), {3});
  keys_end = mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys));
  wrong += expect("set_union", to_std(keys, keys_end - keys.begin()), {1, 2, 3, 3, 5, 6, 7});
  keys_end = mgpu::set_difference(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys));
  wrong += expect("set_difference", to_std(keys, keys_end - keys.begin()), {1, 3, 5, 7});
  keys_end = mgpu::set_symmetric_difference(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys));
  wrong += expect("set_symmetric_difference", to_std(keys, keys_end - keys.begin()), {1, 2, 3, 5, 6, 7});
  // A's values are 1, B's 2.
  pair_end = mgpu::set_intersection_by_key(policy, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                           fresh(keys), fresh(values));
  wrong += expect("set_intersection_by_key", to_std(keys, pair_end.first - keys.begin()), {3});
  wrong += expect("set_intersection_by_key (values)", to_std(values, pair_end.second - values.begin()), {1});
  pair_end = mgpu::set_union_by_key(policy, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                    b_values.begin(), fresh(keys), fresh(values));
  wrong += expect("set_union_by_key", to_std(keys, pair_end.first - keys.begin()), {1, 2, 3, 3, 5, 6, 7});
  wrong += expect("set_union_by_key (values)", to_std(values, pair_end.second - values.begin()),
                  {1, 2, 1, 1, 1, 2, 1});
  pair_end = mgpu::set_difference_by_key(policy, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                         fresh(keys), fresh(values));
  wrong += expect("set_difference_by_key", to_std(keys, pair_end.first - keys.begin()), {1, 3, 5, 7});
  wrong += expect("set_difference_by_key (values)", to_std(values, pair_end.second - values.begin()), {1, 1, 1, 1});
  pair_end = mgpu::set_symmetric_difference_by_key(policy, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                                   b_values.begin(), fresh(keys), fresh(values));
  wrong += expect("set_symmetric_difference_by_key", to_std(keys, pair_end.first - keys.begin()),
                  {1, 2, 3, 5, 6, 7});
  wrong += expect("set_symmetric_difference_by_key (values)", to_std(values, pair_end.second - values.begin()),
                  {1, 2, 1, 1, 2, 1});

  const std::vector<int> source_init{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, remove_init{1, 4, 8};
  const std::vector<int> insert_init{100, 101, 102, 103, 104}, position_init{1, 1, 2, 3, 3};
  const Vector<int> source(source_init.begin(), source_init.end()), removed(remove_init.begin(), remove_init.end());
  const Vector<int> inserted(insert_init.begin(), insert_init.end());
  const Vector<int> positions(position_init.begin(), position_init.end());
  Vector<int> bulk(10);
  auto bulk_end = mgpu::bulk_remove(policy, source.begin(), source.end(), removed.begin(), removed.end(), fresh(bulk));
  wrong += expect("bulk_remove", to_std(bulk, bulk_end - bulk.begin()), {0, 2, 3, 5, 6, 7, 9});
  bulk_end = mgpu::bulk_insert(policy, source.begin(), source.begin() + 3, inserted.begin(), inserted.end(),
                               positions.begin(), fresh(bulk));
  wrong += expect("bulk_insert", to_std(bulk, bulk_end - bulk.begin()), {0, 100, 101, 1, 102, 2, 103, 104});

  // Segments of 2, 5, 3, 0 and 1 work items.
  const std::vector<int> offset_init{0, 2, 7, 10, 10};
  const Vector<int> offsets(offset_init.begin(), offset_init.end());
  Vector<int> segment(11), expanded(11), moved(11);
  mgpu::load_balance_search(policy, offsets.begin(), offsets.end(), fresh(segment), segment.end());
  wrong += expect("load_balance_search", to_std(segment, 11), {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4});
  fresh(segment);
  mgpu::transform_lbs(policy, offsets.begin(), offsets.end(), std::ptrdiff_t(11),
                      record_segment{thrust::raw_pointer_cast(segment.data())});
  wrong += expect("transform_lbs", to_std(segment, 11), {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4});
  mgpu::interval_expand(policy, offsets.begin(), offsets.end(), source.begin(), fresh(expanded), expanded.end());
  wrong += expect("interval_expand", to_std(expanded, 11), {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4});
  mgpu::interval_gather(policy, offsets.begin(), offsets.end(), source.begin(), source.begin(), fresh(moved),
                        moved.end());
  wrong += expect("interval_gather", to_std(moved, 11), {0, 1, 1, 2, 3, 4, 5, 2, 3, 4, 4});
  mgpu::interval_scatter(policy, offsets.begin(), offsets.end(), offsets.begin(), expanded.begin(), expanded.end(),
                         fresh(moved));
  wrong += expect("interval_scatter", to_std(moved, 11), {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4});
  mgpu::interval_move(policy, offsets.begin(), offsets.end(), 11, offsets.begin(), offsets.begin(), expanded.begin(),
                      fresh(moved));
  wrong += expect("interval_move", to_std(moved, 11), {0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 4});

  // a = 1 3 3 5 7 and b = 2 3 6: the needles b in the haystack a.
  Vector<int> bounds(b_init.size());
  mgpu::sorted_lower_bound(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(bounds));
  wrong += expect("sorted_lower_bound", to_std(bounds, 3), {1, 1, 4});
  mgpu::sorted_upper_bound(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(bounds));
  wrong += expect("sorted_upper_bound", to_std(bounds, 3), {1, 3, 4});

  // Key 3 is in a twice and in b once: two matched rows.
  const auto rows = mgpu::join_size(policy, a.begin(), a.end(), b.begin(), b.end(), mgpu::join_kind::full_outer);
  Vector<int> a_rows(8), b_rows(8);
  mgpu::join(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(a_rows), fresh(b_rows), mgpu::join_kind::inner);
  wrong += expect("join", to_std(a_rows, 2), {1, 2}) + expect("join (b rows)", to_std(b_rows, 2), {1, 1});
  wrong += expect("join_size", {int(rows)}, {7});
  auto semi_end = mgpu::semi_join(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(a_rows));
  wrong += expect("semi_join", to_std(a_rows, semi_end - a_rows.begin()), {1, 2});
  auto anti_end = mgpu::anti_join(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(a_rows));
  wrong += expect("anti_join", to_std(a_rows, anti_end - a_rows.begin()), {0, 3, 4});

  Vector<int> sums(offset_init.size());
  mgpu::segmented_reduce(policy, thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(11), offsets.begin(),
                         offsets.end(), fresh(sums), 0, ::cuda::std::plus<>{});
  wrong += expect("segmented_reduce", to_std(sums, 5), {1, 20, 24, 0, 10});

  Vector<int> count(1);
  mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), fresh(keys), mgpu::count_to(fresh(count)));
  wrong += expect("set_union with count_to", to_std(count, 1), {7});

  Vector<int> searched(a_init.size() + b_init.size() + 1);
  thrust::transform(policy, thrust::counting_iterator<std::ptrdiff_t>(0),
                    thrust::counting_iterator<std::ptrdiff_t>(std::ptrdiff_t(searched.size())), searched.begin(),
                    search_everything{thrust::raw_pointer_cast(a.data()), std::ptrdiff_t(a.size()),
                                      thrust::raw_pointer_cast(b.data()), std::ptrdiff_t(b.size())});
  const search_everything on_host{a_init.data(), std::ptrdiff_t(a_init.size()), b_init.data(),
                                  std::ptrdiff_t(b_init.size())};
  const std::vector<int> searched_here = to_std(searched, std::ptrdiff_t(searched.size()));
  for (std::size_t diag = 0; diag < searched_here.size(); ++diag)
    if (searched_here[diag] != on_host(std::ptrdiff_t(diag)))
    {
      std::printf("consumer: the search.h functions disagree at diagonal %zu\n", diag);
      ++wrong;
    }
  return wrong;
}

} // namespace consumer
