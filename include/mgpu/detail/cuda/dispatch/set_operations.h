// CUDA multiset operations: a Balanced Path partition, then one tile per CTA
// that runs the serial set operation per thread, compacts its outputs and
// places them with a decoupled look-back scan over the tiles' output counts,
// so the keys are read once and no separate counting pass runs. The last
// tile writes the output count: to scratch, read back by the forms that
// return an end, or through the caller's count_to iterator, which nothing
// waits for.
#pragma once

#include <mgpu/detail/cuda/agent/set_tile.h>
#include <mgpu/detail/cuda/block/full_tile.h>
#include <mgpu/detail/cuda/block/tile_load.h>
#include <mgpu/detail/cuda/block/tile_shared_storage.h>
#include <mgpu/detail/cuda/runtime/error.h>
#include <mgpu/detail/cuda/runtime/launch.h>
#include <mgpu/detail/cuda/runtime/temporary_buffer.h>
#include <mgpu/detail/cuda/partition/path_partition.h>
#include <mgpu/detail/cuda/tuning/policies.h>
#include <mgpu/detail/cuda/tuning/policy_hub.h>
#include <mgpu/detail/iterator.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/detail/set_operation_ops.h>
#include <mgpu/search.h>

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace mgpu::detail::cuda {

// The count destination of the forms that return an end: the engine's own
// slot in scratch, copied back to the host.
struct count_in_scratch
{};

template <class CountTo>
inline constexpr bool reads_count_back_v = std::is_same_v<CountTo, count_in_scratch>;

// One kernel serves the four operations (`rule` says which): they differ
// only in which slots they output. By-key operations that never take from B
// get no_values for B's values.
template <class Hub, key_multiplicity Multiplicity, class Size, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare, class CountOut>
__global__ void __launch_bounds__(compiled_policy_t<Hub>::shape::threads, compiled_policy_t<Hub>::min_ctas_per_sm)
  set_tile_kernel(
  set_rule rule, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals, ValIt2 b_vals,
  const set_split<Size>* splits, set_tile_state<Size> tile_state, CountOut output_count, Size capacity,
  KeyOut keys_out, ValOut vals_out, Compare comp, int prefetch_distance)
{
  using Tuning      = compiled_policy_t<Hub>;
  using Shape       = typename Tuning::shape;
  constexpr int NT = Shape::threads, VT = Shape::items_per_thread, NV = Shape::tile_size;
  static_assert(VT <= 32, "one commit bit per item");
  constexpr bool has_values = has_values_v<ValIt1>;
  // A by-key tile needs each output's position for its value anyway; a
  // keys-only tile compacts its keys over the loaded ones (positions were
  // slower there: one more shared read per output).
  constexpr slot_record record = has_values ? slot_record::position : slot_record::key;
  using key_t                  = value_of<KeyIt1>;
  using storage_t              = set_tile_storage<Shape, key_t, Size, record>;
  using pace_t                 = lookback_pace<Tuning::lookback_first_sleep, Tuning::lookback_poll_sleep>;
  __shared__ tile_shared_storage<storage_t> shared_storage;
  storage_t& shared = shared_storage.Alias();

  const int tid       = threadIdx.x;
  const int tile      = blockIdx.x;
  const int num_tiles = gridDim.x;
  const Size total    = a_count + b_count;
  auto diag_end_of    = [&](int t) { return total - Size(t) * Size(NV) > Size(NV) ? Size(t + 1) * Size(NV) : total; };
  set_split<Size> first, last;
  if (splits == nullptr) // no partition: two warps find the tile's cuts
  {
    static_assert(NT >= 64, "two warps find the tile's cuts");
    set_split<Size> cuts[2];
    find_tile_ends(cuts, [&](int end) {
      const Size p    = Size(tile + end);
      const Size diag = p < Size(num_tiles) ? p * Size(NV) : total;
      return warp_balanced_cut<Multiplicity>(a_keys, a_count, b_keys, b_count, diag, comp);
    });
    first = cuts[0];
    last  = cuts[1];
  }
  else
  {
    first = splits[tile];
    last  = splits[tile + 1];
    // A thread of the last warp, which has no part in the tile's load, has
    // the L2 fetch the keys of the tile that will start about when this one
    // ends (prefetch_distance tiles on), where the tiles bulk-copy their keys.
    const int ahead = tile + prefetch_distance;
    if (bulk_copyable_v<KeyIt1, KeyIt2, key_t> && tid == NT - 1 && prefetch_distance > 0 && ahead < num_tiles)
    {
      set_split<Size> ahead_first = splits[ahead], ahead_last = splits[ahead + 1];
      clamp_tile_cuts(ahead_first, ahead_last, Size(ahead) * Size(NV), diag_end_of(ahead), a_count, b_count);
      prefetch_two_slices_l2<key_t>(a_keys + ahead_first.a, static_cast<int>(ahead_last.a - ahead_first.a),
                                    b_keys + ahead_first.b, static_cast<int>(ahead_last.b - ahead_first.b));
    }
  }
  // Unsorted input: a_len, b_len >= 0, a_len + b_len <= NV + 1 inside both inputs, star_begin 0 or 1.
  clamp_tile_cuts(first, last, Size(tile) * Size(NV), diag_end_of(tile), a_count, b_count);
  const int star_begin   = static_cast<int>(first.a + first.b - Size(tile) * NV);
  const int a_len        = static_cast<int>(last.a - first.a);
  const int b_len        = static_cast<int>(last.b - first.b);
  // With the next key of each input at hand (any tile but the last), the
  // serial loops need no range checks; 64-bit kernels always check
  // (full_tile.h).
  const bool look_ahead  = compiles_full_tiles_v<Size> && last.a < a_count && last.b < b_count;
  const int a_loads      = a_len + int(look_ahead);
  const int b_loads      = b_len + int(look_ahead);

  // A's slice (with its look-ahead key), then B's, b_offset keys after A's.
  const two_slice_layout layout = place_two_slices(a_keys + first.a, a_loads, b_keys + first.b, shared.tile.loaded);
  key_t* const tile_keys        = shared.tile.loaded + layout.a_shift;
  const int b_offset            = layout.b_offset;
  load_two_slices<NT, VT + 1>(a_keys + first.a, a_loads, b_keys + first.b, b_loads, shared.tile.loaded, layout,
                              &shared.load_barrier);

  // Each thread's share of the tile starts where its diagonal meets the
  // Balanced Path; it runs the serial set operation from there. (An
  // inconsistent comparator can take it up to VT keys past a slice:
  // load_capacity holds them, and the value gather below caps positions.)
  slot_t<record, key_t> slots[VT];
  const unsigned commit = thread_set_operation<VT, Multiplicity, record>(
    rule, tile_keys, a_len, b_len, b_offset, look_ahead, star_begin, tid, slots, comp);

  // Output positions: within the tile by a block scan, across tiles by
  // decoupled look-back on the tiles' output counts (tile_lookback.h).
  Size thread_offset, tile_outputs;
  typename storage_t::scan_t(shared.scan).ExclusiveSum(Size(__popc(commit)), thread_offset, tile_outputs);
  // Keys compact over the loaded keys: wait until every serial loop is done
  // with them.
  if constexpr (record == slot_record::key)
    __syncthreads();
  // The first warp finds where the tile's outputs go, then compacts its
  // own; the other warps compact theirs meanwhile.
  if (tid < 32)
  {
    const Size tile_offset =
      publish_and_look_back<pace_t>(tile_state, Size(tile), tile_outputs);
    if (tid == 0)
    {
      shared.tile_offset = tile_offset;
      // The total exceeds the largest valid result (or wraps) only on
      // unsorted input; the count written never does.
      if (tile == num_tiles - 1)
      {
        const Size total_outputs = tile_offset + tile_outputs;
        store_count(output_count, total_outputs < 0 ? Size(0) : min(total_outputs, capacity));
      }
    }
  }

  // Compact the outputs in shared memory, then store them striped.
  {
    int position = static_cast<int>(thread_offset);
#pragma unroll
    for (int i = 0; i < VT; ++i)
      if (commit & (1u << i))
      {
        if constexpr (record == slot_record::key)
          shared.tile.compacted[position] = slots[i];
        else
          shared.tile.compacted[position] = static_cast<std::uint16_t>(slots[i]);
        ++position;
      }
  }
  __syncthreads();
  const Size tile_offset = shared.tile_offset;

  // Rows past the tile's outputs are skipped (uniform over the CTA): most
  // rows of a sparse result such as an intersection. Outputs past the
  // largest valid result (only on unsorted input, where sums may even wrap) are dropped.
  const int outputs = tile_offset >= 0 && tile_offset < capacity
                      ? static_cast<int>(min(tile_outputs, capacity - tile_offset))
                      : 0;
  if constexpr (record == slot_record::key)
    for_each_striped<NT, VT>(outputs, [&](int, int j) { keys_out[tile_offset + j] = shared.tile.compacted[j]; });
  else
  {
    // Values are gathered through the outputs' positions: from A for
    // intersection and difference, from whichever side gave the key
    // otherwise. Positions rise along each side, so the reads stay close to
    // coalesced. Every row's value load is in flight before the first value
    // store, and the key stores overlap them.
    // A position past a slice (only with an inconsistent comparator, in
    // tiles with look-ahead keys) is capped to that slice's look-ahead value.
    using value_t = value_type_or_byte_t<ValIt1>;
    value_t values[VT];
    for_each_striped<NT, VT>(outputs, [&](int i, int j) {
      const int position = shared.tile.compacted[j];
      if constexpr (has_values_v<ValIt2>)
      {
        const bool from_a = position < b_offset;
        const int capped  = min(position, from_a ? a_len : b_offset + b_len);
        values[i] = from_a ? value_t(a_vals[first.a + capped]) : value_t(b_vals[first.b + (capped - b_offset)]);
      }
      else
        values[i] = a_vals[first.a + min(position, a_len)];
      keys_out[tile_offset + j] = tile_keys[position];
    });
    for_each_striped<NT, VT>(outputs, [&](int i, int j) { vals_out[tile_offset + j] = values[i]; });
  }
  (void) b_vals;
}

// B's values as the kernels take them: none for the operations that never
// output B's elements, which then share a kernel with each other.
template <set_op Op, class ValIt2>
auto b_values_for(ValIt2 b_vals)
{
  if constexpr (takes_from_b_v<Op>)
    return b_vals;
  else
    return no_values{};
}

// The count_to forms' count of a result known to be empty: one thread
// writes it, on the policy's stream like everything else.
template <class CountIt>
__global__ void store_empty_count_kernel(CountIt count_it)
{
  store_count(count_it, 0);
}

// Runs one multiset operation with `Size` offsets (int32 or int64) and the
// tuning hub `Hub`; the last tile writes the number of outputs to
// `count_to`. With count_in_scratch the count is read back on the policy's
// stream and returned (the call's only synchronization); with a caller's
// iterator the call returns 0 at once, waiting only where the policy
// synchronizes every call (par, not par_nosync). Launch sizes depend on the
// input sizes alone.
template <class Size, class Hub, set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2,
          class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare, class CountTo>
Size set_operation_with_hub(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals,
                            ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, CountTo count_to,
                            const char* algorithm)
{
  constexpr bool reads_back = reads_count_back_v<CountTo>;
  using count_out_t         = std::conditional_t<reads_back, Size*, CountTo>;
  auto b_values             = b_values_for<Op>(b_vals);
  constexpr auto kernel     = set_tile_kernel<Hub, Multiplicity, Size, KeyIt1, KeyIt2, ValIt1, decltype(b_values),
                                              KeyOut, ValOut, Compare, count_out_t>;
  return with_policy<Hub>(kernel_arch<kernel>(algorithm), [&](auto tuning) -> Size {
    using Tuning         = decltype(tuning);
    using Shape          = typename Tuning::shape;
    const Size total     = a_count + b_count;
    const Size num_tiles = ceil_div(total, Size(Shape::tile_size));
    // A launch of at most own_cut_waves waves of tiles (as many as the
    // device holds at once) runs no partition: each tile finds its own cuts.
    const int resident_tiles = current_sm_count(algorithm) * Tuning::min_ctas_per_sm; // one wave
    const bool partitioned =
      partitions_every_launch_v<Policy> || num_tiles > Size(Tuning::own_cut_waves) * Size(resident_tiles);

    // One allocation from the policy: the splits (for a partitioned launch),
    // the look-back state and the count to read back, each 256-byte aligned.
    auto align = [](std::size_t bytes) { return (bytes + 255) & ~std::size_t(255); };
    const std::size_t state_offset = partitioned ? align(std::size_t(num_tiles + 1) * sizeof(set_split<Size>)) : 0;
    const std::size_t count_offset = state_offset + align(set_tile_state<Size>::bytes(num_tiles));
    temporary_buffer<char, Policy> scratch(
      policy, static_cast<std::ptrdiff_t>(reads_back ? count_offset + sizeof(Size) : count_offset));
    auto* splits = partitioned ? reinterpret_cast<set_split<Size>*>(scratch.get()) : nullptr;
    const set_tile_state<Size> tile_state{reinterpret_cast<std::uint64_t*>(scratch.get() + state_offset)};
    const count_out_t count_out = [&]() -> count_out_t {
      if constexpr (reads_back)
        return reinterpret_cast<Size*>(scratch.get() + count_offset);
      else
        return count_to;
    }();
    const cudaStream_t stream = stream_of(policy);

    // The partition clears the tiles' look-back statuses alongside.
    if (partitioned)
      launch_set_partition<Multiplicity>(stream, a_keys, a_count, b_keys, b_count, Size(Shape::tile_size), num_tiles,
                                         splits, tile_state, comp, algorithm);
    else
      check(cudaMemsetAsync(tile_state.words, 0, set_tile_state<Size>::bytes(num_tiles), stream), algorithm,
            "clear the look-back state");
    const int prefetch_distance = Tuning::prefetch_percent * resident_tiles / 100;
    // The largest valid result; the tiles write no further on any input.
    const Size capacity = Op == set_op::intersection ? (a_count < b_count ? a_count : b_count)
                        : Op == set_op::difference   ? a_count
                                                     : total;
    kernel<<<static_cast<unsigned>(num_tiles), Shape::threads, 0, stream>>>(
      set_rule_of(Op), a_keys, a_count, b_keys, b_count, a_vals, b_values, static_cast<const set_split<Size>*>(splits),
      tile_state, count_out, capacity, keys_out, vals_out, comp, prefetch_distance);
    check_launch(algorithm, "set operation tile kernel");

    if constexpr (reads_back)
    {
      Size count = 0;
      check(cudaMemcpyAsync(&count, count_out, sizeof(Size), cudaMemcpyDeviceToHost, stream), algorithm,
            "read back the output count");
      check(cudaStreamSynchronize(stream), algorithm, "synchronize");
      return count;
    }
    else
    {
      finish(policy, algorithm);
      return 0;
    }
  });
}

// The forms that return an end (and the tile-shape sweeps): the number of
// outputs, read back.
template <class Size, class Hub, set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2,
          class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare>
Size set_operation_with_hub(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count, ValIt1 a_vals,
                            ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp, const char* algorithm)
{
  return set_operation_with_hub<Size, Hub, Op, Multiplicity>(policy, a_keys, a_count, b_keys, b_count, a_vals,
                                                             b_vals, keys_out, vals_out, comp, count_in_scratch{},
                                                             algorithm);
}

// Exposed with its offset type so tests can drive the 64-bit path on small
// inputs. Returns the number of outputs with count_in_scratch, else 0 (the
// count went to `count_to`).
template <class Size, set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2,
          class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare, class CountTo>
Size set_operation_with_offsets(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count,
                                ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                                CountTo count_to, const char* algorithm)
{
  // A result known to be empty launches nothing but, for a count_to form,
  // the kernel that writes its 0.
  const bool empty_result = a_count + b_count == 0 || (Op == set_op::intersection && (a_count == 0 || b_count == 0)) ||
                            (Op == set_op::difference && a_count == 0);
  if (empty_result)
  {
    if constexpr (!reads_count_back_v<CountTo>)
    {
      store_empty_count_kernel<<<1, 1, 0, stream_of(policy)>>>(count_to);
      check_launch(algorithm, "count store kernel");
      finish(policy, algorithm);
    }
    return 0;
  }
  constexpr int key_bytes               = int(sizeof(value_of<KeyIt1>));
  constexpr bool values_from_both_sides = has_values_v<ValIt1> && takes_from_b_v<Op>;
  using hub = set_operation_hub<key_bytes, has_values_v<ValIt1>, values_from_both_sides>;
  return set_operation_with_hub<Size, hub, Op, Multiplicity>(policy, a_keys, a_count, b_keys, b_count, a_vals, b_vals,
                                                             keys_out, vals_out, comp, count_to, algorithm);
}

template <class Size, set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2,
          class ValIt1, class ValIt2, class KeyOut, class ValOut, class Compare>
Size set_operation_with_offsets(Policy& policy, KeyIt1 a_keys, Size a_count, KeyIt2 b_keys, Size b_count,
                                ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                                const char* algorithm)
{
  return set_operation_with_offsets<Size, Op, Multiplicity>(policy, a_keys, a_count, b_keys, b_count, a_vals, b_vals,
                                                            keys_out, vals_out, comp, count_in_scratch{}, algorithm);
}

// Runs the operation with 32- or 64-bit offsets as the inputs need; returns
// the number of outputs with count_in_scratch, else 0 (the count went to
// `count_to`).
template <set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare, class CountTo>
std::int64_t set_operation(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last,
                           ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                           CountTo count_to, const char* algorithm)
{
  const auto a_count = a_last - a_first;
  const auto b_count = b_last - b_first;
  return with_offset_type(a_count + b_count, [&](auto offset) -> std::int64_t {
    using Size = decltype(offset);
    return set_operation_with_offsets<Size, Op, Multiplicity>(policy, a_first, Size(a_count), b_first,
                                                               Size(b_count), a_vals, b_vals, keys_out, vals_out,
                                                               comp, count_to, algorithm);
  });
}

template <set_op Op, key_multiplicity Multiplicity, class Policy, class KeyIt1, class KeyIt2, class ValIt1,
          class ValIt2, class KeyOut, class ValOut, class Compare>
std::int64_t set_operation(Policy& policy, KeyIt1 a_first, KeyIt1 a_last, KeyIt2 b_first, KeyIt2 b_last,
                           ValIt1 a_vals, ValIt2 b_vals, KeyOut keys_out, ValOut vals_out, Compare comp,
                           const char* algorithm)
{
  return set_operation<Op, Multiplicity>(policy, a_first, a_last, b_first, b_last, a_vals, b_vals, keys_out, vals_out,
                                         comp, count_in_scratch{}, algorithm);
}

} // namespace mgpu::detail::cuda
