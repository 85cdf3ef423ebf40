// A consumer built with separable compilation (relocatable device code):
// two translation units instantiate every algorithm alike, so the device
// link sees each of mgpu's kernels twice and must keep one.
#include "gpu_consumer.h"

int wrong_results_of_unit_a();
int wrong_results_of_unit_b();

int main()
{
  return consumer::run_on_gpu("consumer_separable", [] { return wrong_results_of_unit_a() + wrong_results_of_unit_b(); });
}
