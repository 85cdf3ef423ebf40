// The other of consumer_separable's translation units: every algorithm
// through thrust::cuda::par, which instantiates the same kernels as unit a.
#include "every_algorithm.h"

#include <thrust/device_vector.h>
#include <thrust/system/cuda/execution_policy.h>

int wrong_results_of_unit_b() { return consumer::call_every_algorithm<thrust::device_vector>(thrust::cuda::par); }
