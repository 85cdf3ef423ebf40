// One mgpu::bulk_insert<int> on device_vectors, for counting the kernels it emits.
#include <mgpu/bulk_insert.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

void call(const thrust::device_vector<int>& source, const thrust::device_vector<int>& values,
          const thrust::device_vector<int>& positions, thrust::device_vector<int>& out)
{
  mgpu::bulk_insert(thrust::device, source.begin(), source.end(), values.begin(), values.end(), positions.begin(),
                    out.begin());
}
