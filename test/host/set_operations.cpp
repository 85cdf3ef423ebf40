#include "common/test_support.h"

using backend = mgpu_test::host_backend;

#include "cases/set_operations_cases.h"

#include <thrust/set_operations.h>
#include <thrust/system/cpp/execution_policy.h>

TEST_CASE("set operations: every host policy runs the sequential backend")
{
  const auto a = random_sorted<int>(5000, 0, 50, 101), b = random_sorted<int>(4000, 0, 50, 102);
  std::vector<int> expected;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  auto check = [&](auto policy) {
    thrust::host_vector<int> ha(a.begin(), a.end()), hb(b.begin(), b.end()), out(a.size() + b.size(), -1);
    auto end = mgpu::set_union(policy, ha.begin(), ha.end(), hb.begin(), hb.end(), out.begin());
    CHECK(std::size_t(end - out.begin()) == expected.size());
    out.resize(expected.size());
    MGPU_CHECK_EQUAL_RANGES(to_std(out), expected);
  };
  check(thrust::host);
  check(thrust::seq);
  check(thrust::cpp::par);
  check(thrust::device); // the CPP device system
}

namespace {
bool less_by_function(const int& x, const int& y) { return x < y; }
} // namespace

TEST_CASE("set_difference_by_key: a function-pointer comparator in both parameter lists, with and without a policy")
{
  const auto a = random_sorted<int>(3000, 0, 90, 103), b = random_sorted<int>(2000, 0, 90, 104);
  const auto a_values = mgpu_test::iota_values<int>(a.size(), 0);
  const std::vector<int> b_values(b.size(), -1);
  std::vector<int> expected_keys(a.size()), expected_values(a.size());
  const auto expected_ends =
    thrust::set_difference_by_key(thrust::host, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                  b_values.begin(), expected_keys.begin(), expected_values.begin());
  expected_keys.resize(std::size_t(expected_ends.first - expected_keys.begin()));
  expected_values.resize(expected_keys.size());
  for (int form = 0; form < 4; ++form)
  {
    CAPTURE(form);
    std::vector<int> keys(a.size() + 1, -7), values(a.size() + 1, -7);
    auto ends = thrust::make_pair(keys.begin(), values.begin());
    if (form == 0)
      ends = mgpu::set_difference_by_key(thrust::host, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                         keys.begin(), values.begin(), &less_by_function);
    else if (form == 1)
      ends = mgpu::set_difference_by_key(thrust::host, a.begin(), a.end(), b.begin(), b.end(), a_values.begin(),
                                         b_values.begin(), keys.begin(), values.begin(), &less_by_function);
    else if (form == 2)
      ends = mgpu::set_difference_by_key(a.begin(), a.end(), b.begin(), b.end(), a_values.begin(), keys.begin(),
                                         values.begin(), &less_by_function);
    else
      ends = mgpu::set_difference_by_key(a.begin(), a.end(), b.begin(), b.end(), a_values.begin(), b_values.begin(),
                                         keys.begin(), values.begin(), &less_by_function);
    REQUIRE(ends.first - keys.begin() == std::ptrdiff_t(expected_keys.size()));
    CHECK(ends.second - values.begin() == std::ptrdiff_t(expected_keys.size()));
    keys.resize(expected_keys.size());
    values.resize(expected_keys.size());
    MGPU_CHECK_EQUAL_RANGES(keys, expected_keys);
    MGPU_CHECK_EQUAL_RANGES(values, expected_values);
  }
}

// ---------------------------------------------------------------------------
// The CUDA backend's tile decomposition, replayed on the host: the partition
// searches at every tile boundary, each tile's shared-memory layout with or
// without look-ahead keys, and every thread's search and serial loop, using
// the same host-device functions as the kernels.
// ---------------------------------------------------------------------------

#include <mgpu/detail/set_operation_ops.h>

namespace {

using mgpu::detail::set_op;
using mgpu::key_multiplicity;
using mgpu::detail::slot_record;

// Outputs as (key, source) with source = A index, or |A| + B index.
template <int NT, int VT, set_op Op, key_multiplicity Multiplicity>
std::vector<std::pair<int, int>> replay_tiles(const std::vector<int>& a, const std::vector<int>& b)
{
  constexpr int tile_size = NT * VT;
  const int na = int(a.size()), nb = int(b.size()), total = na + nb;
  const int num_tiles = (total + tile_size - 1) / tile_size;
  ::cuda::std::less<> less;
  std::vector<mgpu::balanced_path_point<int>> splits;
  for (int p = 0; p <= num_tiles; ++p)
    splits.push_back(mgpu::balanced_path<Multiplicity, 4>(a.data(), na, b.data(), nb,
                                                          p < num_tiles ? p * tile_size : total, less));
  std::vector<std::pair<int, int>> out;
  for (int tile = 0; tile < num_tiles; ++tile)
  {
    const auto first = splits[tile], last = splits[tile + 1];
    const int star_begin = first.a + first.b - tile * tile_size;
    REQUIRE((star_begin == 0 || star_begin == 1));
    const int a_len = last.a - first.a, b_len = last.b - first.b;
    if (tile + 1 < num_tiles)
      REQUIRE(a_len + b_len >= tile_size - 1);
    REQUIRE(a_len + b_len <= tile_size + 1);
    const bool look_ahead = last.a < na && last.b < nb;
    const int b_offset = a_len + int(look_ahead);
    // Exactly the kernel's shared array; unused slots hold a key that would
    // break the output if it were ever taken.
    std::vector<int> loaded(tile_size + 3, -1000000);
    for (int j = 0; j < a_len + int(look_ahead); ++j)
      loaded[j] = a[first.a + j];
    for (int j = 0; j < b_len + int(look_ahead); ++j)
      loaded[b_offset + j] = b[first.b + j];
    for (int thread = 0; thread < NT; ++thread)
    {
      // Both records of one thread: its keys, and their positions in the tile.
      int keys[VT] = {}, positions[VT] = {};
      const auto rule       = mgpu::detail::set_rule_of(Op);
      const unsigned commit = mgpu::detail::thread_set_operation<VT, Multiplicity, slot_record::key>(
        rule, loaded.data(), a_len, b_len, b_offset, look_ahead, star_begin, thread, keys, less);
      const unsigned position_commit = mgpu::detail::thread_set_operation<VT, Multiplicity, slot_record::position>(
        rule, loaded.data(), a_len, b_len, b_offset, look_ahead, star_begin, thread, positions, less);
      REQUIRE(commit == position_commit);
      for (int i = 0; i < VT; ++i)
        if (commit & (1u << i))
        {
          REQUIRE(keys[i] == loaded[positions[i]]);
          const int source =
            positions[i] < b_offset ? first.a + positions[i] : na + first.b + (positions[i] - b_offset);
          out.emplace_back(keys[i], source);
        }
    }
  }
  return out;
}

// The library's operation of the tests' name for it.
constexpr set_op library_op(mgpu_test::set_op o)
{
  switch (o)
  {
    case mgpu_test::set_op::intersection: return set_op::intersection;
    case mgpu_test::set_op::union_: return set_op::union_;
    case mgpu_test::set_op::difference: return set_op::difference;
    default: return set_op::symmetric_difference;
  }
}

template <int NT, int VT, key_multiplicity Multiplicity>
void check_replay(const std::vector<int>& a, const std::vector<int>& b)
{
  CAPTURE(NT);
  CAPTURE(VT);
  mgpu_test::for_each_set_op([&](auto op_constant) {
    constexpr mgpu_test::set_op Op = decltype(op_constant)::value;
    CAPTURE(mgpu_test::name_of(Op));
    const auto got      = replay_tiles<NT, VT, library_op(Op), Multiplicity>(a, b);
    const auto expected = mgpu_test::set_reference_with_sources<Op>(a, b);
    CHECK(got.size() == expected.size());
    CHECK(got == expected);
  });
}

template <key_multiplicity Multiplicity>
void check_replay_shapes(const std::vector<int>& a, const std::vector<int>& b)
{
  check_replay<1, 1, Multiplicity>(a, b);
  check_replay<4, 3, Multiplicity>(a, b);
  check_replay<3, 5, Multiplicity>(a, b);
  check_replay<8, 7, Multiplicity>(a, b);
  check_replay<16, 15, Multiplicity>(a, b);
  check_replay<32, 11, Multiplicity>(a, b);
}

} // namespace

TEST_CASE("set operation tiles replayed on the host: random multisets")
{
  for (std::uint64_t seed = 0; seed < 60; ++seed)
  {
    const std::size_t na = (seed * 37) % 700, nb = (seed * 53) % 650;
    const int hi = seed % 3 == 0 ? 2 : seed % 3 == 1 ? 9 : 100000;
    CAPTURE(seed);
    check_replay_shapes<key_multiplicity::duplicates>(random_sorted<int>(na, 0, hi, seed),
                                                      random_sorted<int>(nb, 0, hi, seed + 500));
  }
}

TEST_CASE("set operation tiles replayed on the host: long runs, lopsided sizes, empty ranges")
{
  const std::vector<int> run_a(900, 5), run_b(640, 5), few(3, 5);
  const auto rest_a = random_sorted<int>(300, 0, 10, 1), rest_b = random_sorted<int>(250, 0, 10, 2);
  check_replay_shapes<key_multiplicity::duplicates>(set_cases::concat_sorted(rest_a, run_a),
                                                    set_cases::concat_sorted(rest_b, run_b));
  check_replay_shapes<key_multiplicity::duplicates>(set_cases::concat_sorted(rest_a, run_a),
                                                    set_cases::concat_sorted(rest_b, few));
  check_replay_shapes<key_multiplicity::duplicates>(set_cases::concat_sorted(rest_a, few),
                                                    set_cases::concat_sorted(rest_b, run_b));
  check_replay_shapes<key_multiplicity::duplicates>(run_a, run_b);
  check_replay_shapes<key_multiplicity::duplicates>(random_sorted<int>(3, 0, 50, 3), random_sorted<int>(3000, 0, 50, 4));
  check_replay_shapes<key_multiplicity::duplicates>(random_sorted<int>(3000, 0, 50, 5), random_sorted<int>(2, 0, 50, 6));
  check_replay_shapes<key_multiplicity::duplicates>(random_sorted<int>(700, 0, 50, 7), {});
  check_replay_shapes<key_multiplicity::duplicates>({}, random_sorted<int>(700, 0, 50, 8));
}

TEST_CASE("set operation tiles replayed on the host: the unique-keys partitioning")
{
  for (std::uint64_t seed = 0; seed < 40; ++seed)
  {
    CAPTURE(seed);
    const auto a = set_cases::random_unique_sorted(seed * 31 % 900, seed, 1 + int(seed % 4));
    const auto b = set_cases::random_unique_sorted(seed * 43 % 800, seed + 99, 1 + int(seed % 3));
    check_replay_shapes<key_multiplicity::unique>(a, b);
  }
  const auto same = set_cases::random_unique_sorted(777, 5);
  check_replay_shapes<key_multiplicity::unique>(same, same);
}
