// What every test file shares: the backends a test body runs against, seeded
// input generators, poisoning, and comparison with a readable first mismatch.
#pragma once

#include <doctest/doctest.h>
#include <mgpu/detail/config.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/runtime/launch.h>
#  include <thrust/system/cuda/execution_policy.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace mgpu_test {

// Set by scripts/sanitize_tests.sh under racecheck, which checks hazards on
// shared memory within each block and runs far slower than memcheck: the
// bad-input cases then leave out their many-waves sizes, whose tiles take
// the paths their smaller sizes (and the partitioned binary) already take.
inline bool racecheck_sizes()
{
  static const bool set = std::getenv("MGPU_TEST_RACECHECK_SIZES") != nullptr;
  return set;
}

// Whether the bad-input cases add their many-waves sizes: on the device,
// except under racecheck.
inline bool many_waves_sizes(bool on_device) { return on_device && !racecheck_sizes(); }

// Backends: the storage a test's data lives in and the policy it runs with.
// A test file picks one with `using backend = ...;` and includes its cases.
struct host_backend
{
  static constexpr const char* name = "host";
  static constexpr std::size_t large_size = 1 << 17; // "large" inputs of the shared test bodies
  template <class T>
  using vector = thrust::host_vector<T>;
  static auto policy() { return thrust::host; }
};

#if MGPU_HAS_CUDA_BACKEND
// The partitioned test binary (MGPU_TEST_PARTITION_EVERY_LAUNCH) runs the
// cases on a policy of its own whose every launch reads a partition, so the
// partitioned tiles are covered at sizes whose launches would find their own.
struct partition_every_launch_policy : thrust::cuda::execution_policy<partition_every_launch_policy>
{};

struct cuda_backend
{
  static constexpr const char* name = "cuda";
  static constexpr std::size_t large_size = 1 << 22;
  template <class T>
  using vector = thrust::device_vector<T>;
#  ifdef MGPU_TEST_PARTITION_EVERY_LAUNCH
  static auto policy() { return partition_every_launch_policy{}; }
#  else
  static auto policy() { return thrust::device; }
#  endif
};
} // namespace mgpu_test

template <>
inline constexpr bool mgpu::detail::cuda::partitions_every_launch_v<mgpu_test::partition_every_launch_policy> = true;
#  ifdef MGPU_TEST_PARTITION_EVERY_LAUNCH
static_assert(mgpu::detail::cuda::partitions_every_launch_v<decltype(mgpu_test::cuda_backend::policy())>,
              "the partitioned binary's cases must run on the policy that partitions every launch");
#  endif

namespace mgpu_test {
#endif

// Uniform random values in [lo, hi], reproducible from `seed`.
template <class T>
std::vector<T> random_values(std::size_t count, T lo, T hi, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::vector<T> values(count);
  if constexpr (std::is_floating_point_v<T>)
  {
    std::uniform_real_distribution<T> dist(lo, hi);
    for (auto& v : values)
      v = dist(engine);
  }
  else
  {
    std::uniform_int_distribution<long long> dist(static_cast<long long>(lo), static_cast<long long>(hi));
    for (auto& v : values)
      v = static_cast<T>(dist(engine));
  }
  return values;
}

template <class T, class Compare = std::less<>>
std::vector<T> random_sorted(std::size_t count, T lo, T hi, std::uint64_t seed, Compare comp = {})
{
  auto values = random_values(count, lo, hi, seed);
  std::sort(values.begin(), values.end(), comp);
  return values;
}

// Strictly increasing keys with random gaps in [1, max_gap]: no duplicates.
template <class Key = int>
std::vector<Key> random_unique_sorted(std::size_t count, std::uint64_t seed, int max_gap = 3)
{
  const auto gaps = random_values<int>(count, 1, max_gap, seed);
  std::vector<Key> keys(count);
  Key key = 0;
  for (std::size_t i = 0; i < count; ++i)
    keys[i] = key += Key(gaps[i]);
  return keys;
}

// `segments` segment sizes summing to `total`, cut at uniformly random places.
inline std::vector<std::int64_t> random_split(std::size_t segments, std::int64_t total, std::uint64_t seed)
{
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<std::int64_t> cut(0, total);
  std::vector<std::int64_t> cuts(segments > 0 ? segments - 1 : 0);
  for (auto& c : cuts)
    c = cut(engine);
  std::sort(cuts.begin(), cuts.end());
  std::vector<std::int64_t> sizes(segments);
  std::int64_t previous = 0;
  for (std::size_t s = 0; s + 1 < segments; ++s)
  {
    sizes[s] = cuts[s] - previous;
    previous = cuts[s];
  }
  if (segments > 0)
    sizes.back() = total - previous;
  return sizes;
}

// 0, 1, 2, ... offset by `first`: values that identify their source position.
template <class T>
std::vector<T> iota_values(std::size_t count, T first)
{
  std::vector<T> values(count);
  for (std::size_t i = 0; i < count; ++i)
    values[i] = static_cast<T>(first + static_cast<T>(i));
  return values;
}

// A value no correct output holds in these tests; outputs start out filled
// with it so an element the algorithm forgot to write fails the comparison.
template <class T>
T poison()
{
  if constexpr (std::is_floating_point_v<T>)
    return T(-7.77e30);
  else if constexpr (sizeof(T) == 1)
    return T(0x5a);
  else
    return static_cast<T>(-0x5eadbeef);
}

template <class Backend, class T>
typename Backend::template vector<T> poisoned(std::size_t count)
{
  return typename Backend::template vector<T>(count, poison<T>());
}

template <class Backend, class T>
typename Backend::template vector<T> to_backend(const std::vector<T>& values)
{
  return typename Backend::template vector<T>(values.begin(), values.end());
}

template <class Vector>
auto to_std(const Vector& values)
{
  using T = typename Vector::value_type;
  thrust::host_vector<T> host(values);
  return std::vector<T>(host.begin(), host.end());
}

// Sorted int keys for two ranges with zip_iterator values (tag, weight): the
// tag names each element's source (A: its index, B: b_tag_base + its index)
// and the weight is a float derived from the source, so a tuple whose halves
// come apart, or a value that left its key, is caught.
struct tagged_zip_inputs
{
  static constexpr int b_tag_base = 1 << 20;
  std::vector<int> a, b, a_tags, b_tags;
  std::vector<float> a_weights, b_weights;

  // Keys in [0, 99] (many duplicates): A from `seed`, B from `seed + 1`.
  tagged_zip_inputs(std::size_t a_count, std::size_t b_count, std::uint64_t seed)
      : a(random_sorted<int>(a_count, 0, 99, seed)), b(random_sorted<int>(b_count, 0, 99, seed + 1)),
        a_tags(iota_values<int>(a_count, 0)), b_tags(iota_values<int>(b_count, b_tag_base)), a_weights(a_count),
        b_weights(b_count)
  {
    for (std::size_t i = 0; i < a_count; ++i)
      a_weights[i] = 0.5f * float(i);
    for (std::size_t i = 0; i < b_count; ++i)
      b_weights[i] = -0.25f * float(i);
  }

  bool from_b(int tag) const { return tag >= b_tag_base; }
  float weight_of(int tag) const { return from_b(tag) ? b_weights[tag - b_tag_base] : a_weights[tag]; }
};

// Equality with the first differing position in the failure message.
template <class T, class U>
std::string first_mismatch(const std::vector<T>& actual, const std::vector<U>& expected)
{
  std::ostringstream out;
  if (actual.size() != expected.size())
  {
    out << "sizes differ: " << actual.size() << " vs expected " << expected.size();
    return out.str();
  }
  for (std::size_t i = 0; i < actual.size(); ++i)
    if (!(actual[i] == expected[i]))
    {
      out << "first mismatch at " << i << " of " << actual.size() << ": got " << +actual[i] << ", expected "
          << +expected[i];
      return out.str();
    }
  return {};
}

#define MGPU_CHECK_EQUAL_RANGES(actual, expected)                          \
  do                                                                       \
  {                                                                        \
    const std::string mgpu_mismatch_ = ::mgpu_test::first_mismatch(actual, expected); \
    CHECK_MESSAGE(mgpu_mismatch_.empty(), mgpu_mismatch_);                 \
  } while (0)

} // namespace mgpu_test
