// mgpu::sorted_lower_bound / sorted_upper_bound against Thrust's vectorized
// thrust::lower_bound / upper_bound (one binary search per needle), on the
// same device data in one process.
//
// Names: sorted_lower_bound|sorted_upper_bound/IMPL/TYPE/DIST/SIZE, SIZE the
// total of the haystack and the needles (equal halves, both sorted). IMPL
// mgpu and thrust call with device_vector iterators and thrust::device; at
// 2^27 (2^26 needles into 2^26 haystack elements), mgpu_ptr and thrust_ptr
// make the same calls on raw pointers, and mgpu_cached and thrust_cached
// with iterators and thrust::cuda::par(caching allocator). Answers are
// int32. Bytes: both inputs read once and one answer per needle written.
#include "bench_support.h"

#include <mgpu/sorted_search.h>

#include <thrust/binary_search.h>

#include <cstdint>
#include <string>

namespace {

template <class Key>
struct search_data
{
  thrust::device_vector<Key> haystack, needles;
  thrust::device_vector<std::int32_t> answers, expected_lower, expected_upper;
};

enum class impl
{
  mgpu,
  thrust
};
const char* impl_name(impl i) { return i == impl::mgpu ? "mgpu" : "thrust"; }

template <class Key>
search_data<Key>& inputs(std::int64_t total, std::uint64_t key_range)
{
  static bench::input_cache<search_data<Key>> cache;
  return cache.get(std::to_string(total) + "/" + std::to_string(key_range), [&] {
    search_data<Key> d;
    const std::size_t half = std::size_t(total / 2);
    d.haystack = bench::sorted_random_vector<Key>(half, key_range, 1);
    d.needles  = bench::sorted_random_vector<Key>(total - half, key_range, 2);
    d.answers.resize(d.needles.size());
    d.expected_lower.resize(d.needles.size());
    d.expected_upper.resize(d.needles.size());
    thrust::lower_bound(d.haystack.begin(), d.haystack.end(), d.needles.begin(), d.needles.end(),
                        d.expected_lower.begin());
    thrust::upper_bound(d.haystack.begin(), d.haystack.end(), d.needles.begin(), d.needles.end(),
                        d.expected_upper.begin());
    return d;
  });
}

template <class Key>
void sorted_search(benchmark::State& state, bool lower, impl which, bench::form how, std::int64_t total,
                   std::uint64_t key_range)
{
  auto& d = inputs<Key>(total, key_range);
  bench::poison(d.answers);
  const std::int64_t n = d.haystack.size(), m = d.needles.size();
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (which == impl::mgpu && lower)
        mgpu::sorted_lower_bound(policy, at(d.haystack), at(d.haystack) + n, at(d.needles), at(d.needles) + m,
                                 at(d.answers));
      else if (which == impl::mgpu)
        mgpu::sorted_upper_bound(policy, at(d.haystack), at(d.haystack) + n, at(d.needles), at(d.needles) + m,
                                 at(d.answers));
      else if (lower)
        thrust::lower_bound(policy, at(d.haystack), at(d.haystack) + n, at(d.needles), at(d.needles) + m,
                            at(d.answers));
      else
        thrust::upper_bound(policy, at(d.haystack), at(d.haystack) + n, at(d.needles), at(d.needles) + m,
                            at(d.answers));
    });
  });
  bench::verify(state, d.answers, lower ? d.expected_lower : d.expected_upper);
  bench::report_traffic(state, double(total) * sizeof(Key) + double(m) * sizeof(std::int32_t), double(total));
}

// 2^26 needles into 2^26 haystack elements: the size the targets are set at.
constexpr std::int64_t target_total = std::int64_t(1) << 27;

template <class Key>
void register_type(const char* type_name)
{
  const std::pair<const char*, std::uint64_t> distributions[] = {{"uniform", 1ull << 30}, {"few_keys", 1000}};
  for (const auto& distribution : distributions)
    for (std::int64_t total : bench::size_list)
      for (bench::form how : bench::forms_at(total, target_total))
        for (impl which : {impl::mgpu, impl::thrust})
          for (bool lower : {true, false})
          {
            const char* dist_name     = distribution.first;
            const std::uint64_t range = distribution.second;
            const std::string name = std::string(lower ? "sorted_lower_bound/" : "sorted_upper_bound/") +
                                     impl_name(which) + bench::suffix_of(how) + "/" + type_name + "/" + dist_name +
                                     "/" + std::to_string(total);
            benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
              sorted_search<Key>(s, lower, which, how, total, range);
            })->Apply(bench::configure);
          }
}

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  return true;
}();

} // namespace
