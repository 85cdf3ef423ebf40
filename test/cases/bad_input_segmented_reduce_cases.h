// Bad-input test bodies for segmented_reduce, written once and run against
// `backend` (the including file defines it as the host or the CUDA
// backend): offsets that break every precondition. The result is then
// unspecified, but a call must read only values in [0, total) and offsets in
// [0, m), write only result[0, m) (between two poisoned guard zones that must
// survive), raise no exception, leave no CUDA error, and the next valid call
// must still be right. Reads are watched through iterators that count every
// index outside their range; the same offsets also run over a plain value
// array (the bulk-copy path on the device).
#pragma once

#include "common/bad_data.h"
#include "common/guarded_output.h"
#include "common/test_support.h"

#include <mgpu/segmented_reduce.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>

#if MGPU_HAS_CUDA_BACKEND
#  include <cuda_runtime_api.h>
#endif

#include <algorithm>
#include <cstdint>
#include <exception>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace bad_segreduce {

using mgpu_test::to_backend;
using mgpu_test::to_std;

inline constexpr bool on_device = !std::is_same_v<backend, mgpu_test::host_backend>;

// (segments, values): few and many values per segment, more segments than
// values, and on the device many waves of tiles.
inline std::vector<std::pair<std::size_t, std::size_t>> sizes()
{
  std::vector<std::pair<std::size_t, std::size_t>> list = {{13, 100}, {300, 100}, {2500, 20000}, {50000, 20000}};
  if (mgpu_test::many_waves_sizes(on_device))
    list.emplace_back(400000, 3000000);
  return list;
}

template <class Vector>
auto raw(Vector& v)
{
  return thrust::raw_pointer_cast(v.data());
}

inline MGPU_HD void count_stray(unsigned long long* strays)
{
#ifdef __CUDA_ARCH__
  atomicAdd(strays, 1ull);
#else
  ++*strays;
#endif
}

// values[i] = i % 7 - 3 for i in [0, total); an index outside counts a stray
// read (and reads 0).
struct watched_value
{
  long long total;
  unsigned long long* strays;
  MGPU_HD int operator()(long long i) const
  {
    if (i < 0 || i >= total)
    {
      count_stray(strays);
      return 0;
    }
    return int(i % 7) - 3;
  }
};

// offsets[j] for j in [0, m); an index outside counts a stray read.
template <class Offset>
struct watched_offset
{
  const Offset* offsets;
  long long m;
  unsigned long long* strays;
  MGPU_HD Offset operator()(long long j) const
  {
    if (j < 0 || j >= m)
    {
      count_stray(strays);
      return Offset(0);
    }
    return offsets[j];
  }
};

// Guarded results and clean calls (common/guarded_output.h).
template <class T>
using guarded_output = mgpu_test::guarded_output<backend, T>;
using mgpu_test::check_guards;
using mgpu_test::guard_size;
using mgpu_test::runs_cleanly;
using guarded_result = guarded_output<int>;

inline void valid_call_still_right()
{
  runs_cleanly("the next valid mgpu::segmented_reduce", [] {
    const std::vector<int> offsets = {0, 0, 3, 10, 10, 11, 40};
    const int total                = 50;
    auto d_offsets                 = to_backend<backend>(offsets);
    auto values                    = to_backend<backend>(mgpu_test::iota_values<int>(total, 1));
    auto sums                      = mgpu_test::poisoned<backend, int>(offsets.size());
    mgpu::segmented_reduce(backend::policy(), values.begin(), values.end(), d_offsets.begin(), d_offsets.end(),
                           sums.begin(), 5, ::cuda::std::plus<int>{});
    std::vector<int> expected(offsets.size(), 5);
    for (std::size_t s = 0; s < offsets.size(); ++s)
      for (int i = offsets[s]; i < (s + 1 < offsets.size() ? offsets[s + 1] : total); ++i)
        expected[s] += i + 1;
    MGPU_CHECK_EQUAL_RANGES(to_std(sums), expected);
  });
}

// segmented_reduce over `host_offsets` and `total` values: once with watched
// values and offsets, once over plain arrays.
template <class Offset>
void check_bad_offsets(const std::string& kind, const std::vector<Offset>& host_offsets, std::size_t total)
{
  CAPTURE(kind);
  CAPTURE(host_offsets.size());
  CAPTURE(total);
  const std::size_t m = host_offsets.size();
  const auto policy   = backend::policy();
  auto offsets        = to_backend<backend>(host_offsets);
  typename backend::template vector<unsigned long long> strays(2, 0);
  const auto count = thrust::make_counting_iterator<long long>(0);
  const auto watched_values =
    thrust::make_transform_iterator(count, watched_value{static_cast<long long>(total), raw(strays)});
  const auto watched_offsets = thrust::make_transform_iterator(
    count, watched_offset<Offset>{raw(offsets), static_cast<long long>(m), raw(strays) + 1});
  {
    guarded_result result(m);
    runs_cleanly("mgpu::segmented_reduce (watched reads)", [&] {
      mgpu::segmented_reduce(policy, watched_values, watched_values + std::ptrdiff_t(total), watched_offsets,
                             watched_offsets + std::ptrdiff_t(m), result.begin(), 0, ::cuda::std::plus<int>{});
    });
    const std::string damage = result.damage();
    CHECK_MESSAGE(damage.empty(), "mgpu::segmented_reduce: " << damage);
    const auto stray_reads = to_std(strays);
    CHECK_MESSAGE(stray_reads[0] == 0, "mgpu::segmented_reduce read " << stray_reads[0] << " values out of range");
    CHECK_MESSAGE(stray_reads[1] == 0, "mgpu::segmented_reduce read " << stray_reads[1] << " offsets out of range");
  }
  valid_call_still_right();
  {
    const auto values = to_backend<backend>(mgpu_test::iota_values<int>(total, 0));
    guarded_result result(m);
    runs_cleanly("mgpu::segmented_reduce", [&] {
      mgpu::segmented_reduce(policy, values.begin(), values.end(), offsets.begin(), offsets.end(), result.begin(), 0,
                             ::cuda::std::plus<int>{});
    });
    const std::string damage = result.damage();
    CHECK_MESSAGE(damage.empty(), "mgpu::segmented_reduce: " << damage);
  }
  valid_call_still_right();
}

// Each kind of bad offsets for `segments` segments over `total` values.
inline void check_every_bad_offset_kind(std::size_t segments, std::size_t total, std::uint64_t seed)
{
  mgpu_test::for_each_bad_offset_kind(segments, total, seed, [&](const std::string& kind, const auto& offsets) {
    check_bad_offsets(kind, offsets, total);
  });
}

} // namespace bad_segreduce

TEST_CASE("bad input: segmented_reduce with decreasing, shifted, past-the-end and huge offsets")
{
  std::uint64_t seed = 9000;
  for (const auto& size : bad_segreduce::sizes())
    bad_segreduce::check_every_bad_offset_kind(size.first, size.second, seed += 10);
}

TEST_CASE("bad input: segmented_reduce over no value with offsets past it, and a reversed value range")
{
  bad_segreduce::check_bad_offsets("offsets over no value", std::vector<int>{0, 5, 3, 1000}, 0);
  bad_segreduce::check_bad_offsets("offsets over no value, huge", std::vector<int>(5000, 1 << 30), 0);

  // values_last before values_first: no value is read, every segment gets init.
  auto values  = mgpu_test::to_backend<backend>(std::vector<int>{1, 2, 3});
  auto offsets = mgpu_test::to_backend<backend>(std::vector<int>{0, 0});
  auto sums    = mgpu_test::poisoned<backend, int>(2);
  bad_segreduce::runs_cleanly("mgpu::segmented_reduce (reversed values)", [&] {
    mgpu::segmented_reduce(backend::policy(), values.end(), values.begin(), offsets.begin(), offsets.end(),
                           sums.begin(), 9, ::cuda::std::plus<int>{});
  });
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(sums), (std::vector<int>{9, 9}));
}
