#!/usr/bin/env bash
# On a GPU machine: build, run every test, the demo, compute-sanitizer
# (memcheck, racecheck) over the GPU tests, and the benchmarks selected by
# $BENCH_FILTER (empty: none). Logs and results go to $OUT.
# RUN_TESTS=0 skips the tests and sanitizers; BUILD_TARGET builds one target.
set -uo pipefail
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
status=0
nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.mem --format=csv | tee "$OUT/gpu.txt"

cmake --preset default > "$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
cmake --build --preset default -j 16 ${BUILD_TARGET:+--target $BUILD_TARGET} > "$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -40; exit 1; }
echo "build: ok"

if [ "${RUN_TESTS:-1}" = 1 ]; then
ctest --preset default > "$OUT/ctest.log" 2>&1 || status=1
tail -n 12 "$OUT/ctest.log"
build/default/test/mgpu_test_cuda > "$OUT/test_cuda.log" 2>&1 || status=1
tail -n 3 "$OUT/test_cuda.log"
build/default/examples/mgpu_demo > "$OUT/demo.log" 2>&1 || status=1
tail -n 2 "$OUT/demo.log"

# Sanitizers over every GPU test but the multi-gigabyte ones.
skip_heavy='*2^31*,*large*'
for tool in memcheck racecheck; do
  for binary in mgpu_test_cuda mgpu_test_cuda_checked; do
    compute-sanitizer --tool $tool --error-exitcode 9 "build/default/test/$binary" -tce="$skip_heavy" \
      > "$OUT/${tool}_${binary}.log" 2>&1
    rc=$?
    echo "$tool $binary: rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|test cases' "$OUT/${tool}_${binary}.log" | tr '\n' ' ')"
    [ $rc -eq 0 ] || status=1
  done
done
fi

if [ -n "${BENCH_FILTER:-}" ]; then
  build/default/benchmark/mgpu_bench --benchmark_filter="$BENCH_FILTER" \
    --benchmark_out="$OUT/bench.json" --benchmark_out_format=json > "$OUT/bench.txt" 2>&1 || status=1
  python3 scripts/benchmark_report.py "$OUT/bench.json" "$OUT/charts" > "$OUT/bench_report.md" 2>&1
  grep -B1 -A5 -E "^\| (mgpu|cub|thrust)" "$OUT/bench_report.md" | grep -A6 "134217728 elements" | head -150
fi
exit $status
