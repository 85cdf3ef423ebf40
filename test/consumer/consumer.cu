// A CUDA consumer of mgpu: builds with plain nvcc (no extra flags), runs every
// algorithm on the GPU when there is one and checks the results.
#include "every_algorithm.h"
#include "gpu_consumer.h"

#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>

int main()
{
  return consumer::run_on_gpu("consumer", [] {
    return consumer::call_every_algorithm<thrust::device_vector>(thrust::device);
  });
}
