// The four multiset operations as a value the set-operation tests iterate
// over, with their public names and a std:: reference.
#pragma once

#include <algorithm>
#include <iterator>
#include <type_traits>
#include <utility>
#include <vector>

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

// std::set_* on (key, source) pairs ordered by key; source = A's index, or
// |A| + B's index: which input each output element comes from.
template <set_op Op>
std::vector<std::pair<int, int>> set_reference_with_sources(const std::vector<int>& a, const std::vector<int>& b)
{
  std::vector<std::pair<int, int>> pa, pb, out;
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], int(i));
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b[i], int(a.size() + i));
  auto by_key = [](const auto& x, const auto& y) { return x.first < y.first; };
  auto sink   = std::back_inserter(out);
  if constexpr (Op == set_op::intersection)
    std::set_intersection(pa.begin(), pa.end(), pb.begin(), pb.end(), sink, by_key);
  else if constexpr (Op == set_op::union_)
    std::set_union(pa.begin(), pa.end(), pb.begin(), pb.end(), sink, by_key);
  else if constexpr (Op == set_op::difference)
    std::set_difference(pa.begin(), pa.end(), pb.begin(), pb.end(), sink, by_key);
  else
    std::set_symmetric_difference(pa.begin(), pa.end(), pb.begin(), pb.end(), sink, by_key);
  return out;
}

} // namespace mgpu_test
