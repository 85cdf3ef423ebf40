// What a consumer writes in device code: every public algorithm called inside
// a kernel with thrust::seq, on raw pointers and fancy iterators. Compiled
// with plain nvcc for every architecture (check_nvcc_architectures.cmake);
// test/cuda/device_code.cu runs such calls and checks their results.
#include <mgpu/mgpu.h>

#include <cuda/std/functional>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/zip_iterator.h>

namespace {

// A key type ordered only by its own operator<.
struct record
{
  int key;
  float weight;
};
__host__ __device__ bool operator<(const record& x, const record& y) { return x.key < y.key; }

struct mark_item
{
  int* out;
  __host__ __device__ void operator()(int item, int segment, int rank) const { out[item] = segment + rank; }
};

} // namespace

__global__ void every_algorithm_in_device_code(const int* a, int na, const int* b, int nb, const record* ra,
                                               const record* rb, record* rout, int* out, float* values,
                                               long long* count)
{
  const auto seq = thrust::seq;
  const ::cuda::std::less<> less;
  const thrust::counting_iterator<int> tags(0);
  const auto tagged = thrust::make_zip_iterator(values, tags);

  mgpu::merge(seq, a, a + na, b, b + nb, out);
  mgpu::merge(seq, ra, ra + na, rb, rb + nb, rout);
  mgpu::merge_by_key(seq, a, a + na, b, b + nb, tagged, tagged, thrust::make_discard_iterator(),
                     thrust::make_zip_iterator(values, out), less);
  mgpu::set_union(seq, a, a + na, b, b + nb, out);
  mgpu::set_intersection(seq, a, a + na, b, b + nb, out, less, mgpu::unique_keys);
  mgpu::set_difference(seq, a, a + na, b, b + nb, out, less, mgpu::count_to(count));
  mgpu::set_symmetric_difference(seq, ra, ra + na, rb, rb + nb, rout);
  mgpu::set_union_by_key(seq, a, a + na, b, b + nb, values, values, out, values, less, mgpu::count_to(count));
  mgpu::set_intersection_by_key(seq, a, a + na, b, b + nb, values, out, values);
  mgpu::set_symmetric_difference_by_key(seq, a, a + na, b, b + nb, values, values, out, values);
  mgpu::set_difference_by_key(seq, a, a + na, b, b + nb, values, values, out, values, less);
  mgpu::sorted_lower_bound(seq, tags, tags + 100, b, b + nb, out);
  mgpu::sorted_upper_bound(seq, a, a + na, b, b + nb, out, less);
  *count = mgpu::join_size(seq, ra, ra + na, rb, rb + nb, mgpu::join_kind::full_outer);
  mgpu::join(seq, a, a + na, b, b + nb, out, out + na * nb, mgpu::join_kind::left_outer);
  mgpu::semi_join(seq, a, a + na, b, b + nb, out);
  mgpu::anti_join(seq, a, a + na, b, b + nb, out, less);
  mgpu::load_balance_search(seq, a, a + na, out, out + nb);
  mgpu::transform_lbs(seq, a, a + na, nb, mark_item{out});
  mgpu::interval_expand(seq, a, a + na, values, values, values + nb);
  mgpu::interval_gather(seq, a, a + na, b, values, values, values + nb);
  mgpu::interval_scatter(seq, a, a + na, b, values, values + nb, values);
  mgpu::interval_move(seq, a, a + na, nb, b, b, values, values);
  mgpu::bulk_remove(seq, ra, ra + na, b, b + nb, rout);
  mgpu::bulk_insert(seq, ra, ra + na, rb, rb + nb, b, rout);
  mgpu::segmented_reduce(seq, values, values + nb, a, a + na, values, 0.0f, ::cuda::std::plus<>{});
}
