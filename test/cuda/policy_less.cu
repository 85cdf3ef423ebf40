// The overloads without a policy on device iterators: device_vector
// iterators, device_ptr, and fancy iterators (which belong to any system)
// among them select the CUDA system, as Thrust does, and every algorithm
// gives what the std:: algorithm or the host policy form gives; host_vector
// iterators select the host system.
#include "common/test_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/detail/policy.h>
#include <mgpu/interval_move.h>
#include <mgpu/load_balance.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/iterator_traits.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/detail/generic/select_system.h>

#include <cuda/std/functional>

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

using mgpu_test::iota_values;
using mgpu_test::poison;
using mgpu_test::random_sorted;
using mgpu_test::to_std;

namespace {

using backend = mgpu_test::cuda_backend;

// The system that Thrust's policy-less algorithms, and mgpu's, select for
// arguments of these iterator types.
template <class... Iterators>
using selected_system_t = std::decay_t<decltype(thrust::system::detail::generic::select_system(
  std::declval<typename thrust::iterator_system<Iterators>::type&>()...))>;

using device_iterator   = thrust::device_vector<int>::iterator;
using host_iterator     = thrust::host_vector<int>::iterator;
using counting_iterator = thrust::counting_iterator<int>;

static_assert(std::is_same_v<selected_system_t<device_iterator, device_iterator, device_iterator>, thrust::cuda::tag>);
static_assert(std::is_same_v<selected_system_t<thrust::device_ptr<int>, device_iterator>, thrust::cuda::tag>);
static_assert(
  std::is_same_v<selected_system_t<counting_iterator, device_iterator, device_iterator>, thrust::cuda::tag>);
static_assert(std::is_same_v<selected_system_t<counting_iterator>, thrust::cuda::tag>);
static_assert(std::is_same_v<selected_system_t<host_iterator, host_iterator, host_iterator>, thrust::host_system_tag>);
static_assert(
  std::is_same_v<selected_system_t<host_iterator, int*, std::vector<int>::iterator>, thrust::host_system_tag>);
// mgpu runs the CUDA backend for the first and the sequential one for the second.
static_assert(mgpu::detail::is_cuda_policy_v<thrust::cuda::tag>);
static_assert(!mgpu::detail::is_cuda_policy_v<thrust::host_system_tag>);

enum where_run : int
{
  ran_on_device = 1,
  ran_on_host   = 2
};

// Records each work item's segment, and whether the call ran in device code.
template <class Pointer>
struct record_segment_and_where
{
  Pointer segments;
  Pointer where;
  __host__ __device__ void operator()(std::int64_t item, std::int64_t segment, std::int64_t) const
  {
    segments[item] = int(segment);
#ifdef __CUDA_ARCH__
    where[item] = int(ran_on_device);
#else
    where[item] = int(ran_on_host);
#endif
  }
};

thrust::device_vector<int> poisoned_device(std::size_t count)
{
  return mgpu_test::poisoned<backend, int>(count);
}

std::vector<int> with_poisoned_tail(std::vector<int> values, std::size_t size)
{
  values.resize(size, poison<int>());
  return values;
}

template <class StdOp>
std::vector<int> std_set_operation(const std::vector<int>& a, const std::vector<int>& b, StdOp std_op)
{
  std::vector<int> out(a.size() + b.size());
  out.resize(std::size_t(std_op(a.begin(), a.end(), b.begin(), b.end(), out.begin()) - out.begin()));
  return out;
}

// Strictly ascending keys 0, step, 2 step, ...: inputs for the unique_keys forms.
std::vector<int> unique_sorted(std::size_t count, int step)
{
  std::vector<int> keys(count);
  for (std::size_t i = 0; i < count; ++i)
    keys[i] = int(i) * step;
  return keys;
}

// Sorted keys with values naming their source, on the host and the device;
// poisoned outputs on both. `unique` makes both key ranges strictly ascending.
struct keyed_problem
{
  std::vector<int> a_keys, b_keys, a_values, b_values, keys_out, values_out;
  thrust::device_vector<int> d_a_keys, d_b_keys, d_a_values, d_b_values, d_keys_out, d_values_out;

  explicit keyed_problem(bool unique)
      : a_keys(unique ? unique_sorted(30000, 2) : random_sorted<int>(30000, 0, 3000, 91)),
        b_keys(unique ? unique_sorted(20000, 3) : random_sorted<int>(20000, 0, 3000, 92)),
        a_values(iota_values<int>(a_keys.size(), 0)), b_values(iota_values<int>(b_keys.size(), 1 << 20)),
        keys_out(a_keys.size() + b_keys.size(), poison<int>()), values_out(keys_out.size(), poison<int>()),
        d_a_keys(a_keys.begin(), a_keys.end()), d_b_keys(b_keys.begin(), b_keys.end()),
        d_a_values(a_values.begin(), a_values.end()), d_b_values(b_values.begin(), b_values.end()),
        d_keys_out(poisoned_device(keys_out.size())), d_values_out(poisoned_device(keys_out.size()))
  {}

  // The device outputs equal the host ones, and the device call returned
  // ends `key_count` and `value_count` elements in.
  void check(std::ptrdiff_t key_count, std::ptrdiff_t value_count, std::ptrdiff_t expected_count) const
  {
    CHECK(expected_count > 0);
    CHECK(key_count == expected_count);
    CHECK(value_count == expected_count);
    MGPU_CHECK_EQUAL_RANGES(to_std(d_keys_out), keys_out);
    MGPU_CHECK_EQUAL_RANGES(to_std(d_values_out), values_out);
  }
};

// Exclusive scan of `counts`.
std::vector<int> offsets_of(const std::vector<int>& counts)
{
  std::vector<int> offsets(counts.size());
  int sum = 0;
  for (std::size_t s = 0; s < counts.size(); ++s)
  {
    offsets[s] = sum;
    sum += counts[s];
  }
  return offsets;
}

// Counts with empty segments, runs of them and long ones.
std::vector<int> segment_counts()
{
  std::vector<int> counts;
  for (int s = 0; s < 3000; ++s)
    counts.push_back(s % 7 == 0 ? 0 : s % 101 == 1 ? 900 : s % 5);
  return counts;
}

} // namespace

TEST_CASE("policy-less merge: device_vector iterators, device_ptr, and a counting_iterator among them")
{
  const auto a = random_sorted<int>(100000, 0, 1000, 81), b = random_sorted<int>(70000, 0, 1000, 82);
  std::vector<int> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  const thrust::device_vector<int> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());

  auto out = poisoned_device(expected.size());
  CHECK(mgpu::merge(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin()) == out.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);

  out = poisoned_device(expected.size());
  const thrust::device_ptr<const int> a_ptr = d_a.data(), b_ptr = d_b.data();
  const thrust::device_ptr<int> out_ptr = out.data();
  CHECK(mgpu::merge(a_ptr, a_ptr + a.size(), b_ptr, b_ptr + b.size(), out_ptr, ::cuda::std::less<>{})
        == out_ptr + expected.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);

  const auto counted = iota_values<int>(5000, 0);
  std::vector<int> expected_counted(counted.size() + b.size());
  std::merge(counted.begin(), counted.end(), b.begin(), b.end(), expected_counted.begin());
  out = poisoned_device(expected_counted.size());
  mgpu::merge(thrust::make_counting_iterator(0), thrust::make_counting_iterator(5000), d_b.begin(), d_b.end(),
              out.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected_counted);
}

TEST_CASE("policy-less merge on host_vector iterators runs on the host")
{
  const auto a = random_sorted<int>(3000, 0, 100, 83), b = random_sorted<int>(2000, 0, 100, 84);
  std::vector<int> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  const thrust::host_vector<int> h_a(a.begin(), a.end()), h_b(b.begin(), b.end());
  thrust::host_vector<int> out(expected.size(), poison<int>());
  CHECK(mgpu::merge(h_a.begin(), h_a.end(), h_b.begin(), h_b.end(), out.begin()) == out.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
}

TEST_CASE("policy-less merge_by_key: device_vector keys, device_ptr values")
{
  keyed_problem p(false);
  mgpu::merge_by_key(thrust::host, p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(), p.b_keys.end(),
                     p.a_values.begin(), p.b_values.begin(), p.keys_out.begin(), p.values_out.begin());
  const auto ends = mgpu::merge_by_key(p.d_a_keys.begin(), p.d_a_keys.end(), p.d_b_keys.begin(), p.d_b_keys.end(),
                                       p.d_a_values.data(), p.d_b_values.data(), p.d_keys_out.begin(),
                                       p.d_values_out.begin());
  p.check(ends.first - p.d_keys_out.begin(), ends.second - p.d_values_out.begin(), std::ptrdiff_t(p.keys_out.size()));
}

TEST_CASE("policy-less set operations on keys: device_vector iterators and device_ptr")
{
  const auto a = random_sorted<int>(60000, 0, 4000, 85), b = random_sorted<int>(50000, 0, 4000, 86);
  const thrust::device_vector<int> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());
  const std::size_t capacity = a.size() + b.size();

  {
    const auto expected = std_set_operation(a, b, [](auto... args) { return std::set_intersection(args...); });
    auto out            = poisoned_device(capacity);
    const auto end      = mgpu::set_intersection(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin());
    CHECK(std::size_t(end - out.begin()) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(expected, capacity));
  }
  {
    const auto expected = std_set_operation(a, b, [](auto... args) { return std::set_union(args...); });
    auto out            = poisoned_device(capacity);
    const auto end =
      mgpu::set_union(d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(), ::cuda::std::less<>{});
    CHECK(std::size_t(end - out.begin()) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(expected, capacity));
  }
  {
    const auto ua = unique_sorted(40000, 2), ub = unique_sorted(30000, 3);
    const thrust::device_vector<int> d_ua(ua.begin(), ua.end()), d_ub(ub.begin(), ub.end());
    const auto expected = std_set_operation(ua, ub, [](auto... args) { return std::set_difference(args...); });
    auto out            = poisoned_device(ua.size() + ub.size());
    const thrust::device_ptr<const int> ua_ptr = d_ua.data(), ub_ptr = d_ub.data();
    const thrust::device_ptr<int> out_ptr = out.data();
    const auto end = mgpu::set_difference(ua_ptr, ua_ptr + ua.size(), ub_ptr, ub_ptr + ub.size(), out_ptr,
                                          ::cuda::std::less<>{}, mgpu::unique_keys);
    CHECK(std::size_t(end - out_ptr) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(expected, out.size()));
  }
  {
    const auto expected =
      std_set_operation(a, b, [](auto... args) { return std::set_symmetric_difference(args...); });
    auto out = poisoned_device(capacity);
    const thrust::device_ptr<const int> a_ptr = d_a.data(), b_ptr = d_b.data();
    const thrust::device_ptr<int> out_ptr = out.data();
    const auto end = mgpu::set_symmetric_difference(a_ptr, a_ptr + a.size(), b_ptr, b_ptr + b.size(), out_ptr);
    CHECK(std::size_t(end - out_ptr) == expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), with_poisoned_tail(expected, capacity));
  }
}

TEST_CASE("policy-less set operations by key: device_vector iterators and device_ptr")
{
  const auto less = ::cuda::std::less<>{};
  {
    keyed_problem p(false);
    const auto host_ends = mgpu::set_intersection_by_key(thrust::host, p.a_keys.begin(), p.a_keys.end(),
                                                         p.b_keys.begin(), p.b_keys.end(), p.a_values.begin(),
                                                         p.keys_out.begin(), p.values_out.begin());
    const auto ends = mgpu::set_intersection_by_key(p.d_a_keys.begin(), p.d_a_keys.end(), p.d_b_keys.begin(),
                                                    p.d_b_keys.end(), p.d_a_values.begin(), p.d_keys_out.begin(),
                                                    p.d_values_out.begin());
    p.check(ends.first - p.d_keys_out.begin(), ends.second - p.d_values_out.begin(),
            host_ends.first - p.keys_out.begin());
  }
  {
    // Thrust's parameter list, with the unread values of B.
    keyed_problem p(false);
    const auto host_ends = mgpu::set_difference_by_key(thrust::host, p.a_keys.begin(), p.a_keys.end(),
                                                       p.b_keys.begin(), p.b_keys.end(), p.a_values.begin(),
                                                       p.b_values.begin(), p.keys_out.begin(), p.values_out.begin(),
                                                       less);
    const thrust::device_ptr<int> keys_out_ptr = p.d_keys_out.data();
    const auto ends = mgpu::set_difference_by_key(p.d_a_keys.data(), p.d_a_keys.data() + p.a_keys.size(),
                                                  p.d_b_keys.data(), p.d_b_keys.data() + p.b_keys.size(),
                                                  p.d_a_values.data(), p.d_b_values.begin(), keys_out_ptr,
                                                  p.d_values_out.begin(), less);
    p.check(ends.first - keys_out_ptr, ends.second - p.d_values_out.begin(), host_ends.first - p.keys_out.begin());
  }
  {
    keyed_problem p(true);
    const auto host_ends = mgpu::set_union_by_key(thrust::host, p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(),
                                                  p.b_keys.end(), p.a_values.begin(), p.b_values.begin(),
                                                  p.keys_out.begin(), p.values_out.begin(), less, mgpu::unique_keys);
    const auto ends = mgpu::set_union_by_key(p.d_a_keys.begin(), p.d_a_keys.end(), p.d_b_keys.begin(),
                                             p.d_b_keys.end(), p.d_a_values.begin(), p.d_b_values.begin(),
                                             p.d_keys_out.begin(), p.d_values_out.begin(), less, mgpu::unique_keys);
    p.check(ends.first - p.d_keys_out.begin(), ends.second - p.d_values_out.begin(),
            host_ends.first - p.keys_out.begin());
  }
  {
    keyed_problem p(false);
    const auto host_ends = mgpu::set_symmetric_difference_by_key(
      thrust::host, p.a_keys.begin(), p.a_keys.end(), p.b_keys.begin(), p.b_keys.end(), p.a_values.begin(),
      p.b_values.begin(), p.keys_out.begin(), p.values_out.begin());
    const auto ends = mgpu::set_symmetric_difference_by_key(
      p.d_a_keys.begin(), p.d_a_keys.end(), p.d_b_keys.begin(), p.d_b_keys.end(), p.d_a_values.data(),
      p.d_b_values.data(), p.d_keys_out.begin(), p.d_values_out.begin());
    p.check(ends.first - p.d_keys_out.begin(), ends.second - p.d_values_out.begin(),
            host_ends.first - p.keys_out.begin());
  }
}

TEST_CASE("policy-less bulk_remove and bulk_insert: device_vector iterators and device_ptr")
{
  const auto source = iota_values<int>(100000, 0);
  const thrust::device_vector<int> d_source(source.begin(), source.end());

  std::vector<int> indices, kept;
  for (int i = 0; i < int(source.size()); ++i)
    (i % 3 == 1 ? indices : kept).push_back(i);
  const thrust::device_vector<int> d_indices(indices.begin(), indices.end());
  auto removed = poisoned_device(kept.size() + 7);
  const thrust::device_ptr<int> removed_ptr = removed.data();
  CHECK(mgpu::bulk_remove(d_source.begin(), d_source.end(), d_indices.begin(), d_indices.end(), removed_ptr)
        == removed_ptr + kept.size());
  MGPU_CHECK_EQUAL_RANGES(to_std(removed), with_poisoned_tail(kept, removed.size()));

  // Values -1, -2, ... before positions 0, 0, 7, 14, ..., and at the end.
  std::vector<int> values, positions;
  for (int j = 0; j < 20000; ++j)
  {
    values.push_back(-1 - j);
    positions.push_back(j < 2 ? 0 : std::min(7 * (j - 1), int(source.size())));
  }
  std::vector<int> expected(source.size() + values.size(), poison<int>());
  mgpu::bulk_insert(thrust::host, source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                    expected.begin());
  const thrust::device_vector<int> d_values(values.begin(), values.end()), d_positions(positions.begin(),
                                                                                       positions.end());
  auto inserted = poisoned_device(expected.size());
  const thrust::device_ptr<const int> source_ptr = d_source.data();
  CHECK(mgpu::bulk_insert(source_ptr, source_ptr + source.size(), d_values.begin(), d_values.end(),
                          d_positions.begin(), inserted.begin())
        == inserted.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(inserted), expected);
}

TEST_CASE("policy-less load_balance_search and transform_lbs run on the device for device and counting offsets")
{
  const auto counts  = segment_counts();
  const auto offsets = offsets_of(counts);
  const int total    = offsets.back() + counts.back();
  std::vector<int> expected_segments;
  for (std::size_t s = 0; s < counts.size(); ++s)
    expected_segments.insert(expected_segments.end(), std::size_t(counts[s]), int(s));
  const thrust::device_vector<int> d_offsets(offsets.begin(), offsets.end());

  auto segments = poisoned_device(std::size_t(total));
  mgpu::load_balance_search(d_offsets.begin(), d_offsets.end(), segments.begin(), segments.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected_segments);

  segments   = poisoned_device(std::size_t(total));
  auto where = poisoned_device(std::size_t(total));
  const thrust::device_ptr<const int> offsets_ptr = d_offsets.data();
  mgpu::transform_lbs(offsets_ptr, offsets_ptr + offsets.size(), std::int64_t(total),
                      record_segment_and_where<thrust::device_ptr<int>>{segments.data(), where.data()});
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), expected_segments);
  MGPU_CHECK_EQUAL_RANGES(to_std(where), std::vector<int>(std::size_t(total), int(ran_on_device)));

  // Offsets 0, 1, 2, ...: one item per segment. A counting_iterator belongs
  // to any system; alone, it selects the device system.
  const int count = 10000;
  segments        = poisoned_device(std::size_t(count));
  where           = poisoned_device(std::size_t(count));
  mgpu::transform_lbs(thrust::make_counting_iterator(0), thrust::make_counting_iterator(count), count,
                      record_segment_and_where<thrust::device_ptr<int>>{segments.data(), where.data()});
  MGPU_CHECK_EQUAL_RANGES(to_std(segments), iota_values<int>(std::size_t(count), 0));
  MGPU_CHECK_EQUAL_RANGES(to_std(where), std::vector<int>(std::size_t(count), int(ran_on_device)));
}

TEST_CASE("policy-less transform_lbs on host_vector offsets runs on the host")
{
  const auto counts  = segment_counts();
  const auto offsets = offsets_of(counts);
  const int total    = offsets.back() + counts.back();
  const thrust::host_vector<int> h_offsets(offsets.begin(), offsets.end());
  std::vector<int> segments(std::size_t(total), poison<int>()), where(std::size_t(total), poison<int>());
  mgpu::transform_lbs(h_offsets.begin(), h_offsets.end(), total,
                      record_segment_and_where<int*>{segments.data(), where.data()});
  CHECK(segments.back() == int(counts.size()) - 1);
  MGPU_CHECK_EQUAL_RANGES(where, std::vector<int>(std::size_t(total), int(ran_on_host)));
}

TEST_CASE("policy-less interval expand, gather, scatter and move: device iterators, device_ptr, counting input")
{
  const auto counts  = segment_counts();
  const auto offsets = offsets_of(counts);
  const int total    = offsets.back() + counts.back();
  const std::size_t m = counts.size(), n = std::size_t(total);
  const auto values   = iota_values<int>(m, 100);
  const auto input    = iota_values<int>(n + 3 * m, 1000000);
  // Interval s is gathered from 3 s + (its offset) and scattered so the
  // intervals land in reverse order.
  std::vector<int> gather(m), scatter(m);
  for (std::size_t s = 0; s < m; ++s)
  {
    gather[s]  = 3 * int(s) + offsets[s];
    scatter[s] = total - offsets[s] - counts[s];
  }
  const thrust::device_vector<int> d_offsets(offsets.begin(), offsets.end()), d_values(values.begin(), values.end()),
    d_input(input.begin(), input.end()), d_gather(gather.begin(), gather.end()),
    d_scatter(scatter.begin(), scatter.end());
  const thrust::device_ptr<const int> offsets_ptr = d_offsets.data();

  std::vector<int> expected(n, poison<int>());
  mgpu::interval_expand(thrust::host, offsets.begin(), offsets.end(), values.begin(), expected.begin(),
                        expected.end());
  auto result = poisoned_device(n);
  mgpu::interval_expand(d_offsets.begin(), d_offsets.end(), d_values.data(), result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);

  // The input is a counting_iterator: input[j] = 1000000 + j.
  expected.assign(n, poison<int>());
  mgpu::interval_gather(thrust::host, offsets.begin(), offsets.end(), gather.begin(), input.begin(),
                        expected.begin(), expected.end());
  result = poisoned_device(n);
  mgpu::interval_gather(offsets_ptr, offsets_ptr + m, d_gather.begin(), thrust::make_counting_iterator(1000000),
                        result.begin(), result.end());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);

  expected.assign(n, poison<int>());
  mgpu::interval_scatter(thrust::host, offsets.begin(), offsets.end(), scatter.begin(), input.begin(),
                         input.begin() + total, expected.begin());
  result = poisoned_device(n);
  mgpu::interval_scatter(d_offsets.begin(), d_offsets.end(), d_scatter.data(), d_input.begin(),
                         d_input.begin() + total, result.data());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);

  expected.assign(n, poison<int>());
  mgpu::interval_move(thrust::host, offsets.begin(), offsets.end(), total, gather.begin(), scatter.begin(),
                      input.begin(), expected.begin());
  result = poisoned_device(n);
  mgpu::interval_move(offsets_ptr, offsets_ptr + m, total, d_gather.data(), d_scatter.begin(), d_input.data(),
                      result.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(result), expected);
}
