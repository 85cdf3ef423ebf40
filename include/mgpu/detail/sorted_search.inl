// Backend selection for the vectorized sorted searches: the public
// sorted_lower_bound / sorted_upper_bound, and the search step the joins
// chain (answers to any sink, no synchronization of their own).
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/sorted_search.h>
#include <mgpu/detail/sorted_search_ops.h>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/sorted_search.h>
#endif

namespace mgpu::detail {

// Runs one search with `Size` (int32 or int64) indices, comparing both
// ranges as `Key`s; `sink(j, position)` takes each answer. On the CUDA
// backend, `unsorted` (may be null) is set to 1 when unsorted data left some
// answers unreliable, and `splits` (may be null) is scratch for the
// partition; nothing synchronizes unless `synchronize`. Exposed so tests can
// drive the 64-bit path on small inputs.
// Host code only: device code takes the sequential backend before it gets here.
MGPU_EXEC_CHECK_DISABLE
template <search_bound Bound, class Key, class Size, class Policy, class HayIt, class NeedleIt, class Sink,
          class Compare>
MGPU_HD void sorted_search_with_offsets([[maybe_unused]] Policy& policy, HayIt hay, Size hay_count, NeedleIt needles,
                                        Size needle_count, const Sink& sink, Compare comp,
                                        [[maybe_unused]] int* unsorted, [[maybe_unused]] void* splits,
                                        [[maybe_unused]] bool synchronize, [[maybe_unused]] const char* algorithm)
{
  if (!(needle_count > 0))
    return; // no answer to give, nothing launched
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::sorted_search_with_offsets<Bound, Size>(policy, as_key_iterator<Key>(hay), hay_count,
                                                  as_key_iterator<Key>(needles), needle_count, sink, comp, unsorted,
                                                  static_cast<Size*>(splits), synchronize, algorithm);
  else
#endif
    sequential::sorted_search<Bound, Key>(hay, hay_count, needles, needle_count, sink, comp);
}

// sorted_lower_bound / sorted_upper_bound: validates (checked builds), then
// writes result[j] for every needle with the narrowest index type that
// holds both ranges.
MGPU_EXEC_CHECK_DISABLE
template <search_bound Bound, class Policy, class HayIt, class NeedleIt, class OutputIt, class Compare>
MGPU_HD void sorted_search(Policy& policy, HayIt hay_first, HayIt hay_last, NeedleIt needles_first,
                           NeedleIt needles_last, OutputIt result, Compare comp, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::sorted_search<Bound, search_key_t<HayIt, NeedleIt>>(
        hay_first, std::int64_t(hay_last - hay_first), needles_first, std::int64_t(needles_last - needles_first),
        search_result_sink<OutputIt>{result}, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  using key_t = search_key_t<HayIt, NeedleIt>;
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_t>(policy, hay_first, hay_last, needles_first, needles_last, comp, algorithm);
  const auto hay_count    = hay_last - hay_first;
  const auto needle_count = needles_last - needles_first;
  if (!(needle_count > 0))
    return;
  with_offset_type(static_cast<std::uint64_t>(hay_count) + static_cast<std::uint64_t>(needle_count), [&](auto offset) {
    using Size = decltype(offset);
    sorted_search_with_offsets<Bound, key_t, Size>(policy, hay_first, static_cast<Size>(hay_count), needles_first,
                                                   static_cast<Size>(needle_count), search_result_sink<OutputIt>{result},
                                                   comp, nullptr, nullptr, true, algorithm);
  });
}

} // namespace mgpu::detail
