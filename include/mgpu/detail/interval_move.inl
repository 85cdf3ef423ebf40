// The interval family: each algorithm is the load-balanced engine running
// one interval operation (interval_ops.h).
#pragma once

#include <mgpu/detail/interval_ops.h>
#include <mgpu/detail/load_balance.inl>

namespace mgpu::detail {

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class OffsetIt, class ValueIt, class OutputIt>
MGPU_HD void interval_expand(Policy& policy, OffsetIt offsets_first, OffsetIt offsets_last, ValueIt values,
                             OutputIt result_first, OutputIt result_last)
{
  run_load_balanced(policy, offsets_first, offsets_last, result_last - result_first,
                    interval_expand_op<ValueIt, OutputIt>{{{}, values}, result_first}, "mgpu::interval_expand");
}

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class OffsetIt, class GatherIt, class InputIt, class OutputIt>
MGPU_HD void interval_gather(Policy& policy, OffsetIt offsets_first, OffsetIt offsets_last, GatherIt gather,
                             InputIt input, OutputIt result_first, OutputIt result_last)
{
  run_load_balanced(policy, offsets_first, offsets_last, result_last - result_first,
                    interval_gather_op<GatherIt, InputIt, OutputIt>{{{}, gather}, input, result_first},
                    "mgpu::interval_gather");
}

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class OffsetIt, class ScatterIt, class InputIt, class OutputIt>
MGPU_HD void interval_scatter(Policy& policy, OffsetIt offsets_first, OffsetIt offsets_last, ScatterIt scatter,
                              InputIt input_first, InputIt input_last, OutputIt result)
{
  run_load_balanced(policy, offsets_first, offsets_last, input_last - input_first,
                    interval_scatter_op<ScatterIt, InputIt, OutputIt>{{{}, scatter}, input_first, result},
                    "mgpu::interval_scatter");
}

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class OffsetIt, class Size, class GatherIt, class ScatterIt, class InputIt, class OutputIt>
MGPU_HD void interval_move(Policy& policy, OffsetIt offsets_first, OffsetIt offsets_last, Size total, GatherIt gather,
                           ScatterIt scatter, InputIt input, OutputIt result)
{
  run_load_balanced(policy, offsets_first, offsets_last, total,
                    interval_move_op<GatherIt, ScatterIt, InputIt, OutputIt>{{}, gather, scatter, input, result},
                    "mgpu::interval_move");
}

} // namespace mgpu::detail
