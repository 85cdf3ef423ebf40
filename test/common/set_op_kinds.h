// The four multiset operations as a value the set-operation tests iterate
// over: their public names, the mgpu calls and std::'s as the reference.
#pragma once

#include <mgpu/set_operations.h>

#include <thrust/pair.h>

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

// The mgpu keys operation `Op`; `rest` is the comparator, optionally
// followed by mgpu::unique_keys.
template <set_op Op, class Policy, class It1, class It2, class Out, class... Rest>
Out run_set_keys(Policy policy, It1 first1, It1 last1, It2 first2, It2 last2, Out result, Rest... rest)
{
  if constexpr (Op == set_op::intersection)
    return mgpu::set_intersection(policy, first1, last1, first2, last2, result, rest...);
  else if constexpr (Op == set_op::union_)
    return mgpu::set_union(policy, first1, last1, first2, last2, result, rest...);
  else if constexpr (Op == set_op::difference)
    return mgpu::set_difference(policy, first1, last1, first2, last2, result, rest...);
  else
    return mgpu::set_symmetric_difference(policy, first1, last1, first2, last2, result, rest...);
}

// The mgpu by_key operation `Op`: intersection and difference take the first
// range's values only, as Thrust's do.
template <set_op Op, class Policy, class K1, class K2, class V1, class V2, class KO, class VO, class... Rest>
thrust::pair<KO, VO> run_set_pairs(Policy policy, K1 first1, K1 last1, K2 first2, K2 last2, V1 values1, V2 values2,
                                   KO keys_result, VO values_result, Rest... rest)
{
  if constexpr (Op == set_op::intersection)
    return mgpu::set_intersection_by_key(policy, first1, last1, first2, last2, values1, keys_result, values_result,
                                         rest...);
  else if constexpr (Op == set_op::union_)
    return mgpu::set_union_by_key(policy, first1, last1, first2, last2, values1, values2, keys_result, values_result,
                                  rest...);
  else if constexpr (Op == set_op::difference)
    return mgpu::set_difference_by_key(policy, first1, last1, first2, last2, values1, keys_result, values_result,
                                       rest...);
  else
    return mgpu::set_symmetric_difference_by_key(policy, first1, last1, first2, last2, values1, values2, keys_result,
                                                 values_result, rest...);
}

// std::set_* itself: the reference.
template <set_op Op, class T, class Compare>
std::vector<T> std_set_op(const std::vector<T>& a, const std::vector<T>& b, Compare comp)
{
  std::vector<T> out;
  auto sink = std::back_inserter(out);
  if constexpr (Op == set_op::intersection)
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), sink, comp);
  else if constexpr (Op == set_op::union_)
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), sink, comp);
  else if constexpr (Op == set_op::difference)
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), sink, comp);
  else
    std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), sink, comp);
  return out;
}

// std::set_* on (key, source) pairs ordered by key; source = A's index, or
// |A| + B's index: which input each output element comes from.
template <set_op Op>
std::vector<std::pair<int, int>> set_reference_with_sources(const std::vector<int>& a, const std::vector<int>& b)
{
  std::vector<std::pair<int, int>> pa, pb;
  for (std::size_t i = 0; i < a.size(); ++i)
    pa.emplace_back(a[i], int(i));
  for (std::size_t i = 0; i < b.size(); ++i)
    pb.emplace_back(b[i], int(a.size() + i));
  return std_set_op<Op>(pa, pb, [](const auto& x, const auto& y) { return x.first < y.first; });
}

} // namespace mgpu_test
