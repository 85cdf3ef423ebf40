// Tile-shape exploration for the set-operation kernels (not part of the
// published comparison): the set_*_tuning families time other tile shapes of
// the mgpu kernels (IMPL mgpu_<threads>x<items per thread>m<min CTAs per SM>,
// and look-back sleeps _s<first>p<poll> in ns) at 2^27 int32 and int64 keys,
// on the inputs of the comparison (set_operations_data.h), checked against
// Thrust's result.
#include "set_operations_data.h"

#include <mgpu/set_operations.h>

#include <cstdint>
#include <string>

namespace {

using namespace set_bench;

constexpr mgpu::detail::set_op internal_op(family f)
{
  using mgpu::detail::set_op;
  return f == family::intersection ? set_op::intersection
         : f == family::union_     ? set_op::union_
         : f == family::difference ? set_op::difference
                                   : set_op::symmetric_difference;
}

template <family F, bool ByKey, class Tuning, class Key>
void bench_shape(benchmark::State& state, std::int64_t total, distribution dist)
{
  auto& d = inputs<Key>(total, dist);
  prepare_reference<F, ByKey>(d);
  bench::poison(d.keys_out);
  if (ByKey)
    bench::poison(d.values_out);
  const Key* a  = thrust::raw_pointer_cast(d.a_keys.data());
  const Key* b  = thrust::raw_pointer_cast(d.b_keys.data());
  const Key* av = thrust::raw_pointer_cast(d.a_values.data());
  const Key* bv = thrust::raw_pointer_cast(d.b_values.data());
  Key* keys_out   = thrust::raw_pointer_cast(d.keys_out.data());
  Key* values_out = thrust::raw_pointer_cast(d.values_out.data());
  const std::int32_t na = std::int32_t(d.a_keys.size()), nb = std::int32_t(d.b_keys.size());
  auto policy = thrust::device;
  using hub = mgpu::detail::cuda::fixed_hub<mgpu::detail::cuda::set_policy<Tuning, mgpu::detail::cuda::set_own_cut_waves_sm90>>;
  std::int64_t count = 0;
  bench::time_calls(state, [&] {
    constexpr auto op = internal_op(F);
    constexpr auto multiplicity = mgpu::key_multiplicity::duplicates;
    if constexpr (ByKey)
      count = mgpu::detail::cuda::set_operation_with_hub<std::int32_t, hub, op, multiplicity>(
        policy, a, na, b, nb, av, bv, keys_out, values_out, ::cuda::std::less<>{}, "benchmark");
    else
      count = mgpu::detail::cuda::set_operation_with_hub<std::int32_t, hub, op, multiplicity>(
        policy, a, na, b, nb, mgpu::detail::no_values{}, mgpu::detail::no_values{}, keys_out,
        mgpu::detail::no_values{}, ::cuda::std::less<>{}, "benchmark");
  });
  verify_outputs(state, d.keys_out, count, d.expected_keys);
  if (ByKey)
    verify_outputs(state, d.values_out, count, d.expected_values);
  bench::report_traffic(state, traffic(d, count, ByKey), double(total));
}

// Registers FAMILY_tuning/mgpu_<variant>/TYPE/DIST/SIZE with `Tuning`.
template <family F, bool ByKey, class Tuning, class Key = std::int32_t>
void register_tuning(std::int64_t total, distribution dist, const std::string& variant)
{
  const std::string name = std::string(family_name(F)) + (ByKey ? "_by_key" : "") + "_tuning/mgpu_" + variant +
                           (sizeof(Key) == 4 ? "/int32/" : "/int64/") + dist.name() + "/" + std::to_string(total);
  benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
    bench_shape<F, ByKey, Tuning, Key>(s, total, dist);
  })->Apply(bench::configure);
}

// A tile shape with the engine's look-back sleeps: <threads>x<items>m<min CTAs per SM>.
template <family F, bool ByKey, int Threads, int ItemsPerThread, int MinCtas, class Key = std::int32_t>
void register_shape(std::int64_t total, distribution dist)
{
  using tuning = mgpu::detail::cuda::set_tuning<mgpu::detail::cuda::tile_shape<Threads, ItemsPerThread>, MinCtas>;
  register_tuning<F, ByKey, tuning, Key>(
    total, dist, std::to_string(Threads) + "x" + std::to_string(ItemsPerThread) + "m" + std::to_string(MinCtas));
}

// The look-back's sleeps on the engine's shape: s<first>p<poll>, in ns.
template <family F, bool ByKey, unsigned FirstSleep, unsigned PollSleep>
void register_delay(std::int64_t total, distribution dist)
{
  using engine = mgpu::detail::cuda::set_operation_tuning_sm90<4>;
  using tuning = mgpu::detail::cuda::set_tuning<typename engine::shape, engine::min_ctas_per_sm, FirstSleep, PollSleep>;
  register_tuning<F, ByKey, tuning>(total, dist,
                                    std::to_string(engine::shape::threads) + "x" +
                                      std::to_string(engine::shape::items_per_thread) + "m" +
                                      std::to_string(engine::min_ctas_per_sm) + "_s" + std::to_string(FirstSleep) +
                                      "p" + std::to_string(PollSleep));
}

template <family F, bool ByKey>
void register_delays(std::int64_t total, distribution dist)
{
  register_delay<F, ByKey, 1000, 350>(total, dist);
  register_delay<F, ByKey, 600, 350>(total, dist);
  register_delay<F, ByKey, 1500, 350>(total, dist);
  register_delay<F, ByKey, 2000, 350>(total, dist);
  register_delay<F, ByKey, 1000, 200>(total, dist);
  register_delay<F, ByKey, 1000, 600>(total, dist);
}

// The shapes near the engine's (docs/tuning.md records the wider sweeps).
template <family F, bool ByKey>
void register_shapes(std::int64_t total, distribution dist)
{
  // m<N>: at least N CTAs per SM (caps the registers).
  register_shape<F, ByKey, 256, 23, 4>(total, dist);
  register_shape<F, ByKey, 256, 23, 6>(total, dist);
  register_shape<F, ByKey, 256, 25, 5>(total, dist);
  register_shape<F, ByKey, 256, 27, 5>(total, dist);
  register_shape<F, ByKey, 256, 27, 6>(total, dist);
  register_shape<F, ByKey, 256, 29, 5>(total, dist);
  register_shape<F, ByKey, 256, 31, 5>(total, dist);
  register_shape<F, ByKey, 128, 27, 10>(total, dist);
}

// 8-byte keys (and values).
template <family F, bool ByKey>
void register_wide_shapes(std::int64_t total, distribution dist)
{
  register_shape<F, ByKey, 256, 11, 1, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 11, 4, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 15, 3, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 15, 4, std::int64_t>(total, dist);
  register_shape<F, ByKey, 256, 19, 3, std::int64_t>(total, dist);
  register_shape<F, ByKey, 128, 15, 8, std::int64_t>(total, dist);
}

const bool registered = [] {
  for (const distribution dist : {distribution{keys_kind::wide, 1}, distribution{keys_kind::narrow, 1}})
  {
    const std::int64_t total = std::int64_t(1) << 27;
    register_shapes<family::intersection, false>(total, dist);
    register_shapes<family::union_, false>(total, dist);
    // By key, intersection and difference gather a sparse subset of A's
    // values, union and symmetric difference nearly all of both sides'.
    register_shapes<family::intersection, true>(total, dist);
    register_shapes<family::union_, true>(total, dist);
    register_shapes<family::difference, true>(total, dist);
    register_shapes<family::symmetric_difference, true>(total, dist);
    register_delays<family::intersection, false>(total, dist);
    register_delays<family::union_, true>(total, dist);
    register_wide_shapes<family::intersection, false>(total, dist);
    register_wide_shapes<family::union_, false>(total, dist);
    register_wide_shapes<family::intersection, true>(total, dist);
    register_wide_shapes<family::union_, true>(total, dist);
  }
  return true;
}();

} // namespace
