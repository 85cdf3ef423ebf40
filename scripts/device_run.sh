#!/usr/bin/env bash
# On a GPU machine, from the repository root. Logs and results go to $OUT.
#   scripts/device_run.sh tests   build; every test (CTest), the demo, and
#                                 compute-sanitizer memcheck and racecheck over
#                                 every GPU test case but those over 2^31
#                                 elements (scripts/sanitize_tests.sh)
#   scripts/device_run.sh bench   build the benchmarks; run each family into
#                                 its own JSON (MGPU_BENCH_REPETITIONS sets the
#                                 repetitions); charts and tables per family
set -uo pipefail
mode=${1:-tests}
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
status=0
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv | tee "$OUT/gpu.txt"

preset=default
[ "$mode" = bench ] && preset=benchmark
cmake --preset $preset > "$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
cmake --build --preset $preset -j 16 > "$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -40; exit 1; }
echo "build: ok"

if [ "$mode" = tests ]; then
  ctest --preset default -V > "$OUT/ctest.log" 2>&1 || status=1
  grep -E "test cases|Every result|tests passed|Failed|Skipped" "$OUT/ctest.log"
  # Every GPU test case but those over 2^31 elements, under memcheck and racecheck.
  OUT="$OUT" scripts/sanitize_tests.sh memcheck,racecheck build/default/test || status=1
fi

if [ "$mode" = bench ]; then
  bench=build/benchmark/benchmark/mgpu_bench
  run_family() { # name, filter, time limit in seconds
    timeout "$3" $bench --benchmark_filter="$2" --benchmark_out="$OUT/$1.json" --benchmark_out_format=json \
      > "$OUT/$1.txt" 2>&1
    echo "$1: rc=$? $(grep -c median "$OUT/$1.txt") medians"
    python3 scripts/benchmark_report.py "$OUT/$1.json" "$OUT/charts" > "$OUT/$1.md" 2>&1
  }
  run_family merge '^(copy|merge_keys|merge_pairs)/' 90
  run_family bulk '^(copy|bulk_remove|bulk_insert)/' 70
  run_family load_balance '^(copy|lbs|transform_lbs|interval_expand|interval_gather|interval_move)/' 140
  run_family search_join '^(copy|sorted_lower_bound|sorted_upper_bound|join_inner|join_size_inner)/' 200
  run_family segmented_reduce '^(copy|segmented_reduce)/' 200
  run_family sets "${SET_FILTER:-^(copy/|set_[a-z_]+/[a-z_]+/int32/(wide|narrow|unique)_1to1/|set_[a-z_]+/[a-z_]+/[a-z0-9]+/[a-z0-9_]+/134217728/)}" 170
fi
exit $status
