// Segment offsets as the load-balancing engine reads them: any value of any
// integer type, compared without wrapping, so invalid offsets cannot
// overflow the engine's positions.
#pragma once

#include <mgpu/detail/config.h>

#include <type_traits>

namespace mgpu::detail::cuda {

// Whether `offset` < `bound`, for a bound >= 0 of the engine's index type.
template <class Offset, class Size>
__host__ __device__ MGPU_FORCEINLINE bool offset_below(Offset offset, Size bound)
{
  if constexpr (std::is_signed_v<Offset>)
    if (offset < Offset(0))
      return true;
  using common_t = std::common_type_t<Offset, Size>;
  return common_t(offset) < common_t(bound);
}

// `offset` clamped to [0, bound], for a bound >= 0 of the engine's index type.
template <class Offset, class Size>
__host__ __device__ MGPU_FORCEINLINE Size offset_within(Offset offset, Size bound)
{
  if (offset_below(offset, Size(0)))
    return Size(0);
  return offset_below(offset, bound) ? static_cast<Size>(offset) : bound;
}

} // namespace mgpu::detail::cuda
