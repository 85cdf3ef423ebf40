// The demonstrations of the Modern GPU documentation, reproduced with mgpu:
// same inputs, same printed format. Runs on the GPU when one is present and
// on the sequential host backend otherwise, and says which.
#include "demo_bulk.h"
#include "demo_join.h"
#include "demo_load_balance.h"
#include "demo_merge.h"
#include "demo_segmented_reduce.h"
#include "demo_sets.h"
#include "demo_support.h"

#include <cuda_runtime_api.h>

#include <cstdio>

namespace demo {

template <class Backend>
void run_all()
{
  merge_keys<Backend>();
  merge_pairs<Backend>();
  multiset_keys<Backend>();
  multiset_pairs<Backend>();
  bulk_remove_demo<Backend>();
  bulk_insert_demo<Backend>();
  load_balance_search_demo<Backend>();
  interval_expand_demo<Backend>();
  interval_move_demo<Backend>();
  join_demo<Backend>();
  segmented_reduce_demo<Backend>();
}

} // namespace demo

int main()
{
  int device_count = 0;
  if (cudaGetDeviceCount(&device_count) == cudaSuccess && device_count > 0)
  {
    cudaDeviceProp properties{};
    cudaGetDeviceProperties(&properties, 0);
    std::printf("mgpu demo: running on the CUDA backend (%s).\n", properties.name);
    demo::run_all<demo::cuda_backend>();
  }
  else
  {
    cudaGetLastError();
    std::printf("mgpu demo: no CUDA device found, running on the host backend (sequential).\n");
    demo::run_all<demo::host_backend>();
  }
  if (demo::mismatches() != 0)
  {
    std::printf("\n%d result(s) differ from the sequential reference.\n", demo::mismatches());
    return 1;
  }
  std::printf("\nEvery result matches its sequential reference.\n");
  return 0;
}
