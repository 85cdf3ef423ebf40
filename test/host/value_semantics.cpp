#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/value_semantics_cases.h"

#include <mgpu/search.h>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/system/cpp/execution_policy.h>
#include <thrust/tuple.h>

#include <numeric>

TEST_CASE("value semantics: std::vector iterators under every host policy")
{
  using value_semantics_cases::member_key;
  using value_semantics_cases::ids_of;
  const member_key poison{value_semantics_cases::poison_id};
  const std::less<> less;
  const auto a = value_semantics_cases::sorted_keys<member_key>(3000, 200, 5, less);
  const auto b = value_semantics_cases::sorted_keys<member_key>(2000, 200, 6, less);
  const auto unique_a = value_semantics_cases::unique_sorted_keys<member_key>(3000, 7, less);
  const auto unique_b = value_semantics_cases::unique_sorted_keys<member_key>(2000, 8, less);
  std::vector<member_key> expected_merge, expected_union, expected_unique_union;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected_merge));
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected_union));
  std::set_union(unique_a.begin(), unique_a.end(), unique_b.begin(), unique_b.end(),
                 std::back_inserter(expected_unique_union));
  auto check = [&](auto policy) {
    std::vector<member_key> merged(a.size() + b.size(), poison);
    CHECK(mgpu::merge(policy, a.begin(), a.end(), b.begin(), b.end(), merged.begin()) == merged.end());
    MGPU_CHECK_EQUAL_RANGES(ids_of(merged), ids_of(expected_merge));

    std::vector<member_key> united(a.size() + b.size(), poison);
    auto end = mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), united.begin());
    united.resize(std::size_t(end - united.begin()));
    MGPU_CHECK_EQUAL_RANGES(ids_of(united), ids_of(expected_union));

    united.assign(unique_a.size() + unique_b.size(), poison);
    end = mgpu::set_union(policy, unique_a.begin(), unique_a.end(), unique_b.begin(), unique_b.end(), united.begin(),
                          ::cuda::std::less<>{}, mgpu::unique_keys);
    united.resize(std::size_t(end - united.begin()));
    MGPU_CHECK_EQUAL_RANGES(ids_of(united), ids_of(expected_unique_union));
  };
  check(thrust::host);
  check(thrust::seq);
  check(thrust::cpp::par);
}

TEST_CASE("value semantics: device_vector iterators of the host device system yield proxies")
{
  using value_semantics_cases::free_key;
  using value_semantics_cases::ids_of;
  const std::less<> less;
  const auto a = value_semantics_cases::sorted_keys<free_key>(3000, 200, 9, less);
  const auto b = value_semantics_cases::sorted_keys<free_key>(2000, 200, 10, less);
  std::vector<free_key> expected_merge, expected_difference;
  std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected_merge));
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected_difference));
  const thrust::device_vector<free_key> d_a(a.begin(), a.end()), d_b(b.begin(), b.end());
  thrust::device_vector<free_key> out(a.size() + b.size(), free_key{value_semantics_cases::poison_id});
  auto end = mgpu::merge(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(),
                         value_semantics_cases::same_type_less{});
  CHECK(end == out.end());
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(out)), ids_of(expected_merge));
  end = mgpu::set_difference(thrust::device, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(),
                             value_semantics_cases::same_type_less{});
  out.resize(std::size_t(end - out.begin()));
  MGPU_CHECK_EQUAL_RANGES(ids_of(mgpu_test::to_std(out)), ids_of(expected_difference));
}

// ---------------------------------------------------------------------------
// The public searches over keys that are no ints, through every kind of
// iterator: each must give the answer it gives on the keys' int ids.
// ---------------------------------------------------------------------------

namespace {

using value_semantics_cases::free_key;
using value_semantics_cases::member_key;

struct to_member_key
{
  MGPU_HD member_key operator()(int id) const { return member_key{id}; }
};

// Every search on every diagonal (and every id as a needle) of ranges whose
// elements have ids a_ids and b_ids, ordered by `comp` as the ids are by <.
template <class AIt, class BIt, class Compare>
void check_searches(AIt a, BIt b, const std::vector<int>& a_ids, const std::vector<int>& b_ids, Compare comp)
{
  using mgpu::key_multiplicity;
  const ::cuda::std::less<> less;
  const int na = int(a_ids.size()), nb = int(b_ids.size());
  const int* ia = a_ids.data();
  const int* ib = b_ids.data();
  for (int diag = 0; diag <= na + nb; ++diag)
  {
    CAPTURE(diag);
    CHECK(mgpu::merge_path<mgpu::bounds::lower>(a, na, b, nb, diag, comp)
          == mgpu::merge_path<mgpu::bounds::lower>(ia, na, ib, nb, diag, less));
    CHECK(mgpu::merge_path<mgpu::bounds::upper>(a, na, b, nb, diag, comp)
          == mgpu::merge_path<mgpu::bounds::upper>(ia, na, ib, nb, diag, less));
    const auto cut      = mgpu::balanced_path<key_multiplicity::duplicates, 4>(a, na, b, nb, diag, comp);
    const auto id_cut   = mgpu::balanced_path<key_multiplicity::duplicates, 4>(ia, na, ib, nb, diag, less);
    const auto cut0     = mgpu::balanced_path<key_multiplicity::duplicates, 0>(a, na, b, nb, diag, comp);
    const auto unique   = mgpu::balanced_path<key_multiplicity::unique>(a, na, b, nb, diag, comp);
    const auto id_uniq  = mgpu::balanced_path<key_multiplicity::unique>(ia, na, ib, nb, diag, less);
    CHECK((cut.a == id_cut.a && cut.b == id_cut.b && cut.starred == id_cut.starred));
    CHECK((cut0.a == id_cut.a && cut0.b == id_cut.b && cut0.starred == id_cut.starred));
    CHECK((unique.a == id_uniq.a && unique.b == id_uniq.b && unique.starred == id_uniq.starred));
  }
  for (int j = 0; j < nb; ++j)
  {
    // The needle is an element of B: a value of B's type.
    const auto needle = static_cast<typename thrust::iterator_traits<AIt>::value_type>(b[j]);
    const int lower   = int(std::lower_bound(a_ids.begin(), a_ids.end(), b_ids[j]) - a_ids.begin());
    const int upper   = int(std::upper_bound(a_ids.begin(), a_ids.end(), b_ids[j]) - a_ids.begin());
    CAPTURE(j);
    CHECK(mgpu::lower_bound_index(a, na, needle, comp) == lower);
    CHECK(mgpu::upper_bound_index(a, na, needle, comp) == upper);
    CHECK(mgpu::biased_lower_bound_index<4>(a, na, needle, comp) == lower);
    CHECK(mgpu::biased_lower_bound_index<2>(a, na, needle, comp) == lower);
  }
}

template <class Key>
std::vector<Key> keys_of(const std::vector<int>& ids)
{
  std::vector<Key> keys;
  for (int id : ids)
    keys.push_back(Key{id});
  return keys;
}

} // namespace

TEST_CASE("value semantics: the public searches on keys ordered only by operator<, any iterator")
{
  const ::cuda::std::less<> less;
  for (std::uint64_t seed = 0; seed < 24; ++seed)
  {
    CAPTURE(seed);
    const int hi       = seed % 3 == 0 ? 2 : seed % 3 == 1 ? 7 : 60;
    const auto a_ids   = mgpu_test::random_sorted<int>(seed * 7 % 41, 0, hi, seed);
    const auto b_ids   = mgpu_test::random_sorted<int>(seed * 11 % 37, 0, hi, seed + 100);
    const auto a_member = keys_of<member_key>(a_ids), b_member = keys_of<member_key>(b_ids);
    const auto a_free = keys_of<free_key>(a_ids), b_free = keys_of<free_key>(b_ids);

    // Raw pointers.
    check_searches(a_member.data(), b_member.data(), a_ids, b_ids, less);
    check_searches(a_free.data(), b_free.data(), a_ids, b_ids, less);
    // host_vector iterators.
    const thrust::host_vector<member_key> ha(a_member.begin(), a_member.end()), hb(b_member.begin(), b_member.end());
    check_searches(ha.begin(), hb.begin(), a_ids, b_ids, less);
    // device_vector iterators and device_ptr: device_reference proxies (the
    // host device system keeps them in host memory).
    const thrust::device_vector<free_key> da(a_free.begin(), a_free.end()), db(b_free.begin(), b_free.end());
    check_searches(da.begin(), db.begin(), a_ids, b_ids, less);
    check_searches(da.data(), db.data(), a_ids, b_ids, value_semantics_cases::same_type_less{});
    // transform_iterator yielding keys by value, against a raw pointer.
    const auto a_transformed = thrust::make_transform_iterator(a_ids.data(), to_member_key{});
    check_searches(a_transformed, b_member.data(), a_ids, b_ids, value_semantics_cases::same_type_less{});
    check_searches(b_member.data(), a_transformed, b_ids, a_ids, less);
    // zip_iterator: tuple keys, under a comparator templated on one type.
    const auto a_zip = thrust::make_zip_iterator(a_ids.data(), a_ids.data());
    const auto b_zip = thrust::make_zip_iterator(b_ids.data(), b_ids.data());
    check_searches(a_zip, b_zip, a_ids, b_ids, value_semantics_cases::same_type_less{});
    // counting_iterator with int keys, under a comparator templated on one
    // type, against int keys of another type.
    std::vector<int> a_count(a_ids.size());
    std::iota(a_count.begin(), a_count.end(), 0);
    const std::vector<short> b_short(b_ids.begin(), b_ids.end());
    check_searches(thrust::counting_iterator<int>(0), b_short.data(), a_count, b_ids,
                   value_semantics_cases::same_type_less{});
  }
}
