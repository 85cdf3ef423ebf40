// Bulk insert the Thrust way, for counting the kernels it emits: a
// merge_by_key of the positions with the source's own indices.
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/merge.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

void call(const thrust::device_vector<int>& source, const thrust::device_vector<int>& values,
          const thrust::device_vector<int>& positions, thrust::device_vector<int>& out)
{
  const int count = static_cast<int>(source.size());
  thrust::merge_by_key(thrust::device, positions.begin(), positions.begin() + values.size(),
                       thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(count), values.begin(),
                       source.begin(), thrust::make_discard_iterator(), out.begin());
}
