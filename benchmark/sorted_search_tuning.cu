// Tile-shape exploration for the sorted search (not part of the published
// comparison): sorted_lower_bound of 2^26 sorted int32 needles into 2^26
// sorted int32 haystack elements with explicit tile shapes and residency.
#include "bench_support.h"

#include <mgpu/sorted_search.h>

#include <thrust/binary_search.h>

#include <cstdint>

namespace {

using namespace mgpu::detail::cuda;

struct search_tuning_data
{
  thrust::device_vector<int> haystack = bench::sorted_random_vector<int>(std::size_t(1) << 26, 1u << 30, 1);
  thrust::device_vector<int> needles  = bench::sorted_random_vector<int>(std::size_t(1) << 26, 1u << 30, 2);
  thrust::device_vector<int> answers  = thrust::device_vector<int>(std::size_t(1) << 26);
  thrust::device_vector<int> expected = [this] {
    thrust::device_vector<int> e(needles.size());
    thrust::lower_bound(haystack.begin(), haystack.end(), needles.begin(), needles.end(), e.begin());
    return e;
  }();
};

search_tuning_data& data()
{
  static search_tuning_data d;
  return d;
}

template <int NT, int VT, int MinCtas>
void shape(benchmark::State& state)
{
  auto& d = data();
  bench::poison(d.answers);
  auto policy  = thrust::cuda::par;
  const int n  = int(d.haystack.size());
  const int* a = thrust::raw_pointer_cast(d.haystack.data());
  const int* b = thrust::raw_pointer_cast(d.needles.data());
  using hub    = fixed_hub<merge_policy<tile_shape<NT, VT>, merge_own_split_tiles_per_sm_sm90,
                                        merge_head_tiles_per_sm_sm90, MinCtas>>;
  const mgpu::detail::search_result_sink<int*> sink{thrust::raw_pointer_cast(d.answers.data())};
  bench::time_calls(state, [&] {
    sorted_search_with_offsets<mgpu::detail::search_bound::lower, int>(
      policy, a, n, b, n, sink, ::cuda::std::less<>{}, nullptr, static_cast<int*>(nullptr), true, "tuning", hub{});
  });
  bench::verify(state, d.answers, d.expected);
  bench::report_traffic(state, 2.0 * n * sizeof(int) + double(n) * sizeof(int), 2.0 * n);
}

#define MGPU_SEARCH_SHAPE(NT, VT, MIN_CTAS)                                                            \
  BENCHMARK(shape<NT, VT, MIN_CTAS>)                                                                   \
    ->Name("tuning/sorted_search/" #NT "x" #VT "/min_ctas_" #MIN_CTAS)                                 \
    ->Apply(bench::configure)

MGPU_SEARCH_SHAPE(256, 23, 6); // the shipped plan: the merge's shape, six tiles per SM
MGPU_SEARCH_SHAPE(256, 23, 5);
MGPU_SEARCH_SHAPE(256, 23, 7);
MGPU_SEARCH_SHAPE(256, 23, 8);
MGPU_SEARCH_SHAPE(256, 19, 7);
MGPU_SEARCH_SHAPE(256, 15, 8);
MGPU_SEARCH_SHAPE(256, 27, 6);
MGPU_SEARCH_SHAPE(256, 31, 5);
MGPU_SEARCH_SHAPE(128, 23, 12);
MGPU_SEARCH_SHAPE(512, 15, 4);

} // namespace
