// Uses an installed mgpu through find_package(mgpu).
#include <mgpu/mgpu.h>

#include <thrust/execution_policy.h>

#include <cstdio>

int main()
{
  const int a[] = {1, 3, 5, 7}, b[] = {2, 3, 6};
  int merged[7] = {};
  mgpu::merge(thrust::host, a, a + 4, b, b + 3, merged);
  const int expected[] = {1, 2, 3, 3, 5, 6, 7};
  for (int i = 0; i < 7; ++i)
    if (merged[i] != expected[i])
    {
      std::printf("consumer: wrong merge at %d\n", i);
      return 1;
    }
  std::puts("consumer: installed mgpu merged correctly");
  return 0;
}
