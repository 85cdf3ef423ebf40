// The four multiset operations as a value the set-operation tests iterate
// over, with their public names.
#pragma once

#include <type_traits>

namespace mgpu_test {

enum class set_op
{
  intersection,
  union_,
  difference,
  symmetric_difference
};

inline const char* name_of(set_op o)
{
  switch (o)
  {
    case set_op::intersection: return "set_intersection";
    case set_op::union_: return "set_union";
    case set_op::difference: return "set_difference";
    default: return "set_symmetric_difference";
  }
}

template <set_op Op>
using set_op_constant = std::integral_constant<set_op, Op>;

// Calls f(set_op_constant<Op>{}) for the four operations.
template <class F>
void for_each_set_op(F&& f)
{
  f(set_op_constant<set_op::intersection>{});
  f(set_op_constant<set_op::union_>{});
  f(set_op_constant<set_op::difference>{});
  f(set_op_constant<set_op::symmetric_difference>{});
}

} // namespace mgpu_test
