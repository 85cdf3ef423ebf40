#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/value_semantics_cases.h"

#include <mgpu/search.h>

namespace {

// Thread d runs the public searches at diagonal d of device ranges, with
// their own iterators (device_vector iterators yield device_reference
// proxies): four results per diagonal.
template <class AIt, class BIt, class Compare>
__global__ void searches_kernel(AIt a, int na, BIt b, int nb, Compare comp, int* results)
{
  const int diag = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (diag > na + nb)
    return;
  const auto cut = mgpu::balanced_path<mgpu::key_multiplicity::duplicates, 4>(a, na, b, nb, diag, comp);
  results[4 * diag + 0] = mgpu::merge_path<mgpu::bounds::lower>(a, na, b, nb, diag, comp);
  results[4 * diag + 1] = mgpu::merge_path<mgpu::bounds::upper>(a, na, b, nb, diag, comp);
  results[4 * diag + 2] = 2 * cut.a + int(cut.starred);
  results[4 * diag + 3] = diag < nb ? mgpu::lower_bound_index(a, na, typename thrust::iterator_traits<AIt>::value_type(b[diag]), comp)
                                    : -1;
}

template <class Key, class Compare>
void check_device_searches(const std::vector<int>& a_ids, const std::vector<int>& b_ids, Compare comp)
{
  const int na = int(a_ids.size()), nb = int(b_ids.size()), total = na + nb;
  std::vector<Key> a_keys, b_keys;
  for (int id : a_ids)
    a_keys.push_back(value_semantics_cases::make_key<Key>(id));
  for (int id : b_ids)
    b_keys.push_back(value_semantics_cases::make_key<Key>(id));
  const thrust::device_vector<Key> a(a_keys.begin(), a_keys.end()), b(b_keys.begin(), b_keys.end());
  thrust::device_vector<int> results(4 * (total + 1), -2);
  searches_kernel<<<(total + 128) / 128, 128>>>(a.begin(), na, b.begin(), nb, comp, results.data().get());
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);

  std::vector<int> expected;
  const ::cuda::std::less<> less;
  for (int diag = 0; diag <= total; ++diag)
  {
    const auto cut = mgpu::balanced_path<mgpu::key_multiplicity::duplicates, 4>(a_ids.data(), na, b_ids.data(), nb,
                                                                               diag, less);
    expected.push_back(mgpu::merge_path<mgpu::bounds::lower>(a_ids.data(), na, b_ids.data(), nb, diag, less));
    expected.push_back(mgpu::merge_path<mgpu::bounds::upper>(a_ids.data(), na, b_ids.data(), nb, diag, less));
    expected.push_back(2 * cut.a + int(cut.starred));
    expected.push_back(diag < nb ? mgpu::lower_bound_index(a_ids.data(), na, b_ids[diag], less) : -1);
  }
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(results), expected);
}

} // namespace

TEST_CASE("value semantics: the public searches in device code, device_vector iterators")
{
  for (std::uint64_t seed = 0; seed < 6; ++seed)
  {
    CAPTURE(seed);
    const auto a = mgpu_test::random_sorted<int>(700 + seed * 13, 0, seed % 2 ? 5 : 400, seed);
    const auto b = mgpu_test::random_sorted<int>(500 + seed * 29, 0, seed % 2 ? 5 : 400, seed + 50);
    check_device_searches<value_semantics_cases::member_key>(a, b, ::cuda::std::less<>{});
    check_device_searches<value_semantics_cases::free_key>(a, b, ::cuda::std::less<>{});
    check_device_searches<int>(a, b, value_semantics_cases::same_type_less{});
  }
}
