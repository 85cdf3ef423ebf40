// One mgpu::load_balance_search<int> on device_vectors, for counting the
// kernels it emits.
#include <mgpu/load_balance.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

void call(const thrust::device_vector<int>& offsets, thrust::device_vector<int>& segment)
{
  mgpu::load_balance_search(thrust::device, offsets.begin(), offsets.end(), segment.begin(), segment.end());
}
