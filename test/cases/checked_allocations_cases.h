// Checked mode on every policy of the backend, and what it costs: on the CUDA
// backend a checked call takes from the policy's allocator exactly what the
// same call unchecked takes (the check's verdict word comes from a pool kept
// per CUDA context), a rejected call takes nothing, and the pool stays right
// across host threads and a cudaDeviceReset.
#pragma once

#include "common/checked_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/load_balance.h>
#include <mgpu/merge.h>
#include <mgpu/set_operations.h>

#include <cuda/std/functional>

#if MGPU_HAS_CUDA_BACKEND
#  include "common/cuda_policies.h"

#  include <thrust/fill.h>
#  include <thrust/system/cuda/execution_policy.h>
#else
#  include <thrust/system/cpp/execution_policy.h>
#endif

#include <algorithm>
#include <iterator>
#include <string>
#include <thread>
#include <vector>

namespace checked_allocations {

enum class algorithm
{
  merge,
  set_union,
  set_union_unique_keys,
  bulk_remove,
  bulk_insert,
  load_balance_search
};

inline const algorithm every_algorithm[] = {algorithm::merge,       algorithm::set_union,
                                            algorithm::set_union_unique_keys, algorithm::bulk_remove,
                                            algorithm::bulk_insert, algorithm::load_balance_search};

inline const char* name_of(algorithm which)
{
  switch (which)
  {
    case algorithm::merge: return "mgpu::merge";
    case algorithm::set_union: return "mgpu::set_union";
    case algorithm::set_union_unique_keys: return "mgpu::set_union (unique_keys)";
    case algorithm::bulk_remove: return "mgpu::bulk_remove";
    case algorithm::bulk_insert: return "mgpu::bulk_insert";
    default: return "mgpu::load_balance_search";
  }
}

template <class T>
using vector_of = typename backend::template vector<T>;

// Valid inputs of every algorithm, `count` elements per input.
struct problem
{
  int count;
  vector_of<int> a, b;               // sorted, with duplicates
  vector_of<int> unique_a, unique_b; // sorted, no duplicates
  vector_of<int> source;
  vector_of<int> removal_indices;    // every third
  vector_of<int> insert_values, insert_positions; // one per five
  vector_of<int> offsets;            // 16 items per segment, `count` in all
  vector_of<int> out;                // room for every output

  explicit problem(int n) : count(n)
  {
    std::vector<int> a_host(n), b_host(n), unique_a_host(n), unique_b_host(n);
    for (int i = 0; i < n; ++i)
    {
      a_host[i]        = i / 3;
      b_host[i]        = i / 2;
      unique_a_host[i] = 2 * i;
      unique_b_host[i] = 3 * i;
    }
    std::vector<int> removal_host((n + 2) / 3), positions_host(n / 5), offsets_host((n + 15) / 16);
    for (std::size_t j = 0; j < removal_host.size(); ++j)
      removal_host[j] = 3 * int(j);
    for (std::size_t j = 0; j < positions_host.size(); ++j)
      positions_host[j] = 5 * int(j);
    for (std::size_t s = 0; s < offsets_host.size(); ++s)
      offsets_host[s] = 16 * int(s);
    a                = mgpu_test::to_backend<backend>(a_host);
    b                = mgpu_test::to_backend<backend>(b_host);
    unique_a         = mgpu_test::to_backend<backend>(unique_a_host);
    unique_b         = mgpu_test::to_backend<backend>(unique_b_host);
    source           = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(n, 0));
    removal_indices  = mgpu_test::to_backend<backend>(removal_host);
    insert_values    = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(positions_host.size(), -n));
    insert_positions = mgpu_test::to_backend<backend>(positions_host);
    offsets          = mgpu_test::to_backend<backend>(offsets_host);
    out              = mgpu_test::poisoned<backend, int>(2 * std::size_t(n));
  }
};

// One call of `which` on `policy` through the public, checked entry point.
template <class Policy>
void run_checked(algorithm which, const Policy& policy, problem& p)
{
  const ::cuda::std::less<> less;
  switch (which)
  {
    case algorithm::merge:
      mgpu::merge(policy, p.a.begin(), p.a.end(), p.b.begin(), p.b.end(), p.out.begin());
      break;
    case algorithm::set_union:
      mgpu::set_union(policy, p.a.begin(), p.a.end(), p.b.begin(), p.b.end(), p.out.begin());
      break;
    case algorithm::set_union_unique_keys:
      mgpu::set_union(policy, p.unique_a.begin(), p.unique_a.end(), p.unique_b.begin(), p.unique_b.end(),
                      p.out.begin(), less, mgpu::unique_keys);
      break;
    case algorithm::bulk_remove:
      mgpu::bulk_remove(policy, p.source.begin(), p.source.end(), p.removal_indices.begin(), p.removal_indices.end(),
                        p.out.begin());
      break;
    case algorithm::bulk_insert:
      mgpu::bulk_insert(policy, p.source.begin(), p.source.end(), p.insert_values.begin(), p.insert_values.end(),
                        p.insert_positions.begin(), p.out.begin());
      break;
    case algorithm::load_balance_search:
      mgpu::load_balance_search(policy, p.offsets.begin(), p.offsets.end(), p.out.begin(), p.out.begin() + p.count);
      break;
  }
}

// Breaks one precondition of `which` in `p` and returns the fragments its
// rejection must name.
inline std::vector<const char*> break_precondition(algorithm which, problem& p)
{
  const int late = p.count - 2;
  switch (which)
  {
    case algorithm::merge:
      p.b[late] = -1;
      return {"mgpu::merge", "second input range must be sorted"};
    case algorithm::set_union:
      p.a[late] = -1;
      return {"mgpu::set_union", "first input range must be sorted"};
    case algorithm::set_union_unique_keys:
      p.unique_b[late] = p.unique_b[late - 1];
      return {"mgpu::set_union", "second input range must not hold equivalent keys"};
    case algorithm::bulk_remove:
      p.removal_indices[p.removal_indices.size() - 1] = p.count;
      return {"mgpu::bulk_remove", "removal indices must lie in"};
    case algorithm::bulk_insert:
      p.insert_positions[1] = p.insert_positions[0];
      p.insert_positions[0] = 1;
      return {"mgpu::bulk_insert", "insertion positions must be sorted", "position: 1)"};
    default:
      p.offsets[p.offsets.size() - 1] = p.count + 1;
      return {"mgpu::load_balance_search", "offsets must not exceed the total"};
  }
}

// Waits for work sent without synchronization (par_nosync).
inline void wait_for_backend()
{
#if MGPU_HAS_CUDA_BACKEND
  mgpu_test::cuda_require(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
#endif
}

// Every policy the backend takes, each passed to `f`.
template <class F>
void for_each_policy(F&& f)
{
#if MGPU_HAS_CUDA_BACKEND
  mgpu_test::stream_guard stream;
  f(thrust::device);
  f(thrust::cuda::par);
  f(thrust::cuda::par.on(stream.stream));
  f(thrust::cuda::par_nosync.on(stream.stream));
#else
  f(thrust::host);
  f(thrust::seq);
  f(thrust::cpp::par);
  f(thrust::device);
#endif
}

} // namespace checked_allocations

TEST_CASE("checked mode: every policy runs the checks, rejects broken inputs and runs valid ones")
{
  using namespace checked_allocations;
  for (algorithm which : every_algorithm)
  {
    CAPTURE(name_of(which));
    for_each_policy([&](const auto& policy) {
      problem valid(1000);
      run_checked(which, policy, valid);
      wait_for_backend();
      const auto host_out = mgpu_test::to_std(valid.out);
      CHECK(host_out[0] != mgpu_test::poison<int>());

      problem broken(1000);
      const auto fragments = break_precondition(which, broken);
      checked::expect_rejected([&] { run_checked(which, policy, broken); }, broken.out, fragments);
    });
  }
}

#if MGPU_HAS_CUDA_BACKEND
namespace checked_allocations {

// The same call on the CUDA backend with no check: the algorithm alone.
template <class Policy>
void run_unchecked(algorithm which, Policy& policy, problem& p)
{
  using mgpu::detail::no_values;
  using mgpu::detail::set_op;
  const ::cuda::std::less<> less;
  switch (which)
  {
    case algorithm::merge:
      mgpu::detail::cuda::merge(policy, p.a.begin(), p.a.end(), p.b.begin(), p.b.end(), no_values{}, no_values{},
                                p.out.begin(), no_values{}, less, "mgpu::merge");
      break;
    case algorithm::set_union:
      mgpu::detail::cuda::set_operation<set_op::union_, mgpu::key_multiplicity::duplicates>(
        policy, p.a.begin(), p.a.end(), p.b.begin(), p.b.end(), no_values{}, no_values{}, p.out.begin(), no_values{},
        less, "mgpu::set_union");
      break;
    case algorithm::set_union_unique_keys:
      mgpu::detail::cuda::set_operation<set_op::union_, mgpu::key_multiplicity::unique>(
        policy, p.unique_a.begin(), p.unique_a.end(), p.unique_b.begin(), p.unique_b.end(), no_values{}, no_values{},
        p.out.begin(), no_values{}, less, "mgpu::set_union");
      break;
    case algorithm::bulk_remove:
      mgpu::detail::cuda::bulk_remove(policy, p.source.begin(), p.source.end(), p.removal_indices.begin(),
                                      p.removal_indices.end(), p.out.begin(), "mgpu::bulk_remove");
      break;
    case algorithm::bulk_insert:
      mgpu::detail::cuda::bulk_insert(policy, p.source.begin(), p.source.end(), p.insert_values.begin(),
                                      p.insert_values.end(), p.insert_positions.begin(), p.out.begin(),
                                      "mgpu::bulk_insert");
      break;
    case algorithm::load_balance_search:
      mgpu::detail::transform_lbs_with_offsets<int>(
        policy, p.offsets.begin(), int(p.offsets.size()), p.count,
        mgpu::detail::lbs_search_op<decltype(p.out.begin())>{{}, p.out.begin()}, "mgpu::load_balance_search");
      break;
  }
}

// Temporary allocations that `call` takes from `arena`, which must have none
// live; its space is reused.
template <class Call>
long allocations_of(mgpu_test::device_arena& arena, Call&& call)
{
  arena.state.allocations = 0;
  arena.state.used        = 0;
  call();
  return arena.state.allocations;
}

} // namespace checked_allocations

TEST_CASE("checked mode on the CUDA backend: the check takes nothing from the policy's allocator")
{
  using namespace checked_allocations;
  mgpu_test::device_arena arena(64 << 20);
  // Small calls run without scratch of their own under the sm_90 tuning,
  // large ones take one allocation.
  for (int n : {1000, 1 << 20})
  {
    problem p(n);
    for (algorithm which : every_algorithm)
    {
      CAPTURE(n);
      CAPTURE(name_of(which));
      auto policy = thrust::cuda::par(arena.allocator());
      thrust::fill(p.out.begin(), p.out.end(), mgpu_test::poison<int>());
      const long unchecked = allocations_of(arena, [&] { run_unchecked(which, policy, p); });
      const auto expected  = mgpu_test::to_std(p.out);
      thrust::fill(p.out.begin(), p.out.end(), mgpu_test::poison<int>());
      const long checked = allocations_of(arena, [&] { run_checked(which, policy, p); });
      CAPTURE(unchecked);
      CHECK(checked == unchecked);
      CHECK(arena.state.live == 0);
      MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(p.out), expected);

      // A rejected call stops at its check: no allocation from the policy.
      problem broken(n);
      const auto fragments = break_precondition(which, broken);
      const long rejected  = allocations_of(arena, [&] {
        checked::expect_rejected([&] { run_checked(which, policy, broken); }, broken.out, fragments);
      });
      CHECK(rejected == 0);
      CHECK(arena.state.live == 0);
    }
  }
}

TEST_CASE("checked mode on the CUDA backend: a failed allocation after a passing check propagates, leaks nothing, "
          "writes nothing")
{
  using namespace checked_allocations;
  mgpu_test::device_arena arena(64 << 20);
  problem p(1 << 20);
  int failed = 0;
  for (algorithm which : every_algorithm)
  {
    CAPTURE(name_of(which));
    auto policy = thrust::cuda::par(arena.allocator());
    if (allocations_of(arena, [&] { run_unchecked(which, policy, p); }) == 0)
      continue; // nothing of its own to fail
    arena.state.allocations = 0;
    arena.state.used        = 0;
    arena.state.fail_at     = 0;
    thrust::fill(p.out.begin(), p.out.end(), mgpu_test::poison<int>());
    CHECK_THROWS_AS(run_checked(which, policy, p), std::bad_alloc);
    arena.state.fail_at = -1;
    ++failed;
    CHECK(arena.state.live == 0);
    const auto host_out = mgpu_test::to_std(p.out);
    CHECK(std::all_of(host_out.begin(), host_out.end(), [](int x) { return x == mgpu_test::poison<int>(); }));
    // The next call works.
    run_checked(which, policy, p);
    CHECK(mgpu_test::to_std(p.out)[0] != mgpu_test::poison<int>());
  }
  CHECK(failed > 0);
}

TEST_CASE("checked mode on the CUDA backend: host threads on their own streams check concurrently")
{
  using namespace checked_allocations;
  constexpr int threads = 4, rounds = 12;
  // Thread t runs algorithm_of[t] on its own problems.
  std::vector<algorithm> algorithm_of;
  std::vector<problem> valid, broken;
  std::vector<std::vector<const char*>> fragments;
  std::vector<std::vector<int>> expected;
  for (int t = 0; t < threads; ++t)
  {
    algorithm_of.push_back(every_algorithm[t % std::size(every_algorithm)]);
    valid.emplace_back(20000 + 1000 * t);
    broken.emplace_back(20000 + 1000 * t);
  }
  for (int t = 0; t < threads; ++t)
  {
    const algorithm which = algorithm_of[t];
    run_checked(which, thrust::device, valid[t]);
    expected.push_back(mgpu_test::to_std(valid[t].out));
    fragments.push_back(break_precondition(which, broken[t]));
  }
  // Doctest's assertions are not thread-safe: each thread counts its failures.
  std::vector<int> wrong(threads, 0);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      const algorithm which = algorithm_of[t];
      mgpu_test::stream_guard stream;
      const auto policy = thrust::cuda::par.on(stream.stream);
      for (int round = 0; round < rounds; ++round)
      {
        try
        {
          run_checked(which, policy, broken[t]);
          ++wrong[t]; // accepted a broken input
        }
        catch (const std::invalid_argument& e)
        {
          const std::string message = e.what();
          for (const char* fragment : fragments[t])
            wrong[t] += message.find(fragment) == std::string::npos;
        }
        thrust::fill(policy, valid[t].out.begin(), valid[t].out.end(), mgpu_test::poison<int>());
        run_checked(which, policy, valid[t]);
        wrong[t] += mgpu_test::to_std(valid[t].out) != expected[t];
      }
    });
  for (auto& worker : workers)
    worker.join();
  for (int t = 0; t < threads; ++t)
  {
    CAPTURE(t);
    CHECK(wrong[t] == 0);
  }
}

TEST_CASE("checked mode on the CUDA backend: checks keep working after cudaDeviceReset")
{
  using namespace checked_allocations;
  {
    problem warm(1000);
    run_checked(algorithm::merge, thrust::device, warm); // leaves a verdict word in the pool
  }
  mgpu_test::cuda_require(cudaDeviceReset(), "cudaDeviceReset");
  // The new context gets words of its own: a rejection writes one, a pass reads one.
  problem p(1 << 16);
  problem broken(1 << 16);
  const auto fragments = break_precondition(algorithm::merge, broken);
  checked::expect_rejected([&] { run_checked(algorithm::merge, thrust::device, broken); }, broken.out, fragments);
  run_checked(algorithm::merge, thrust::device, p);
  const auto out = mgpu_test::to_std(p.out), a = mgpu_test::to_std(p.a), b = mgpu_test::to_std(p.b);
  std::vector<int> merged(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), merged.begin());
  CHECK(std::equal(merged.begin(), merged.end(), out.begin()));
  mgpu_test::cuda_require(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}
#endif
