// Merge test bodies, written once and run against `backend` (the including
// file defines it as the host or the CUDA backend). References are std::merge
// on the same inputs; outputs start poisoned.
#pragma once

#include "common/merge_reference.h"
#include "common/test_support.h"

#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/merge.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>

#include <cuda/std/functional>

#include <utility>

using mgpu_test::poisoned;
using mgpu_test::random_sorted;
using mgpu_test::to_backend;
using mgpu_test::to_std;

namespace merge_cases {

// Totals around the tile sizes of every tuning (keys and pairs, sm_90 and
// fallback), plus empty and tiny inputs.
inline std::vector<std::pair<std::size_t, std::size_t>> boundary_shapes()
{
  using namespace mgpu::detail::cuda;
  std::vector<std::pair<std::size_t, std::size_t>> shapes = {{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 5000}, {5000, 0}, {7, 3}};
  for (std::size_t tile : {merge_tuning_sm90<4>::shape::tile_size, merge_tuning_sm90<8>::shape::tile_size,
                           merge_tuning_sm90<12>::shape::tile_size, merge_tuning_fallback<4>::shape::tile_size,
                           merge_tuning_fallback<12>::shape::tile_size})
    for (std::size_t total : {tile - 1, tile, tile + 1, 2 * tile - 1, 3 * tile + 1})
    {
      shapes.emplace_back(total / 2, total - total / 2);
      shapes.emplace_back(total / 3, total - total / 3);
    }
  return shapes;
}

template <class Key, class Compare = ::cuda::std::less<>>
void check_merge_keys(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {})
{
  auto d_a    = to_backend<backend>(a);
  auto d_b    = to_backend<backend>(b);
  auto merged = poisoned<backend, Key>(a.size() + b.size());
  auto end    = mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), merged.begin(), comp);
  CHECK(end == merged.end());

  std::vector<Key> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin(), comp);
  MGPU_CHECK_EQUAL_RANGES(to_std(merged), expected);
}

// Values name their source (A: 0.., B: |A|..), so stability is checked too.
template <class Key, class Value = int, class Compare = ::cuda::std::less<>>
void check_merge_pairs(const std::vector<Key>& a, const std::vector<Key>& b, Compare comp = {})
{
  const auto a_values = mgpu_test::iota_values<Value>(a.size(), Value(0));
  const auto b_values = mgpu_test::iota_values<Value>(b.size(), Value(a.size()));
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto d_av = to_backend<backend>(a_values), d_bv = to_backend<backend>(b_values);
  auto keys   = poisoned<backend, Key>(a.size() + b.size());
  auto values = poisoned<backend, Value>(a.size() + b.size());
  auto ends   = mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                                 d_bv.begin(), keys.begin(), values.begin(), comp);
  CHECK(ends.first == keys.end());
  CHECK(ends.second == values.end());

  const auto [expected_keys, expected_values] = mgpu_test::reference_merge_pairs(a, a_values, b, b_values, comp);
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), expected_keys);
  MGPU_CHECK_EQUAL_RANGES(to_std(values), expected_values);
}

struct times_three
{
  MGPU_HD int operator()(int x) const { return 3 * x; }
};

} // namespace merge_cases

TEST_CASE("merge: sizes around tile boundaries, random and duplicate-heavy keys")
{
  std::uint64_t seed = 1;
  for (const auto& shape : merge_cases::boundary_shapes())
  {
    const std::size_t na = shape.first, nb = shape.second;
    CAPTURE(na);
    CAPTURE(nb);
    merge_cases::check_merge_keys(random_sorted<int>(na, 0, 1 << 30, seed), random_sorted<int>(nb, 0, 1 << 30, seed + 1));
    merge_cases::check_merge_pairs(random_sorted<int>(na, 0, 9, seed + 2), random_sorted<int>(nb, 0, 9, seed + 3));
    seed += 4;
  }
}

TEST_CASE("merge: large random inputs, wide and narrow key ranges")
{
  const std::size_t n = backend::large_size;
  for (int hi : {1 << 30, 1000, 3})
  {
    CAPTURE(hi);
    merge_cases::check_merge_keys(random_sorted<int>(n, 0, hi, 11), random_sorted<int>(n + 12345, 0, hi, 12));
    merge_cases::check_merge_pairs(random_sorted<int>(n - 777, 0, hi, 13), random_sorted<int>(n, 0, hi, 14));
  }
}

TEST_CASE("merge: all-equal keys keep A before B, each in its own order")
{
  const std::vector<int> a(10000, 42), b(7001, 42);
  merge_cases::check_merge_keys(a, b);
  merge_cases::check_merge_pairs(a, b);
}

TEST_CASE("merge: disjoint ranges in either order")
{
  const auto low  = mgpu_test::iota_values<int>(9000, 0);
  const auto high = mgpu_test::iota_values<int>(5000, 100000);
  merge_cases::check_merge_keys(low, high);
  merge_cases::check_merge_keys(high, low);
  merge_cases::check_merge_pairs(low, high);
  merge_cases::check_merge_pairs(high, low);
}

TEST_CASE("merge: asymmetric sizes")
{
  for (const auto& shape : {std::pair<std::size_t, std::size_t>{1, 100000}, {100000, 1}, {37, 50000}, {50000, 999}})
  {
    const std::size_t na = shape.first, nb = shape.second;
    CAPTURE(na);
    merge_cases::check_merge_keys(random_sorted<int>(na, 0, 1000, na), random_sorted<int>(nb, 0, 1000, nb));
    merge_cases::check_merge_pairs(random_sorted<int>(na, 0, 1000, na + 1), random_sorted<int>(nb, 0, 1000, nb + 1));
  }
}

TEST_CASE("merge: descending order with cuda::std::greater")
{
  ::cuda::std::greater<> greater;
  merge_cases::check_merge_keys(random_sorted<int>(20000, 0, 500, 5, greater), random_sorted<int>(17000, 0, 500, 6, greater), greater);
  merge_cases::check_merge_pairs(random_sorted<int>(9000, 0, 50, 7, greater), random_sorted<int>(12000, 0, 50, 8, greater), greater);
}

TEST_CASE("merge: 8-byte keys and values")
{
  merge_cases::check_merge_keys(random_sorted<std::int64_t>(30000, -(1ll << 40), 1ll << 40, 21),
                                random_sorted<std::int64_t>(25000, -(1ll << 40), 1ll << 40, 22));
  merge_cases::check_merge_keys(random_sorted<double>(30000, -1.0, 1.0, 23), random_sorted<double>(29000, -1.0, 1.0, 24));
  merge_cases::check_merge_pairs<std::int64_t, std::int64_t>(random_sorted<std::int64_t>(20000, 0, 100, 25),
                                                            random_sorted<std::int64_t>(20001, 0, 100, 26));
  merge_cases::check_merge_pairs<double, double>(random_sorted<double>(7000, 0.0, 1.0, 27),
                                                 random_sorted<double>(9000, 0.0, 1.0, 28));
  // Keys and values (0 .. 84) stay clear of the int8 poison, 90.
  merge_cases::check_merge_pairs<std::int8_t, std::int8_t>(random_sorted<std::int8_t>(45, -100, 80, 29),
                                                           random_sorted<std::int8_t>(40, -100, 80, 30));
}

TEST_CASE("merge_by_key: zip_iterator values travel as tuples")
{
  const mgpu_test::tagged_zip_inputs in(10000, 8000, 31);
  const auto &a = in.a, &b = in.b;
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto d_ai = to_backend<backend>(in.a_tags), d_bi = to_backend<backend>(in.b_tags);
  auto d_af = to_backend<backend>(in.a_weights), d_bf = to_backend<backend>(in.b_weights);
  const std::size_t n = a.size() + b.size();
  auto keys = poisoned<backend, int>(n);
  auto out_i = poisoned<backend, int>(n);
  auto out_f = poisoned<backend, float>(n);
  mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                     thrust::make_zip_iterator(d_ai.begin(), d_af.begin()),
                     thrust::make_zip_iterator(d_bi.begin(), d_bf.begin()), keys.begin(),
                     thrust::make_zip_iterator(out_i.begin(), out_f.begin()));

  // The int half of each tuple names its source; the float half must match it.
  const auto h_keys = to_std(keys);
  const auto h_i = to_std(out_i);
  const auto h_f = to_std(out_f);
  std::vector<int> expected_keys(n);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected_keys.begin());
  MGPU_CHECK_EQUAL_RANGES(h_keys, expected_keys);
  int wrong = 0;
  for (std::size_t k = 0; k < n; ++k)
  {
    const bool from_b = in.from_b(h_i[k]);
    const std::size_t src = from_b ? std::size_t(h_i[k] - in.b_tag_base) : std::size_t(h_i[k]);
    const bool ok = from_b ? (src < b.size() && b[src] == h_keys[k] && in.b_weights[src] == h_f[k])
                           : (src < a.size() && a[src] == h_keys[k] && in.a_weights[src] == h_f[k]);
    wrong += ok ? 0 : 1;
  }
  CHECK(wrong == 0);
}

TEST_CASE("merge: fancy-iterator inputs and discard outputs")
{
  // A = 0, 3, 6, ... (transform over counting), B = 100, 101, ... (counting).
  auto a_first = thrust::make_transform_iterator(thrust::make_counting_iterator(0), merge_cases::times_three{});
  auto b_first = thrust::make_counting_iterator(100);
  const int na = 5000, nb = 4000;
  auto merged = poisoned<backend, int>(na + nb);
  auto end = mgpu::merge(backend::policy(), a_first, a_first + na, b_first, b_first + nb, merged.begin());
  CHECK(end == merged.end());
  std::vector<int> a(na), b(nb), expected(na + nb);
  for (int i = 0; i < na; ++i)
    a[i] = 3 * i;
  for (int i = 0; i < nb; ++i)
    b[i] = 100 + i;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(merged), expected);

  // Keys discarded, values kept; then values discarded, keys kept.
  auto d_a = to_backend<backend>(a), d_b = to_backend<backend>(b);
  auto values = poisoned<backend, int>(na + nb);
  auto ends = mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(),
                                 thrust::make_counting_iterator(0), thrust::make_counting_iterator(na),
                                 thrust::make_discard_iterator(), values.begin());
  CHECK(ends.second == values.end());
  std::vector<int> expected_values;
  {
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size())
      if (j == b.size() || (i < a.size() && !(b[j] < a[i])))
        expected_values.push_back(int(i++));
      else
        expected_values.push_back(int(na + j++));
  }
  MGPU_CHECK_EQUAL_RANGES(to_std(values), expected_values);

  auto keys = poisoned<backend, int>(na + nb);
  mgpu::merge_by_key(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), thrust::make_counting_iterator(0),
                     thrust::make_counting_iterator(na), keys.begin(), thrust::make_discard_iterator());
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), expected);
}

#include "common/demo_outputs.h"
#include "demo_inputs.h"

TEST_CASE("merge: the Modern GPU demonstrations' inputs give their printed outputs")
{
  auto d_a = to_backend<backend>(std::vector<int>(std::begin(mgpu_demo_data::merge_keys_a), std::end(mgpu_demo_data::merge_keys_a)));
  auto d_b = to_backend<backend>(std::vector<int>(std::begin(mgpu_demo_data::merge_keys_b), std::end(mgpu_demo_data::merge_keys_b)));
  auto merged = poisoned<backend, int>(200);
  mgpu::merge(backend::policy(), d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), merged.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(merged), std::vector<int>(std::begin(mgpu_demo_data::merge_keys), std::end(mgpu_demo_data::merge_keys)));

  auto d_pa = to_backend<backend>(std::vector<int>(std::begin(mgpu_demo_data::merge_pairs_a), std::end(mgpu_demo_data::merge_pairs_a)));
  auto d_pb = to_backend<backend>(std::vector<int>(std::begin(mgpu_demo_data::merge_pairs_b), std::end(mgpu_demo_data::merge_pairs_b)));
  auto keys = poisoned<backend, int>(200), values = poisoned<backend, int>(200);
  mgpu::merge_by_key(backend::policy(), d_pa.begin(), d_pa.end(), d_pb.begin(), d_pb.end(), thrust::make_counting_iterator(0),
                     thrust::make_counting_iterator(100), keys.begin(), values.begin());
  MGPU_CHECK_EQUAL_RANGES(to_std(keys), std::vector<int>(std::begin(mgpu_demo_data::merge_pairs_keys), std::end(mgpu_demo_data::merge_pairs_keys)));
  MGPU_CHECK_EQUAL_RANGES(to_std(values),
                          std::vector<int>(std::begin(mgpu_demo_data::merge_pairs_values), std::end(mgpu_demo_data::merge_pairs_values)));
}
