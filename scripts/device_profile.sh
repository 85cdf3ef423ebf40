#!/usr/bin/env bash
# On a GPU machine, from the repository root: Nsight Compute over the mgpu
# kernels of one benchmark, built with line information. Results go to $OUT.
#   scripts/device_profile.sh NAME BENCH_FILTER [KERNEL_REGEX] [LAUNCH_SKIP]
# writes NAME.txt (every section of each profiled kernel) and NAME_source.csv
# (per-SASS-line stall reasons and instruction counts).
set -uo pipefail
name=$1 filter=$2 kernels=${3:-mgpu::detail::cuda} skip=${4:-2}
OUT=${OUT:-$PWD/device-out}
mkdir -p "$OUT"
if [ ! -x build/profile/benchmark/mgpu_bench ]; then
  cmake -S . -B build/profile -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_FLAGS=-lineinfo \
    > "$OUT/profile_configure.log" 2>&1 || { tail -20 "$OUT/profile_configure.log"; exit 1; }
  cmake --build build/profile -j 16 --target mgpu_bench > "$OUT/profile_build.log" 2>&1 \
    || { grep -E "error|FAILED" "$OUT/profile_build.log" | head -20; exit 1; }
fi
report="$OUT/$name"
ncu --clock-control none --set full --import-source yes -k "regex:$kernels" --kernel-name-base demangled \
  -s "$skip" -c 2 -o "$report" -f \
  build/profile/benchmark/mgpu_bench --benchmark_filter="$filter" --benchmark_min_time=0.05s \
  > "$report.log" 2>&1 || { tail -20 "$report.log"; exit 1; }
ncu --import "$report.ncu-rep" --page details > "$report.txt" 2>&1
ncu --import "$report.ncu-rep" --page source --csv --print-source sass > "${report}_source.csv" 2>/dev/null \
  || ncu --import "$report.ncu-rep" --page source --csv > "${report}_source.csv" 2>&1
rm -f "$report.ncu-rep"
grep -E "Duration|Registers Per|Achieved Occupancy|DRAM Throughput|Issue Slots Busy|No Eligible" "$report.txt"
