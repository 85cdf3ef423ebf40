// One of consumer_separable's two translation units: every algorithm through
// thrust::device.
#include "every_algorithm.h"

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

int wrong_results_of_unit_a() { return consumer::call_every_algorithm<thrust::device_vector>(thrust::device); }
