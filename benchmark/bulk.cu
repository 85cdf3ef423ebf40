// mgpu::bulk_remove and mgpu::bulk_insert against the Thrust way of doing the
// same job, on the same device data in one process:
//   bulk_remove/thrust_idiom: fill a flag array, scatter 1s at the indices,
//                             thrust::remove_copy_if with the flags as stencil
//   bulk_remove/cub_flagged:  fill keep-flags, scatter 0s at the indices,
//                             cub::DeviceSelect::Flagged
//   bulk_insert/thrust_idiom: thrust::merge_by_key of (positions, counting
//                             iterator) carrying (values, source), keys discarded
//   bulk_insert/mgpu_merge_by_key: the same merge on mgpu's merge engine
//                             (at 2^26 on device_vector iterators only): what
//                             bulk_insert would cost built on mgpu::merge_by_key
// mgpu and the Thrust idioms are called with device_vector iterators and
// thrust::device; at 2^26 source elements, IMPL_ptr makes the same calls on
// raw pointers and IMPL_cached with iterators and
// thrust::cuda::par(caching allocator). cub_flagged takes raw pointers, its
// storage allocated before timing.
// Bytes count what the job must move: the source and the indices (and the
// inserted values) read once, the output written once.
#include "bench_support.h"

#include <mgpu/bulk_insert.h>
#include <mgpu/bulk_remove.h>
#include <mgpu/merge.h>

#include <cub/device/device_select.cuh>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/merge.h>
#include <thrust/remove.h>
#include <thrust/scatter.h>

#include <cstdint>
#include <string>

namespace {

using index_t = std::int32_t;

// How the removal indices or insertion positions are drawn.
struct distribution
{
  const char* name;
  int percent;  // indices per 100 source elements (random); 0 for the fixed patterns
  int stride;   // every stride-th position (fixed patterns); 0 for random
};

const distribution random_distributions[] = {{"ratio1", 1, 0}, {"ratio33", 33, 0}, {"ratio90", 90, 0}};
const distribution every3 = {"every3", 0, 3}; // the bulk_remove bar: every 3rd element removed
const distribution every5 = {"every5", 0, 5}; // the bulk_insert bar: one insertion per 5 sources
constexpr std::int64_t bar_size = std::int64_t(1) << 26; // where the targets are set

// Position i is chosen with probability percent / 100, or when i % stride == 0.
struct chosen
{
  bench::hash_value hash; // range 100
  int percent, stride;
  __host__ __device__ bool operator()(std::int64_t i) const
  {
    return stride ? i % stride == 0 : hash(std::uint64_t(i)) < std::uint64_t(percent);
  }
};

struct times
{
  index_t stride;
  __host__ __device__ index_t operator()(index_t j) const { return stride * j; }
};

struct is_set
{
  __host__ __device__ bool operator()(std::uint8_t flag) const { return flag != 0; }
};

// ---------------------------------------------------------------------------
// bulk_remove

enum class remove_impl
{
  mgpu,
  thrust_idiom,
  cub_flagged
};
const char* name_of(remove_impl i)
{
  return i == remove_impl::mgpu ? "mgpu" : i == remove_impl::thrust_idiom ? "thrust_idiom" : "cub_flagged";
}

template <class T>
struct remove_data
{
  thrust::device_vector<T> source, out, expected;
  thrust::device_vector<index_t> indices;
  thrust::device_vector<std::uint8_t> flags;
  thrust::device_vector<std::int64_t> selected_count;
};

template <class T>
remove_data<T>& remove_inputs(std::int64_t n, const distribution& dist)
{
  static bench::input_cache<remove_data<T>> cache;
  return cache.get(std::to_string(n) + "/" + dist.name, [&] {
    remove_data<T> d;
    d.source = bench::random_vector<T>(n, 1u << 30, 11);
    const chosen pick{bench::hash_value{12, 100}, dist.percent, dist.stride};
    auto positions = thrust::make_counting_iterator<std::int64_t>(0);
    d.indices.resize(thrust::count_if(positions, positions + n, pick));
    thrust::copy_if(positions, positions + n, d.indices.begin(), pick);
    d.out.resize(n - d.indices.size());
    d.flags.resize(n);
    d.selected_count.resize(1);
    // The reference: the Thrust idiom, run once before any timing.
    d.expected.resize(d.out.size());
    thrust::fill(d.flags.begin(), d.flags.end(), std::uint8_t(0));
    thrust::scatter(thrust::make_constant_iterator(std::uint8_t(1)),
                    thrust::make_constant_iterator(std::uint8_t(1)) + d.indices.size(), d.indices.begin(),
                    d.flags.begin());
    thrust::remove_copy_if(d.source.begin(), d.source.end(), d.flags.begin(), d.expected.begin(), is_set{});
    return d;
  });
}

template <class T>
void bulk_remove_case(benchmark::State& state, remove_impl which, bench::form how, std::int64_t n, distribution dist)
{
  auto& d = remove_inputs<T>(n, dist);
  bench::poison(d.out);
  const std::int64_t m = d.indices.size();
  // cub_flagged: raw pointers, temporary storage allocated before the timed calls.
  const T* source        = thrust::raw_pointer_cast(d.source.data());
  const index_t* indices = thrust::raw_pointer_cast(d.indices.data());
  T* out                 = thrust::raw_pointer_cast(d.out.data());
  std::uint8_t* flags    = thrust::raw_pointer_cast(d.flags.data());
  std::size_t temp_bytes = 0;
  cub::DeviceSelect::Flagged(nullptr, temp_bytes, source, flags, out, d.selected_count.data().get(), n);
  void* const temp = bench::peer_scratch(temp_bytes);
  const auto set   = thrust::make_constant_iterator(std::uint8_t(1));
  bench::time_calls(state, [&] {
    if (which == remove_impl::cub_flagged)
    {
      thrust::fill(thrust::device, flags, flags + n, std::uint8_t(1));
      thrust::scatter(thrust::device, thrust::make_constant_iterator(std::uint8_t(0)),
                      thrust::make_constant_iterator(std::uint8_t(0)) + m, indices, flags);
      bench::cuda_check(cub::DeviceSelect::Flagged(temp, temp_bytes, source, flags, out,
                                                   d.selected_count.data().get(), n),
                        "cub::DeviceSelect::Flagged");
    }
    else
      bench::in_form(how, [&](const auto& policy, auto at) {
        if (which == remove_impl::mgpu)
          mgpu::bulk_remove(policy, at(d.source), at(d.source) + n, at(d.indices), at(d.indices) + m, at(d.out));
        else
        {
          thrust::fill(policy, at(d.flags), at(d.flags) + n, std::uint8_t(0));
          thrust::scatter(policy, set, set + m, at(d.indices), at(d.flags));
          thrust::remove_copy_if(policy, at(d.source), at(d.source) + n, at(d.flags), at(d.out), is_set{});
        }
      });
  });
  bench::verify(state, d.out, d.expected);
  bench::report_traffic(state, double(n) * sizeof(T) + double(m) * sizeof(index_t) + double(n - m) * sizeof(T),
                        double(n));
}

// ---------------------------------------------------------------------------
// bulk_insert

enum class insert_impl
{
  mgpu,
  thrust_idiom,
  mgpu_merge_by_key
};
const char* name_of(insert_impl i)
{
  return i == insert_impl::mgpu ? "mgpu" : i == insert_impl::thrust_idiom ? "thrust_idiom" : "mgpu_merge_by_key";
}

template <class T>
struct insert_data
{
  thrust::device_vector<T> source, values, out, expected;
  thrust::device_vector<index_t> positions;
};

template <class T>
insert_data<T>& insert_inputs(std::int64_t n, const distribution& dist)
{
  static bench::input_cache<insert_data<T>> cache;
  return cache.get(std::to_string(n) + "/" + dist.name, [&] {
    insert_data<T> d;
    d.source = bench::random_vector<T>(n, 1u << 30, 21);
    if (dist.stride)
    {
      d.positions.resize(n / dist.stride);
      thrust::tabulate(d.positions.begin(), d.positions.end(), times{index_t(dist.stride)});
    }
    else
      d.positions = bench::sorted_random_vector<index_t>(n * dist.percent / 100, std::uint64_t(n) + 1, 22);
    d.values = bench::random_vector<T>(d.positions.size(), 1u << 30, 23);
    d.out.resize(n + d.positions.size());
    // The reference: the Thrust idiom, run once before any timing.
    d.expected.resize(d.out.size());
    thrust::merge_by_key(d.positions.begin(), d.positions.end(), thrust::make_counting_iterator<index_t>(0),
                         thrust::make_counting_iterator<index_t>(index_t(n)), d.values.begin(), d.source.begin(),
                         thrust::make_discard_iterator(), d.expected.begin());
    return d;
  });
}

template <class T>
void bulk_insert_case(benchmark::State& state, insert_impl which, bench::form how, std::int64_t n, distribution dist)
{
  auto& d = insert_inputs<T>(n, dist);
  bench::poison(d.out);
  const std::int64_t m = d.positions.size();
  const auto sources   = thrust::make_counting_iterator<index_t>(0);
  bench::time_calls(state, [&] {
    bench::in_form(how, [&](const auto& policy, auto at) {
      if (which == insert_impl::mgpu)
        mgpu::bulk_insert(policy, at(d.source), at(d.source) + n, at(d.values), at(d.values) + m, at(d.positions),
                          at(d.out));
      else if (which == insert_impl::thrust_idiom)
        thrust::merge_by_key(policy, at(d.positions), at(d.positions) + m, sources, sources + n, at(d.values),
                             at(d.source), thrust::make_discard_iterator(), at(d.out));
      else
        mgpu::merge_by_key(policy, at(d.positions), at(d.positions) + m, sources, sources + n, at(d.values),
                           at(d.source), thrust::make_discard_iterator(), at(d.out));
    });
  });
  bench::verify(state, d.out, d.expected);
  bench::report_traffic(state, double(m) * (sizeof(index_t) + sizeof(T)) + double(n) * sizeof(T) +
                                 double(n + m) * sizeof(T),
                        double(n + m));
}

// ---------------------------------------------------------------------------

template <class T>
void register_remove(const char* type_name, std::int64_t n, const distribution& dist)
{
  for (bench::form how : bench::forms_at(n, bar_size))
    for (remove_impl which : {remove_impl::mgpu, remove_impl::thrust_idiom, remove_impl::cub_flagged})
    {
      if (which == remove_impl::cub_flagged && how != bench::form::iterators)
        continue; // CUB's one form: raw pointers
      const std::string name = std::string("bulk_remove/") + name_of(which) +
                               (which == remove_impl::cub_flagged ? "" : bench::suffix_of(how)) + "/" + type_name +
                               "/" + dist.name + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
        bulk_remove_case<T>(s, which, how, n, dist);
      })->Apply(bench::configure);
    }
}

template <class T>
void register_insert(const char* type_name, std::int64_t n, const distribution& dist)
{
  for (bench::form how : bench::forms_at(n, bar_size))
    for (insert_impl which : {insert_impl::mgpu, insert_impl::thrust_idiom, insert_impl::mgpu_merge_by_key})
    {
      if (which == insert_impl::mgpu_merge_by_key && (how != bench::form::iterators || n != bar_size))
        continue;
      const std::string name = std::string("bulk_insert/") + name_of(which) + bench::suffix_of(how) + "/" +
                               type_name + "/" + dist.name + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), [=](benchmark::State& s) {
        bulk_insert_case<T>(s, which, how, n, dist);
      })->Apply(bench::configure);
    }
}

template <class T>
void register_type(const char* type_name)
{
  register_remove<T>(type_name, bar_size, every3);
  register_insert<T>(type_name, bar_size, every5);
  for (const distribution& dist : random_distributions)
    for (std::int64_t n : bench::size_list)
    {
      register_remove<T>(type_name, n, dist);
      register_insert<T>(type_name, n, dist);
    }
}

const bool registered = [] {
  register_type<std::int32_t>("int32");
  register_type<std::int64_t>("int64");
  return true;
}();

} // namespace
