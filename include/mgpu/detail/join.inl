// Backend selection for the relational joins, and the join by expansion the
// CUDA backend runs (written against the policy, so it runs on host policies
// too, where tests replay it against the sequential backend).
//
// A join by expansion (see join_ops.h for the row layout):
//   1. right/full: B's unmatched rows, scanned;      (sorted search of B in A)
//      a_lower[j] = A's rows before B's key j
//   2. rows[i + 1] = rows A's row i generates,       (sorted search: both
//      b_first[i] its first B row                     bounds in one pass)
//   3. totals read back (the one synchronization; the searches tally them),
//      rows scanned (in 32 bits where the total allows)
//   4. B's unmatched rows written; A's generators expanded by the
//      load-balancing engine, one work item per row, so a key of a million
//      matches is spread over the device like a million keys of one.
// Inner and left outer joins through a policy without an allocator of the
// caller's (thrust::device: every scratch allocation is a cudaMalloc) take
// no per-row scratch instead: the search runs twice over the same tiles,
// first tallying each tile's rows, then, once they are read back (the one
// synchronization) and scanned, each tile writing its own rows
// (cuda/agent/join_tile.h). A tile of more rows than join_tile_row_cap
// sends the join back to the expansion.
// join_size runs 1-2, only tallying the counts. Every search answer and
// count is clamped before it indexes anything; on unsorted data a search
// tile whose pieces do not fit together (the only way the same data could
// give a join and its size different answers) flags it, and both then
// report no rows.
#pragma once

#include <mgpu/detail/iterator.h>
#include <mgpu/detail/join_ops.h>
#include <mgpu/detail/load_balance.inl>
#include <mgpu/detail/nvtx.h>
#include <mgpu/detail/offsets.h>
#include <mgpu/detail/policy.h>
#include <mgpu/detail/preconditions.h>
#include <mgpu/detail/sequential/join.h>
#include <mgpu/detail/sorted_search.inl>
#if MGPU_HAS_CUDA_BACKEND
#  include <mgpu/detail/cuda/dispatch/join.h>
#endif

#include <thrust/copy.h>
#include <thrust/detail/raw_pointer_cast.h>
#include <thrust/detail/temporary_array.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

namespace mgpu::detail {

// ---------------------------------------------------------------------------
// The steps besides searches and expansion, on the policy's backend
// ---------------------------------------------------------------------------

template <class Policy, class Index, class F>
void for_each_index(Policy& policy, Index count, const F& f, [[maybe_unused]] const char* algorithm)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::for_each_index(policy, count, f, algorithm);
  else
#endif
    for (Index i = 0; i < count; ++i)
      f(i);
  (void) policy;
}

// Scratch bytes of inclusive_sum over `count` Ts summed as Sums.
template <class Sum, class T, class Policy, class Index>
std::size_t inclusive_sum_scratch_bytes(Policy&, [[maybe_unused]] Index count, [[maybe_unused]] const char* algorithm)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return count > 0 ? cuda::inclusive_sum_scratch_bytes<Sum, T>(count, algorithm) : 0;
#endif
  return 0;
}

// out[i] = in[0] + ... + in[i], summed as Sums; `out` may be `in`.
template <class Policy, class T, class Sum, class Index>
void inclusive_sum(Policy& policy, T* in, Sum* out, Index count, [[maybe_unused]] void* scratch,
                   [[maybe_unused]] std::size_t scratch_bytes, [[maybe_unused]] const char* algorithm)
{
  if (!(count > 0))
    return;
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::inclusive_sum(policy, in, out, count, scratch, scratch_bytes, algorithm);
  else
#endif
  {
    Sum sum = 0;
    for (Index i = 0; i < count; ++i)
      out[i] = sum += static_cast<Sum>(in[i]);
  }
  (void) policy;
}

template <class Policy>
void clear_bytes(Policy& policy, void* data, std::size_t bytes, [[maybe_unused]] const char* algorithm)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::clear_bytes(policy, data, bytes, algorithm);
  else
#endif
    for (std::size_t i = 0; i < bytes; ++i)
      static_cast<unsigned char*>(data)[i] = 0;
  (void) policy;
}

template <class Policy, class T>
T read_back(Policy& policy, const T* value, [[maybe_unused]] const char* algorithm)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return cuda::read_back(policy, value, algorithm);
#endif
  (void) policy;
  return *value;
}

template <class Policy>
void finish_join(Policy& policy, [[maybe_unused]] const char* algorithm)
{
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    cuda::finish(policy, algorithm);
#endif
  (void) policy;
}

// One allocation from the policy, carved into a join's arrays, each 256-byte
// aligned: reserve every array, allocate, then ask for each.
template <class Policy>
class join_scratch
{
public:
  explicit join_scratch(Policy& policy) : policy_(policy) {}

  template <class T>
  std::size_t reserve(std::int64_t count)
  {
    const std::size_t offset = bytes_;
    bytes_ += (std::size_t(count > 0 ? count : 0) * sizeof(T) + 255) & ~std::size_t(255);
    return offset;
  }
  void allocate() { storage_.emplace(policy_, static_cast<std::ptrdiff_t>(bytes_)); }
  template <class T>
  T* at(std::size_t offset)
  {
    return reinterpret_cast<T*>(thrust::raw_pointer_cast(storage_->data()) + offset);
  }

private:
  Policy& policy_;
  std::size_t bytes_ = 0;
  // Uninitialised: temporary_array skips construction of trivial types.
  std::optional<thrust::detail::temporary_array<char, Policy>> storage_;
};

// ---------------------------------------------------------------------------
// The join by expansion
// ---------------------------------------------------------------------------

// A join of A (a_count rows) and B (b_count rows), both sorted, compared as
// `Key`s, with `Index` (int32 or int64, holding a_count + b_count + 1)
// indices. keep_a / keep_b: the sides whose unmatched rows the join keeps.
template <class Key, class Index, class Policy, class AIt, class BIt, class Compare>
class join_expansion
{
public:
  join_expansion(Policy& policy, AIt a, Index a_count, BIt b, Index b_count, bool keep_a, bool keep_b, Compare comp,
                 const char* algorithm)
      : policy_(policy), a_(a), b_(b), a_count_(a_count), b_count_(b_count), keep_a_(keep_a), keep_b_(keep_b),
        comp_(comp), algorithm_(algorithm)
  {}

  // The number of rows write_rows writes for the same data: its searches,
  // with the counts only summed, not stored.
  std::int64_t count_rows()
  {
    if (a_count_ == 0 || b_count_ == 0)
      return one_sided_count();
    join_scratch<Policy> scratch(policy_);
    const auto splits_at = scratch.template reserve<Index>(split_count());
    const auto totals_at = scratch.template reserve<join_totals>(1);
    scratch.allocate();

    void* const splits        = scratch.template at<Index>(splits_at);
    join_totals* const totals = scratch.template at<join_totals>(totals_at);
    clear_bytes(policy_, totals, sizeof(join_totals), algorithm_);

    if (keep_b_)
      search<search_bound::lower>(a_, a_count_, b_, b_count_, b_sink(&totals->b_rows, nullptr, nullptr), totals,
                                  splits);
    search<search_bound::equal_range>(b_, b_count_, a_, a_count_,
                                      a_sink(&totals->a_rows, nullptr, nullptr, nullptr, nullptr), totals, splits);
    const join_totals found = read_back(policy_, totals, algorithm_);
    return found.unsorted ? 0 : found.a_rows + found.b_rows;
  }

  // Writes the rows to a_out[0, n) and b_out[0, n); returns n.
  template <class OutA, class OutB>
  std::int64_t write_rows(OutA a_out, OutB b_out)
  {
    if (a_count_ == 0 || b_count_ == 0)
      return write_one_sided(a_out, b_out);
#if MGPU_HAS_CUDA_BACKEND
    // Scratch from the default allocator costs a cudaMalloc and a cudaFree
    // by its size: there the search tiles write the rows, searching twice
    // but with no per-row scratch; from the caller's allocator one search
    // and the expansion are faster (docs/tuning.md).
    if constexpr (is_cuda_policy_v<Policy> && !carries_allocator_v<Policy>)
      if (const std::optional<std::int64_t> rows = write_rows_from_tiles(a_out, b_out))
        return *rows;
#endif
    join_scratch<Policy> scratch(policy_);
    const auto b_first_at   = scratch.template reserve<Index>(keep_b_ ? 0 : a_count_);
    const auto rows_at      = scratch.template reserve<Index>(a_count_ + 1);
    const auto unmatched_at = scratch.template reserve<Index>(keep_b_ ? b_count_ + 1 : 0);
    const auto a_lower_at   = scratch.template reserve<Index>(keep_b_ ? b_count_ : 0);
    const auto segments_at  = scratch.template reserve<join_segment<Index>>(keep_b_ ? a_count_ : 0);
    const auto splits_at    = scratch.template reserve<Index>(split_count());
    const auto totals_at    = scratch.template reserve<join_totals>(1);
    const std::size_t rows_scan_bytes = inclusive_sum_scratch_bytes<Index, Index>(policy_, a_count_, algorithm_);
    const std::size_t unmatched_scan_bytes =
      keep_b_ ? inclusive_sum_scratch_bytes<Index, Index>(policy_, b_count_, algorithm_) : 0;
    const std::size_t scan_bytes = rows_scan_bytes > unmatched_scan_bytes ? rows_scan_bytes : unmatched_scan_bytes;
    const auto temp_at           = scratch.template reserve<char>(static_cast<std::int64_t>(scan_bytes));
    scratch.allocate();

    Index* const b_first                 = keep_b_ ? nullptr : scratch.template at<Index>(b_first_at);
    Index* const rows                    = scratch.template at<Index>(rows_at);
    Index* const unmatched               = keep_b_ ? scratch.template at<Index>(unmatched_at) : nullptr;
    Index* const a_lower                 = keep_b_ ? scratch.template at<Index>(a_lower_at) : nullptr;
    join_segment<Index>* const segments  = keep_b_ ? scratch.template at<join_segment<Index>>(segments_at) : nullptr;
    void* const splits                   = scratch.template at<Index>(splits_at);
    join_totals* const totals            = scratch.template at<join_totals>(totals_at);
    void* const temp                     = scratch.template at<char>(temp_at);
    clear_bytes(policy_, totals, sizeof(join_totals), algorithm_);

    if (keep_b_)
    {
      search<search_bound::lower>(a_, a_count_, b_, b_count_, b_sink(&totals->b_rows, unmatched, a_lower), totals,
                                  splits);
      inclusive_sum(policy_, unmatched + 1, unmatched + 1, b_count_, temp, scan_bytes, algorithm_);
    }
    search<search_bound::equal_range>(b_, b_count_, a_, a_count_,
                                      a_sink(&totals->a_rows, rows, b_first, unmatched, segments), totals, splits);
    const join_totals found = read_back(policy_, totals, algorithm_);
    if (found.unsorted)
      return 0;
    const std::int64_t total = found.a_rows + found.b_rows;

    // The rows' scan in Indexes where the expansion's items (the rows and
    // their generators) fit one, else in join_row_counts beside them.
    const bool narrow = sizeof(Index) >= sizeof(join_row_count) ||
                        found.a_rows <= std::int64_t(std::numeric_limits<Index>::max()) - std::int64_t(a_count_) -
                                          std::int64_t(offset_headroom);
    if (narrow)
    {
      inclusive_sum(policy_, rows + 1, rows + 1, a_count_, temp, scan_bytes, algorithm_);
      write_expanded_rows(rows, found, total, b_first, unmatched, a_lower, segments, a_out, b_out);
    }
    else if constexpr (sizeof(Index) < sizeof(join_row_count))
    {
      join_scratch<Policy> wide(policy_);
      const auto wide_rows_at = wide.template reserve<join_row_count>(a_count_ + 1);
      const std::size_t wide_scan_bytes =
        inclusive_sum_scratch_bytes<join_row_count, const Index>(policy_, a_count_, algorithm_);
      const auto wide_temp_at = wide.template reserve<char>(static_cast<std::int64_t>(wide_scan_bytes));
      wide.allocate();
      join_row_count* const wide_rows = wide.template at<join_row_count>(wide_rows_at);
      clear_bytes(policy_, wide_rows, sizeof(join_row_count), algorithm_);
      inclusive_sum(policy_, static_cast<const Index*>(rows + 1), wide_rows + 1, a_count_,
                    wide.template at<char>(wide_temp_at), wide_scan_bytes, algorithm_);
      write_expanded_rows(wide_rows, found, total, b_first, unmatched, a_lower, segments, a_out, b_out);
    }
    return total;
  }

#if MGPU_HAS_CUDA_BACKEND
  // Inner and left outer joins on the CUDA backend: the rows straight from
  // the search tiles (cuda/agent/join_tile.h), with scratch of a few words
  // per tile; nullopt, having written nothing, for other joins, 64-bit
  // indices, keys whose tiles would not fit shared memory, or when a tile
  // has more rows than one tile writes (then the expansion writes them).
  template <class OutA, class OutB>
  std::optional<std::int64_t> write_rows_from_tiles(OutA a_out, OutB b_out)
  {
    if constexpr (!rows_from_tiles_v<Index> || !cuda::join_tiles_fit_v<Key, Index, OutA, OutB>)
      return std::nullopt;
    else
    {
      if (keep_b_ || a_count_ == 0 || b_count_ == 0)
        return std::nullopt;
      const std::int64_t tiles = split_count(); // at least the searches' tiles + 1
      join_scratch<Policy> scratch(policy_);
      const auto splits_at    = scratch.template reserve<Index>(tiles);
      const auto totals_at    = scratch.template reserve<cuda::join_tile_totals>(1);
      const auto tile_rows_at = scratch.template reserve<join_row_count>(tiles + 1);
      const std::size_t scan_bytes =
        inclusive_sum_scratch_bytes<join_row_count, join_row_count>(policy_, tiles, algorithm_);
      const auto temp_at = scratch.template reserve<char>(static_cast<std::int64_t>(scan_bytes));
      scratch.allocate();

      void* const splits                   = scratch.template at<Index>(splits_at);
      cuda::join_tile_totals* const totals = scratch.template at<cuda::join_tile_totals>(totals_at);
      join_row_count* const tile_rows      = scratch.template at<join_row_count>(tile_rows_at);
      // The totals and the tile counts lie together: one clear.
      detail::clear_bytes(policy_, totals,
                          tile_rows_at - totals_at + std::size_t(tiles + 1) * sizeof(join_row_count), algorithm_);
      // join_size's sink and kernel, each tile's sum kept.
      a_row_count_sink<Index> counter = a_sink(&totals->rows, nullptr, nullptr, nullptr, nullptr);
      counter.tile_rows               = tile_rows + 1;
      counter.most_in_a_tile          = &totals->most_in_a_tile;
      sorted_search_with_offsets<search_bound::equal_range, Key, Index>(
        policy_, b_, b_count_, a_, a_count_, counter, comp_, &totals->unsorted, splits, false, algorithm_);
      const cuda::join_tile_totals found = detail::read_back(policy_, totals, algorithm_);
      if (found.unsorted)
        return 0;
      if (found.most_in_a_tile > cuda::join_tile_row_cap)
        return std::nullopt;
      if (found.rows > 0)
      {
        inclusive_sum(policy_, tile_rows + 1, tile_rows + 1, tiles, scratch.template at<char>(temp_at), scan_bytes,
                      algorithm_);
        sorted_search_with_offsets<search_bound::equal_range, Key, Index>(
          policy_, b_, b_count_, a_, a_count_,
          cuda::join_tile_rows_sink<Index, OutA, OutB>{tile_rows, found.rows, b_count_, keep_a_, a_out, b_out}, comp_,
          nullptr, splits, false, algorithm_);
      }
      finish_join(policy_, algorithm_);
      return found.rows;
    }
  }
#endif

  // Writes the rows of A with a match in B (keep_matched) or without one to
  // a_out, in order; returns how many.
  template <class OutA>
  std::int64_t write_filtered(OutA a_out, bool keep_matched)
  {
    if (a_count_ == 0 || (b_count_ == 0 && keep_matched))
      return 0;
    if (b_count_ == 0)
    {
      for_each_index(policy_, a_count_, one_sided_rows<OutA, thrust::discard_iterator<>>{a_out, {}, true},
                     algorithm_);
      finish_join(policy_, algorithm_);
      return a_count_;
    }
    join_scratch<Policy> scratch(policy_);
    const auto flags_at  = scratch.template reserve<unsigned char>(a_count_);
    const auto splits_at = scratch.template reserve<Index>(split_count());
    scratch.allocate();
    unsigned char* const flags = scratch.template at<unsigned char>(flags_at);
    search<search_bound::lower>(
      b_, b_count_, a_, a_count_,
      a_match_sink<Key, AIt, BIt, Index, Compare>{a_, b_, b_count_, comp_, keep_matched, flags}, nullptr,
      scratch.template at<Index>(splits_at));
    const auto end = thrust::copy_if(policy_, thrust::counting_iterator<Index>(0),
                                     thrust::counting_iterator<Index>(a_count_), flags, a_out, is_flag_set{});
    return static_cast<std::int64_t>(end - a_out);
  }

private:
  template <search_bound Bound, class HayIt, class NeedleIt, class Sink>
  void search(HayIt hay, Index hay_count, NeedleIt needles, Index needle_count, const Sink& sink,
              join_totals* totals, void* splits)
  {
    sorted_search_with_offsets<Bound, Key, Index>(policy_, hay, hay_count, needles, needle_count, sink, comp_,
                                                  totals != nullptr ? &totals->unsorted : nullptr, splits, false,
                                                  algorithm_);
  }

  // Scratch for the CUDA partition of a search of A and B, one split per tile.
  std::int64_t split_count() const
  {
#if MGPU_HAS_CUDA_BACKEND
    if constexpr (is_cuda_policy_v<Policy>)
      return (std::int64_t(a_count_) + std::int64_t(b_count_)) / cuda::sorted_search_smallest_tile<Key> + 2;
#endif
    return 0;
  }

  b_match_sink<Key, AIt, BIt, Index, Compare> b_sink(join_row_count* total, Index* unmatched, Index* a_lower) const
  {
    return {a_, b_, a_count_, comp_, total, unmatched, a_lower};
  }

  // `rows` null: only the total. `unmatched`: B's scanned unmatched flags,
  // when `segments` is given.
  a_row_count_sink<Index> a_sink(join_row_count* total, Index* rows, Index* b_first, const Index* unmatched,
                                 join_segment<Index>* segments) const
  {
    return {total, rows, b_count_, keep_a_, b_first, unmatched, segments};
  }

  // The rows, given the scanned row counts of A's generators: B's unmatched
  // rows into their gaps, then the expansion of A's generators.
  template <class Row, class OutA, class OutB>
  void write_expanded_rows(const Row* rows, const join_totals& found, std::int64_t total, const Index* b_first,
                           const Index* unmatched, const Index* a_lower, const join_segment<Index>* segments,
                           OutA a_out, OutB b_out)
  {
    if (keep_b_ && found.b_rows > 0)
      for_each_index(policy_, b_count_,
                     unmatched_b_rows<Index, Row, OutA, OutB>{unmatched, a_lower, rows, a_count_, total, a_out, b_out},
                     algorithm_);
    if (found.a_rows > 0)
    {
      // Row is Index, or join_row_count when the expansion's items need it.
      using expansion_size = std::conditional_t<std::is_same_v<Row, Index>, Index, join_row_count>;
      if (keep_b_)
        expand<expansion_size>(rows, found.a_rows,
                        join_rows_op<const join_segment<Index>*, OutA, OutB>{{{}, segments}, a_out, b_out});
      else
        expand<expansion_size>(rows, found.a_rows, join_rows_op<const Index*, OutA, OutB>{{{}, b_first}, a_out, b_out});
    }
    else
      finish_join(policy_, algorithm_);
  }

  // The load-balanced expansion of A's generators (whose scanned row counts
  // are `rows`), with `Size` indices.
  template <class Size, class Row, class Op>
  void expand(const Row* rows, std::int64_t a_rows, const Op& op)
  {
    transform_lbs_with_offsets<Size>(policy_, rows, static_cast<Size>(a_count_), static_cast<Size>(a_rows), op,
                                     algorithm_);
  }

  std::int64_t one_sided_count() const
  {
    return (keep_a_ ? std::int64_t(a_count_) : 0) + (keep_b_ ? std::int64_t(b_count_) : 0);
  }

  // One side empty: every row of the other side, unmatched, if kept.
  template <class OutA, class OutB>
  std::int64_t write_one_sided(OutA a_out, OutB b_out)
  {
    const bool from_a = a_count_ > 0;
    const Index count = from_a ? (keep_a_ ? a_count_ : Index(0)) : (keep_b_ ? b_count_ : Index(0));
    for_each_index(policy_, count, one_sided_rows<OutA, OutB>{a_out, b_out, from_a}, algorithm_);
    finish_join(policy_, algorithm_);
    return count;
  }

  Policy& policy_;
  AIt a_;
  BIt b_;
  Index a_count_, b_count_;
  bool keep_a_, keep_b_;
  Compare comp_;
  const char* algorithm_;
};

// Calls f(join_expansion) with the narrowest index type for the inputs.
template <class Key, class Policy, class AIt, class BIt, class Compare, class F>
decltype(auto) with_join_expansion(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, bool keep_a,
                                   bool keep_b, Compare comp, const char* algorithm, F&& f)
{
  const auto a_count = a_last - a_first;
  const auto b_count = b_last - b_first;
  const std::uint64_t largest = static_cast<std::uint64_t>(a_count) + static_cast<std::uint64_t>(b_count) + 1;
  return with_offset_type(largest, [&](auto offset) {
    using Index = decltype(offset);
    join_expansion<Key, Index, Policy, AIt, BIt, Compare> expansion(
      policy, a_first, static_cast<Index>(a_count), b_first, static_cast<Index>(b_count), keep_a, keep_b, comp,
      algorithm);
    return f(expansion);
  });
}

// The joins by expansion on any policy (the CUDA backend's algorithm; tests
// run it on host policies too).
template <class Policy, class AIt, class BIt, class Compare>
std::int64_t join_size_by_expansion(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, bool keep_a,
                                    bool keep_b, Compare comp, const char* algorithm)
{
  return with_join_expansion<search_key_t<AIt, BIt>>(policy, a_first, a_last, b_first, b_last, keep_a, keep_b, comp,
                                                     algorithm, [](auto& join) { return join.count_rows(); });
}

template <class Policy, class AIt, class BIt, class OutA, class OutB, class Compare>
std::int64_t join_by_expansion(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_out,
                               OutB b_out, bool keep_a, bool keep_b, Compare comp, const char* algorithm)
{
  return with_join_expansion<search_key_t<AIt, BIt>>(
    policy, a_first, a_last, b_first, b_last, keep_a, keep_b, comp, algorithm,
    [&](auto& join) { return join.write_rows(a_out, b_out); });
}

template <class Policy, class AIt, class BIt, class OutA, class Compare>
std::int64_t filter_by_match_by_expansion(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last,
                                          OutA a_out, bool keep_matched, Compare comp, const char* algorithm)
{
  return with_join_expansion<search_key_t<AIt, BIt>>(
    policy, a_first, a_last, b_first, b_last, false, false, comp, algorithm,
    [&](auto& join) { return join.write_filtered(a_out, keep_matched); });
}

// ---------------------------------------------------------------------------
// Dispatch: checked builds validate both ranges, then the CUDA backend joins
// by expansion and host policies walk the key runs.
// ---------------------------------------------------------------------------

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class AIt, class BIt, class Compare>
MGPU_HD std::int64_t join_size(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, bool keep_a,
                               bool keep_b, Compare comp, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::join_size<search_key_t<AIt, BIt>>(a_first, std::int64_t(a_last - a_first), b_first,
                                                         std::int64_t(b_last - b_first), keep_a, keep_b, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  using key_t = search_key_t<AIt, BIt>;
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_t>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return join_size_by_expansion(policy, a_first, a_last, b_first, b_last, keep_a, keep_b, comp, algorithm);
  else
#endif
    return sequential::join_size<key_t>(a_first, std::int64_t(a_last - a_first), b_first,
                                        std::int64_t(b_last - b_first), keep_a, keep_b, comp);
}

MGPU_EXEC_CHECK_DISABLE
template <class Policy, class AIt, class BIt, class OutA, class OutB, class Compare>
MGPU_HD std::int64_t join(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_out, OutB b_out,
                          bool keep_a, bool keep_b, Compare comp, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::join<search_key_t<AIt, BIt>>(a_first, std::int64_t(a_last - a_first), b_first,
                                                    std::int64_t(b_last - b_first), a_out, b_out, keep_a, keep_b, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  using key_t = search_key_t<AIt, BIt>;
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_t>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return join_by_expansion(policy, a_first, a_last, b_first, b_last, a_out, b_out, keep_a, keep_b, comp, algorithm);
  else
#endif
    return sequential::join<key_t>(a_first, std::int64_t(a_last - a_first), b_first, std::int64_t(b_last - b_first),
                                   a_out, b_out, keep_a, keep_b, comp);
}

// semi_join (keep_matched) and anti_join.
MGPU_EXEC_CHECK_DISABLE
template <class Policy, class AIt, class BIt, class OutA, class Compare>
MGPU_HD std::int64_t filter_by_match(Policy& policy, AIt a_first, AIt a_last, BIt b_first, BIt b_last, OutA a_out,
                                     bool keep_matched, Compare comp, const char* algorithm)
{
  MGPU_IN_DEVICE_CODE
  {
    return sequential::filter_by_match<search_key_t<AIt, BIt>>(
        a_first, std::int64_t(a_last - a_first), b_first, std::int64_t(b_last - b_first), a_out, keep_matched, comp);
  }
  const algorithm_range<Policy> range(algorithm);
  using key_t = search_key_t<AIt, BIt>;
  if constexpr (checking_preconditions)
    require_sorted_inputs<key_t>(policy, a_first, a_last, b_first, b_last, comp, algorithm);
#if MGPU_HAS_CUDA_BACKEND
  if constexpr (is_cuda_policy_v<Policy>)
    return filter_by_match_by_expansion(policy, a_first, a_last, b_first, b_last, a_out, keep_matched, comp,
                                        algorithm);
  else
#endif
    return sequential::filter_by_match<key_t>(a_first, std::int64_t(a_last - a_first), b_first,
                                              std::int64_t(b_last - b_first), a_out, keep_matched, comp);
}

} // namespace mgpu::detail
