// The inner and left outer joins by search tiles: two passes of the
// equal_range search of A's keys in B over the same tiles, with no per-row
// scratch.
//   1. the counting sink of join_size (a_row_count_sink) tallies each
//      tile's rows (and the most any tile has) beside the total;
//   2. once the tiles' row counts are scanned, join_tile_rows_sink has each
//      tile scan its generators' rows in shared memory and write them,
//      striped, from its first row on.
// A tile writes at most join_tile_row_cap rows, so a key with many matches
// (a heavier tile) is left to the load-balanced expansion (join.inl).
#pragma once

#include <mgpu/detail/config.h>
#include <mgpu/detail/join_ops.h>
#include <mgpu/detail/sorted_search_ops.h>
#include <mgpu/search.h>

#include <cub/block/block_scan.cuh>
#include <thrust/iterator/counting_iterator.h>

#include <cuda/std/functional>

#include <cstdint>

namespace mgpu::detail::cuda {

// Rows one search tile writes at most: they stay a few tiles' worth of work,
// and each generator's first row fits 16 bits.
inline constexpr int join_tile_row_cap = 1 << 15;

// What pass 1 leaves for the host to read back, in one copy.
struct join_tile_totals
{
  join_row_count rows;
  join_row_count most_in_a_tile;
  int unsorted; // a search met unsorted data (its answers are not to be trusted)
};

// Pass 2: tile t writes the rows [tile_starts[t], tile_starts[t + 1]) (the
// scan of pass 1's tile_rows), never one at or past row_count: row r of a
// generator of A's row i with its first match at b is (i, b + r), or (i, -1)
// for an unmatched row. The tile's rows go out in chunks: each thread walks
// row_walk steps of the merge of row numbers with its generators' first rows
// (the load-balancing search, in shared memory), recording each row's
// generator; then the chunk's rows are written striped, so stores coalesce.
template <class Index, class OutA, class OutB>
struct join_tile_rows_sink
{
  static constexpr bool consumes_tile = true;
  static constexpr int row_walk       = 8;

  template <class Shape>
  struct tile_storage
  {
    std::uint16_t rows_before[Shape::tile_size]; // the tile's rows before each of its generators
    std::uint16_t generator_of_row[Shape::threads * row_walk]; // a chunk's rows, from its first
    int chunk_end;                                             // the row after the chunk's last
    typename cub::BlockScan<int, Shape::threads>::TempStorage scan;
  };

  const join_row_count* tile_starts;
  join_row_count row_count;
  Index b_count;
  bool keep_a;
  OutA a_out;
  OutB b_out;

  // Needles the tiles' slices leave out (unsorted data only): no rows.
  template <class Size>
  __device__ void operator()(Size, bound_pair<Size>) const
  {}

  // The tile's generators are A's rows needle_begin + j, j < needle_count,
  // with answer_of(j) the bounds of their keys in B.
  template <class Shape, class Storage, class Size, class AnswerOf>
  __device__ MGPU_FORCEINLINE void consume_tile(Storage& shared, Size needle_begin, int needle_count,
                                                const AnswerOf& answer_of) const
  {
    constexpr int NT = Shape::threads, VT = Shape::items_per_thread;
    const int tid    = static_cast<int>(threadIdx.x);

    // Each thread's VT generators in a row; counts saturate at the cap, so
    // the scan never overflows and the capped first rows stay ordered. The
    // loops stay rolled: they are a small part of the tile's time.
    auto capped_rows = [&](int j) {
      const join_row_count rows = generator_of(answer_of(j), b_count, keep_a).rows;
      return rows < join_tile_row_cap ? static_cast<int>(rows) : join_tile_row_cap;
    };
    const int first_needle = tid * VT;
    const int last_needle  = min(first_needle + VT, needle_count);
    int thread_rows        = 0;
#pragma unroll 1
    for (int j = first_needle; j < last_needle; ++j)
      thread_rows += capped_rows(j);
    int before = 0, scanned_rows = 0;
    cub::BlockScan<int, NT>(shared.scan).ExclusiveSum(thread_rows, before, scanned_rows);
#pragma unroll 1
    for (int j = first_needle; j < last_needle; ++j)
    {
      shared.rows_before[j] = static_cast<std::uint16_t>(before < join_tile_row_cap ? before : join_tile_row_cap);
      before += capped_rows(j);
    }

    // The tile's rows as pass 1 counted them, within the cap and the total.
    const Size tile           = blockIdx.x;
    const join_row_count row0 = tile_starts[tile];
    join_row_count rows       = tile_starts[tile + Size(1)] - row0;
    rows = rows < join_row_count(scanned_rows) ? rows : join_row_count(scanned_rows);
    rows = rows < join_row_count(join_tile_row_cap) ? rows : join_row_count(join_tile_row_cap);
    rows = rows < row_count - row0 ? rows : row_count - row0;
    const int walked_rows = scanned_rows < join_tile_row_cap ? scanned_rows : join_tile_row_cap;
    __syncthreads();

    // The merge of rows [0, walked_rows) with the starts of generators 1 ..
    // needle_count - 1: a start at or before a row comes first, so each row
    // lands in the last generator starting at or before it.
    const std::uint16_t* const starts = shared.rows_before + 1;
    const int start_count             = needle_count > 0 ? needle_count - 1 : 0;
    const int merged                  = walked_rows + start_count;
    int chunk_row0                    = 0;
    for (int chunk = 0; chunk < merged; chunk += NT * row_walk)
    {
      const int diag = min(chunk + tid * row_walk, merged);
      int row        = merge_path<bounds::upper>(thrust::counting_iterator<int>(0), walked_rows, starts, start_count,
                                          diag, ::cuda::std::less<int>{});
      int generator  = diag - row;
#pragma unroll
      for (int i = 0; i < row_walk; ++i)
        if (row + generator < merged)
        {
          if (generator < start_count && int(starts[generator]) <= row)
            ++generator;
          else
            shared.generator_of_row[row++ - chunk_row0] = static_cast<std::uint16_t>(generator);
        }
      if (tid == NT - 1) // its walk ends where the chunk does
        shared.chunk_end = row;
      __syncthreads();
      const int chunk_end = shared.chunk_end;
      const int written   = chunk_end < int(rows) ? chunk_end : int(rows);
      for (int r = chunk_row0 + tid; r < written; r += NT)
      {
        const int g                       = shared.generator_of_row[r - chunk_row0];
        const join_generator<Index> found = generator_of(answer_of(g), b_count, keep_a);
        const Index rank                  = static_cast<Index>(r - int(shared.rows_before[g]));
        const join_row_count out_row      = row0 + r;
        a_out[out_row] = needle_begin + Size(g);
        b_out[out_row] = found.matches == 0 ? Index(-1)
                                            : found.first + (rank < found.matches ? rank : found.matches - Index(1));
      }
      chunk_row0 = chunk_end;
      __syncthreads(); // before the next chunk's walk records its rows
    }
  }
};

} // namespace mgpu::detail::cuda
