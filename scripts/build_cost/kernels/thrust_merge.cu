// One thrust::merge<int> on device_vectors, for counting the kernels it emits.
#include <thrust/merge.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

void call(const thrust::device_vector<int>& a, const thrust::device_vector<int>& b, thrust::device_vector<int>& out)
{
  thrust::merge(thrust::device, a.begin(), a.end(), b.begin(), b.end(), out.begin());
}
