// Evenly spaced sample positions for the partition kernels that narrow
// their searches by sampling a window of the input into shared memory.
#pragma once

#include <mgpu/detail/config.h>

namespace mgpu::detail::cuda {

// Sample k of `samples` spread evenly over (lo, lo + span): lo + floor(span *
// (k + 1) / (samples + 1)), computed without overflowing Size. Strictly
// increasing in k and inside [lo + 1, lo + span) when span > samples.
template <int Samples, class Size>
__device__ MGPU_FORCEINLINE Size sample_position(Size lo, Size span, int k)
{
  constexpr Size parts = Samples + 1;
  return lo + (span / parts) * Size(k + 1) + ((span % parts) * Size(k + 1)) / parts;
}

} // namespace mgpu::detail::cuda
