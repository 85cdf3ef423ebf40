#!/usr/bin/env bash
# On a GPU machine: every GPU test case under compute-sanitizer, one process
# per case, several at a time. Cases over 2^31 elements are left out (hours
# under the sanitizers, gigabytes each); everything else runs, the bad-input
# cases under racecheck without their many-waves sizes.
#   scripts/sanitize_tests.sh [TOOLS] [BINARY_DIR]
#     TOOLS       comma list of memcheck, racecheck (default: both)
#     BINARY_DIR  holds mgpu_test_cuda, mgpu_test_cuda_checked and
#                 mgpu_test_cuda_partitioned (default: build/default/test)
# Environment: SANITIZER_JOBS (processes at a time, default: the core count;
# the cases take the machine's GPUs in turn), SANITIZER_GPUS (a comma list of
# GPU indices to take instead of all), SANITIZER_CASES (a file of
# "TOOL BINARY CASE_NUMBER" lines to run instead of every case),
# SANITIZER_SECONDS (start no case after this long and stop any 30 s later;
# default: no limit),
# OUT (where sanitizer.txt and the failing cases' logs go, default: ./sanitizer-out).
# Prints one line per tool; exits non-zero if any case failed or did not run.
set -uo pipefail
tools=${1:-memcheck,racecheck}
bin_dir=$(cd "${2:-build/default/test}" && pwd) || exit 2
out=${OUT:-$PWD/sanitizer-out}
mkdir -p "$out/sanitizer-logs"
results="$out/sanitizer.txt"
: > "$results"
binaries="mgpu_test_cuda mgpu_test_cuda_checked mgpu_test_cuda_partitioned"
skip='*2^31*'

# Each binary's case names, listed once: line n names case n.
for binary in $binaries; do
  "$bin_dir/$binary" --list-test-cases -tce="$skip" | grep -vE '^\[doctest\]|^GPU tests|^=+$' \
    > "$out/sanitizer-logs/$binary.cases"
  [ -s "$out/sanitizer-logs/$binary.cases" ] || { echo "sanitize_tests.sh: $binary did not list its cases" >&2; exit 2; }
done
# One job per (tool, binary, case number among the cases that pass the filter).
jobs=$(mktemp)
trap 'rm -f "$jobs"' EXIT
if [ -n "${SANITIZER_CASES:-}" ]; then
  cp "$SANITIZER_CASES" "$jobs"
else
  for tool in ${tools//,/ }; do
    for binary in $binaries; do
      count=$(wc -l < "$out/sanitizer-logs/$binary.cases")
      for case_number in $(seq 1 "$count"); do echo "$tool $binary $case_number" >> "$jobs"; done
    done
  done
fi
# Job k runs on the k-th GPU of the list, in turn.
gpu_list=${SANITIZER_GPUS:-$(seq -s, 0 $(( $(nvidia-smi -L 2>/dev/null | grep -c '^GPU') - 1 )))}
[ -n "$gpu_list" ] || gpu_list=0
awk -v list="$gpu_list" 'BEGIN { n = split(list, gpu, ",") } { print $0, gpu[(NR - 1) % n + 1] }' "$jobs" > "$jobs.gpu" &&
  mv "$jobs.gpu" "$jobs"

run_case() {
  local tool=$1 binary=$2 case_number=$3
  export CUDA_VISIBLE_DEVICES=$4
  local log="$out/sanitizer-logs/${tool}_${binary}_${case_number}.log" name extra=()
  if [ -n "${stop_at:-}" ] && [ "$(date +%s)" -ge "$stop_at" ]; then
    echo "$tool $binary $case_number not-run" >> "$results"
    return
  fi
  name=$(sed -n "${case_number}p" "$out/sanitizer-logs/$binary.cases")
  # The capture test makes CUDA calls fail on purpose: those API errors are its point.
  case "$name" in *"fails capture"*) extra=(--report-api-errors no) ;; esac
  local start rc limit=()
  start=$(date +%s)
  # A case still running well past the stop time is cut off (rc 124).
  [ -n "${stop_at:-}" ] && limit=(timeout $(( stop_at - start + 30 )))
  # Racecheck runs the bad-input cases without their many-waves sizes (test/common/test_support.h).
  local sizes=()
  [ "$tool" = racecheck ] && sizes=(env MGPU_TEST_RACECHECK_SIZES=1)
  "${limit[@]}" "${sizes[@]}" compute-sanitizer --tool "$tool" --error-exitcode 9 --print-limit 20 "${extra[@]}" \
    "$bin_dir/$binary" -tce="$skip" -f="$case_number" -l="$case_number" > "$log" 2>&1
  rc=$?
  local summary
  summary=$(grep -hE 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tr -s ' \n' ' ')
  echo "$tool $binary $case_number rc=$rc $(( $(date +%s) - start ))s | ${summary}| $name" >> "$results"
  if [ $rc -eq 0 ]; then rm -f "$log"; fi
}
export -f run_case
export bin_dir out results skip
[ -n "${SANITIZER_SECONDS:-}" ] && export stop_at=$(( $(date +%s) + SANITIZER_SECONDS ))
xargs -P "${SANITIZER_JOBS:-$(nproc)}" -L 1 bash -c 'run_case "$@"' _ < "$jobs"

status=0
for tool in ${tools//,/ }; do
  passed=$(grep -c "^$tool .* rc=0 " "$results")
  failed=$(grep "^$tool " "$results" | grep -v ' rc=0 ' | grep -vc 'not-run')
  not_run=$(grep -c "^$tool .* not-run" "$results")
  echo "$tool: $passed cases clean, $failed failed, $not_run not run (cases over 2^31 elements left out)"
  [ "$failed" -eq 0 ] && [ "$not_run" -eq 0 ] || status=1
done
grep -v ' rc=0 ' "$results" | head -20
rm -f "$out"/sanitizer-logs/*.cases
exit $status
