// The host-only consumer of mgpu: a plain C++ compiler with Thrust's device
// system set to CPP, every algorithm on thrust::host with host_vector.
#include "every_algorithm.h"

#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>

#include <cstdio>

int main()
{
  const int wrong = consumer::call_every_algorithm<thrust::host_vector>(thrust::host);
  std::printf("consumer: every mgpu algorithm ran on the host, %d wrong results\n", wrong);
  return wrong == 0 ? 0 : 1;
}
