// Load-balancing search the Thrust way, for counting the kernels it emits:
// the vectorized upper_bound of every work item in the offsets past the first.
#include <thrust/binary_search.h>
#include <thrust/iterator/counting_iterator.h>

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

void call(const thrust::device_vector<int>& offsets, thrust::device_vector<int>& segment)
{
  const int total = static_cast<int>(segment.size());
  thrust::upper_bound(thrust::device, offsets.begin() + 1, offsets.end(), thrust::counting_iterator<int>(0),
                      thrust::counting_iterator<int>(total), segment.begin());
}
