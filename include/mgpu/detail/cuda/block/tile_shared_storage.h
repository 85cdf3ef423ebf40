// A tile kernel's static shared memory, checked against the 48 KiB a CUDA
// block may declare, so that a type too wide for any tile fails with a
// message in the caller's terms rather than a ptxas error.
#pragma once

#include <cub/util_type.cuh>

namespace mgpu::detail::cuda {

template <class Storage>
struct tile_shared_storage : cub::Uninitialized<Storage>
{
  static_assert(sizeof(Storage) <= 48 * 1024,
                "mgpu: one tile of this key or value type needs more than the 48 KiB of static shared memory a CUDA "
                "block may hold; pass a narrower type (for example an index into the wide records)");
};

} // namespace mgpu::detail::cuda
