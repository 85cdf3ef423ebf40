#include "common/cuda_policies.h"
#include "common/test_support.h"

using backend = mgpu_test::cuda_backend;

#include "cases/set_count_to_cases.h"

#include <mgpu/detail/cuda/dispatch/set_operations.h>

#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/system/cuda/execution_policy.h>

#include <cuda_runtime_api.h>

#include <limits>
#include <stdexcept>
#include <string>

namespace {

using count_to_cases::padded;
using mgpu_test::cuda_require;
using mgpu_test::poison;

// A chain of two set operations that never leaves the device: the union of
// A and B into `joined`, then the intersection of all of `joined` with C. The
// union's count stays on the device, so the intersection reads the whole
// buffer; its unused tail holds a key past every input key, which keeps the
// buffer sorted and matches nothing in C.
struct set_chain
{
  static constexpr int past_every_key = std::numeric_limits<int>::max();
  static constexpr std::size_t na = 70000, nb = 50000, nc = 60000;

  thrust::device_vector<int> a, b, c, joined, common;
  thrust::device_vector<long long> counts; // the union's, the intersection's, and a neighbour that stays poisoned
  std::vector<int> expected_joined, expected_common;

  set_chain() : a(na), b(nb), c(nc), joined(na + nb), common(nc + 1), counts(3) {}

  // New input values (the sizes are the graph's), with their reference.
  void load(std::uint64_t seed)
  {
    const int hi = seed % 2 == 0 ? 5000 : 200000;
    const auto ha = mgpu_test::random_sorted<int>(na, 0, hi, seed);
    const auto hb = mgpu_test::random_sorted<int>(nb, 0, hi, seed + 1);
    const auto hc = mgpu_test::random_sorted<int>(nc, 0, hi, seed + 2);
    thrust::copy(ha.begin(), ha.end(), a.begin());
    thrust::copy(hb.begin(), hb.end(), b.begin());
    thrust::copy(hc.begin(), hc.end(), c.begin());
    expected_joined.clear();
    expected_common.clear();
    std::set_union(ha.begin(), ha.end(), hb.begin(), hb.end(), std::back_inserter(expected_joined));
    std::set_intersection(expected_joined.begin(), expected_joined.end(), hc.begin(), hc.end(),
                          std::back_inserter(expected_common));
    poison_outputs();
  }

  void poison_outputs()
  {
    thrust::fill(joined.begin(), joined.end(), poison<int>());
    thrust::fill(common.begin(), common.end(), poison<int>());
    thrust::fill(counts.begin(), counts.end(), poison<long long>());
    cuda_require(cudaDeviceSynchronize(), "synchronize the inputs");
  }

  template <class Policy>
  void enqueue(const Policy& policy)
  {
    thrust::fill(policy, joined.begin(), joined.end(), past_every_key);
    mgpu::set_union(policy, a.begin(), a.end(), b.begin(), b.end(), joined.begin(), mgpu::count_to(counts.begin()));
    mgpu::set_intersection(policy, joined.begin(), joined.end(), c.begin(), c.end(), common.begin(),
                           ::cuda::std::less<>{}, mgpu::count_to(counts.begin() + 1));
  }

  void check() const
  {
    const auto host_counts = mgpu_test::to_std(counts);
    CHECK(host_counts[0] == static_cast<long long>(expected_joined.size()));
    CHECK(host_counts[1] == static_cast<long long>(expected_common.size()));
    CHECK(host_counts[2] == poison<long long>());
    std::vector<int> joined_expected = expected_joined;
    joined_expected.resize(na + nb, past_every_key);
    MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(joined), joined_expected);
    MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(common), padded(expected_common, nc + 1));
  }

  bool untouched() const
  {
    const auto host_counts = mgpu_test::to_std(counts);
    const auto host_common = mgpu_test::to_std(common);
    return host_counts == std::vector<long long>(3, poison<long long>()) &&
           host_common == std::vector<int>(nc + 1, poison<int>());
  }
};

// Captures `work` on `stream` in `mode` and instantiates the graph. Capture
// fails on any synchronization and any work sent to another stream, so a
// returned graph proves `work` did neither.
template <class Work>
cudaGraphExec_t capture(cudaStream_t stream, cudaStreamCaptureMode mode, Work&& work)
{
  cuda_require(cudaStreamBeginCapture(stream, mode), "begin capture");
  std::string failure;
  try
  {
    work();
  }
  catch (const std::exception& e)
  {
    failure = e.what();
  }
  cudaGraph_t graph{};
  const cudaError_t end_status = cudaStreamEndCapture(stream, &graph);
  if (!failure.empty())
    throw std::runtime_error("failed while the stream was captured: " + failure);
  cuda_require(end_status, "end capture");
  cudaGraphExec_t exec{};
  const cudaError_t instantiated = cudaGraphInstantiate(&exec, graph, 0);
  cudaGraphDestroy(graph);
  cuda_require(instantiated, "instantiate");
  return exec;
}

void replay(cudaGraphExec_t exec, cudaStream_t stream)
{
  cuda_require(cudaGraphLaunch(exec, stream), "launch graph");
  cuda_require(cudaStreamSynchronize(stream), "synchronize");
}

// Runs the chain directly, then captures it and replays the graph on two sets
// of input values.
template <class Policy>
void capture_chain_and_replay(const Policy& policy, cudaStream_t stream, cudaStreamCaptureMode mode)
{
  set_chain chain;
  chain.load(1);
  chain.enqueue(policy);
  cuda_require(cudaStreamSynchronize(stream), "direct run");
  chain.check();

  chain.poison_outputs();
  cudaGraphExec_t exec = capture(stream, mode, [&] { chain.enqueue(policy); });
  CHECK(chain.untouched()); // captured, not run
  replay(exec, stream);
  chain.check();

  chain.load(2); // other values, other counts: the graph's launches do not depend on them
  replay(exec, stream);
  chain.check();
  cudaGraphExecDestroy(exec);
}

} // namespace

TEST_CASE("set operations, count_to: a chain captured in a CUDA graph with par_nosync.on(stream), replayed")
{
  mgpu_test::stream_guard stream;
#if CCCL_MAJOR_VERSION >= 3
  // par_nosync allocates its temporary storage with cudaMallocAsync on the
  // policy's stream, which a graph records as allocation nodes.
  capture_chain_and_replay(thrust::cuda::par_nosync.on(stream.stream), stream.stream, cudaStreamCaptureModeGlobal);
#else
  mgpu_test::device_arena arena(64 << 20);
  capture_chain_and_replay(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream), stream.stream,
                           cudaStreamCaptureModeGlobal);
#endif
}

TEST_CASE("set operations, count_to: a chain captured with an allocator that makes no CUDA call, thread-local mode")
{
  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  capture_chain_and_replay(thrust::cuda::par_nosync(arena.allocator()).on(stream.stream), stream.stream,
                           cudaStreamCaptureModeThreadLocal);
  CHECK(arena.state.live == 0);
}

TEST_CASE("set operations, count_to: all eight operations in one captured graph")
{
  // Each count_to form on one stream, into its own outputs and count; run
  // directly first, then captured and replayed.
  const auto a = mgpu_test::random_sorted<int>(40000, 0, 3000, 51);
  const auto b = mgpu_test::random_sorted<int>(30000, 0, 3000, 52);
  auto d_a = mgpu_test::to_backend<backend>(a), d_b = mgpu_test::to_backend<backend>(b);
  auto d_av = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(a.size(), 0));
  auto d_bv = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(b.size(), int(a.size())));
  const std::size_t capacity = a.size() + b.size();
  std::vector<thrust::device_vector<int>> keys(8), values(4);
  thrust::device_vector<int> counts(8);
  auto poison_all = [&] {
    for (auto& v : keys)
      v.assign(capacity, poison<int>());
    for (auto& v : values)
      v.assign(capacity, poison<int>());
    counts.assign(8, poison<int>());
    cuda_require(cudaDeviceSynchronize(), "poison");
  };
  mgpu_test::stream_guard stream;
  const auto policy = thrust::cuda::par_nosync.on(stream.stream);
  auto enqueue = [&] {
    int slot = 0;
    count_to_cases::for_each_op([&](auto o) {
      constexpr auto Op = decltype(o)::value;
      count_to_cases::keys_op<Op>(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), keys[slot].begin(),
                                  mgpu::count_to(counts.begin() + slot));
      count_to_cases::pairs_op<Op>(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), d_av.begin(),
                                   d_bv.begin(), keys[slot + 4].begin(), values[slot].begin(),
                                   mgpu::count_to(counts.begin() + slot + 4));
      ++slot;
    });
  };
  auto check = [&] {
    const auto host_counts = mgpu_test::to_std(counts);
    int slot = 0;
    count_to_cases::for_each_op([&](auto o) {
      constexpr auto Op     = decltype(o)::value;
      const char* operation = count_to_cases::name_of(Op);
      CAPTURE(operation);
      const auto [expected_keys, expected_values] = count_to_cases::reference<Op>(a, b);
      CHECK(host_counts[slot] == int(expected_keys.size()));
      CHECK(host_counts[slot + 4] == int(expected_keys.size()));
      MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(keys[slot]), padded(expected_keys, capacity));
      MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(keys[slot + 4]), padded(expected_keys, capacity));
      MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(values[slot]), padded(expected_values, capacity));
      ++slot;
    });
  };
  poison_all();
  enqueue();
  cuda_require(cudaStreamSynchronize(stream.stream), "direct run");
  check();
#if CCCL_MAJOR_VERSION >= 3
  poison_all();
  cudaGraphExec_t exec = capture(stream.stream, cudaStreamCaptureModeGlobal, enqueue);
  CHECK(mgpu_test::to_std(counts) == std::vector<int>(8, poison<int>())); // captured, not run
  replay(exec, stream.stream);
  cudaGraphExecDestroy(exec);
  check();
#endif
}

TEST_CASE("set operations, count_to: the returning form fails capture, so the capture tests can fail")
{
  // The form that returns an end reads its count back and waits: capture
  // rejects that, and the stream works again afterwards.
  set_chain chain;
  chain.load(3);
  mgpu_test::stream_guard stream;
  mgpu_test::device_arena arena(64 << 20);
  const auto policy = thrust::cuda::par_nosync(arena.allocator()).on(stream.stream);
  cuda_require(cudaStreamBeginCapture(stream.stream, cudaStreamCaptureModeGlobal), "begin capture");
  bool threw = false;
  try
  {
    mgpu::set_union(policy, chain.a.begin(), chain.a.end(), chain.b.begin(), chain.b.end(), chain.joined.begin());
  }
  catch (const thrust::system_error&)
  {
    threw = true;
  }
  cudaGraph_t graph{};
  const cudaError_t end_status = cudaStreamEndCapture(stream.stream, &graph);
  if (graph)
    cudaGraphDestroy(graph);
  cudaGetLastError(); // the capture's failure is not sticky; clear it for the next calls
  CHECK(threw);
  CHECK(end_status != cudaSuccess);
  CHECK(arena.state.live == 0);

  chain.enqueue(policy);
  cuda_require(cudaStreamSynchronize(stream.stream), "synchronize");
  chain.check();
}

TEST_CASE("set operations, count_to: par.on(stream) and par_nosync.on(stream) write the count on that stream")
{
  const auto a = mgpu_test::random_sorted<int>(400000, 0, 100000, 61);
  const auto b = mgpu_test::random_sorted<int>(300000, 0, 100000, 62);
  std::vector<int> expected;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(expected));
  auto d_a = mgpu_test::to_backend<backend>(a), d_b = mgpu_test::to_backend<backend>(b);
  mgpu_test::stream_guard stream;
  auto run_and_check = [&](const auto& policy, bool synchronizes) {
    auto out = mgpu_test::poisoned<backend, int>(a.size() + 1);
    thrust::device_vector<unsigned> count(1, 0u);
    mgpu::set_difference(policy, d_a.begin(), d_a.end(), d_b.begin(), d_b.end(), out.begin(),
                         mgpu::count_to(count.data()));
    if (!synchronizes)
      cuda_require(cudaStreamSynchronize(stream.stream), "synchronize");
    const unsigned written = count[0];
    CHECK(written == expected.size());
    MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(out), padded(expected, a.size() + 1));
  };
  run_and_check(thrust::cuda::par.on(stream.stream), true);
  run_and_check(thrust::cuda::par_nosync.on(stream.stream), false);
}

TEST_CASE("set operations, count_to: the 64-bit offset path writes the count converted to int")
{
  using mgpu::detail::set_op;
  const auto a = mgpu_test::random_sorted<int>(300001, 0, 5000, 71);
  const auto b = mgpu_test::random_sorted<int>(200003, 0, 5000, 72);
  auto d_a = mgpu_test::to_backend<backend>(a), d_b = mgpu_test::to_backend<backend>(b);
  auto d_av = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(a.size(), 0));
  auto d_bv = mgpu_test::to_backend<backend>(mgpu_test::iota_values<int>(b.size(), int(a.size())));
  const std::size_t capacity = a.size() + b.size() + 1;
  auto keys = mgpu_test::poisoned<backend, int>(capacity), values = mgpu_test::poisoned<backend, int>(capacity);
  thrust::device_vector<int> count(1, poison<int>());
  auto policy = thrust::cuda::par;
  const std::int64_t returned =
    mgpu::detail::cuda::set_operation_with_offsets<std::int64_t, set_op::union_, mgpu::key_multiplicity::duplicates>(
      policy, d_a.begin(), std::int64_t(a.size()), d_b.begin(), std::int64_t(b.size()), d_av.begin(), d_bv.begin(),
      keys.begin(), values.begin(), ::cuda::std::less<>{}, count.begin(), "test");
  const auto [expected_keys, expected_values] = count_to_cases::reference<count_to_cases::op::union_>(a, b);
  CHECK(returned == 0); // the count went to memory
  const int written = count[0];
  CHECK(written == int(expected_keys.size()));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(keys), padded(expected_keys, capacity));
  MGPU_CHECK_EQUAL_RANGES(mgpu_test::to_std(values), padded(expected_values, capacity));
}
