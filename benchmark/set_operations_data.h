// The inputs, reference and checks shared by the set-operation comparison
// (set_operations.cu) and its tile-shape sweeps (set_operations_tuning.cu).
//
// DIST names the keys and the size ratio of A to B:
//   wide_*    keys in [0, 2^30]: few duplicates, few matches
//   narrow_*  keys in [0, 1000]: long runs of duplicates, many matches
//   unique_*  strictly increasing keys spread over [0, 2^30]: no duplicates
//   *_1to1, *_1to10: |A| : |B|.
// Bytes count every input key read once, one input value read per output
// value, and every output written once.
#pragma once

#include "bench_support.h"

#include <thrust/set_operations.h>

#include <algorithm>
#include <cstdint>
#include <string>

namespace set_bench {

enum class family
{
  intersection,
  union_,
  difference,
  symmetric_difference
};

inline const char* family_name(family f)
{
  switch (f)
  {
    case family::intersection: return "set_intersection";
    case family::union_: return "set_union";
    case family::difference: return "set_difference";
    default: return "set_symmetric_difference";
  }
}

enum class keys_kind
{
  wide,
  narrow,
  unique
};

struct distribution
{
  keys_kind kind;
  int ratio; // |B| = ratio * |A|
  std::string name() const
  {
    const char* k = kind == keys_kind::wide ? "wide" : kind == keys_kind::narrow ? "narrow" : "unique";
    return std::string(k) + "_1to" + std::to_string(ratio);
  }
};

// Strictly increasing keys: key i lies in its own stride-wide slot of
// [0, 2^30), at a hashed offset.
template <class Key>
struct unique_key
{
  std::uint64_t stride;
  bench::hash_value hash;
  __host__ __device__ Key operator()(std::uint64_t i) const
  {
    return static_cast<Key>(i * stride + (stride > 1 ? hash(i) % stride : 0));
  }
};

template <class Key>
thrust::device_vector<Key> make_keys(std::size_t count, keys_kind kind, std::uint64_t seed)
{
  if (kind == keys_kind::unique)
  {
    thrust::device_vector<Key> keys(count);
    const std::uint64_t stride = count ? std::max<std::uint64_t>(1, (std::uint64_t(1) << 30) / count) : 1;
    thrust::tabulate(keys.begin(), keys.end(), unique_key<Key>{stride, bench::hash_value{seed, 1u << 30}});
    return keys;
  }
  return bench::sorted_random_vector<Key>(count, kind == keys_kind::wide ? (1ull << 30) + 1 : 1001, seed);
}

template <class Key>
struct set_data
{
  thrust::device_vector<Key> a_keys, b_keys, a_values, b_values, keys_out, values_out;
  // Thrust's result of the most recent family, the reference of the others.
  std::string expected_for;
  thrust::device_vector<Key> expected_keys, expected_values;
  std::int64_t expected_count = 0;
};

template <class Key>
set_data<Key>& inputs(std::int64_t total, distribution dist)
{
  static bench::input_cache<set_data<Key>> cache;
  return cache.get(std::to_string(total) + "/" + dist.name(), [&] {
    set_data<Key> d;
    const std::size_t na = std::size_t(total / (dist.ratio + 1)), nb = std::size_t(total) - na;
    d.a_keys   = make_keys<Key>(na, dist.kind, 1);
    d.b_keys   = make_keys<Key>(nb, dist.kind, 2);
    d.a_values = bench::random_vector<Key>(na, 1u << 30, 3);
    d.b_values = bench::random_vector<Key>(nb, 1u << 30, 4);
    d.keys_out.resize(total);
    d.values_out.resize(total);
    return d;
  });
}

// thrust::set_`F` (or its _by_key form) on A = [a, a + na) and
// B = [b, b + nb); returns the number of outputs.
template <family F, bool ByKey, class Policy, class KeyIt, class ValueIt, class KeyOut, class ValueOut>
std::int64_t thrust_set(const Policy& policy, KeyIt a, std::int64_t na, KeyIt b, std::int64_t nb, ValueIt av,
                        ValueIt bv, KeyOut keys_out, ValueOut values_out)
{
  if constexpr (!ByKey)
  {
    if constexpr (F == family::intersection)
      return thrust::set_intersection(policy, a, a + na, b, b + nb, keys_out) - keys_out;
    else if constexpr (F == family::union_)
      return thrust::set_union(policy, a, a + na, b, b + nb, keys_out) - keys_out;
    else if constexpr (F == family::difference)
      return thrust::set_difference(policy, a, a + na, b, b + nb, keys_out) - keys_out;
    else
      return thrust::set_symmetric_difference(policy, a, a + na, b, b + nb, keys_out) - keys_out;
  }
  else if constexpr (F == family::intersection)
    return thrust::set_intersection_by_key(policy, a, a + na, b, b + nb, av, keys_out, values_out).first - keys_out;
  else if constexpr (F == family::union_)
    return thrust::set_union_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out).first - keys_out;
  else if constexpr (F == family::difference)
    return thrust::set_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out).first -
           keys_out;
  else
    return thrust::set_symmetric_difference_by_key(policy, a, a + na, b, b + nb, av, bv, keys_out, values_out)
             .first -
           keys_out;
}

// Thrust's result for this family and data, computed once.
template <family F, bool ByKey, class Key>
void prepare_reference(set_data<Key>& d)
{
  const std::string name = std::string(family_name(F)) + (ByKey ? "_by_key" : "");
  if (d.expected_for == name)
    return;
  d.expected_keys.resize(d.keys_out.size());
  d.expected_values.resize(ByKey ? d.values_out.size() : 0);
  d.expected_count = thrust_set<F, ByKey>(thrust::device, d.a_keys.begin(), std::int64_t(d.a_keys.size()),
                                          d.b_keys.begin(), std::int64_t(d.b_keys.size()), d.a_values.begin(),
                                          d.b_values.begin(), d.expected_keys.begin(), d.expected_values.begin());
  d.expected_keys.resize(d.expected_count);
  if (ByKey)
    d.expected_values.resize(d.expected_count);
  d.expected_for = name;
}

// The call's output count, then its outputs, against the reference.
template <class Vector>
void verify_outputs(benchmark::State& state, const Vector& actual, std::int64_t count, const Vector& expected)
{
  if (count != std::int64_t(expected.size()))
    state.SkipWithError("wrong result");
  else
    bench::verify_prefix(state, actual, expected);
}

template <class Key>
double traffic(const set_data<Key>& d, std::int64_t outputs, bool by_key)
{
  const double keys_read  = double(d.a_keys.size() + d.b_keys.size()) * sizeof(Key);
  const double per_output = (by_key ? 3.0 : 1.0) * sizeof(Key); // key written, value read and written
  return keys_read + double(outputs) * per_output;
}

} // namespace set_bench
