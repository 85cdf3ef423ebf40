// A bare device_vector program: the baseline that mgpu.cu and thrust.cu add to.
#include "build_cost.h"

int main()
{
  build_cost::bare_program();
  return 0;
}
