#!/usr/bin/env bash
# Measures what mgpu costs a build next to Thrust, and prints Markdown tables:
#  - nvcc wall time and binary size of three programs in scripts/build_cost/:
#    bare.cu (a device_vector program), mgpu.cu (bare plus every public mgpu
#    algorithm once, int32) and thrust.cu (bare plus the Thrust way of doing
#    the same jobs), with the ratios (mgpu - bare) / (thrust - bare) for time
#    and mgpu / thrust for size;
#  - the kernels (.entry lines in the PTX) that one call emits, for pairs of
#    one-call files in scripts/build_cost/kernels/.
# Needs nvcc (CUDA 13) only: nothing runs on a GPU.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/measure_build.sh [options]
  -a, --arch ARCH         target architecture, as 90 or sm_90 (default 90)
  -n, --repetitions N     compilations per program; the median is reported (default 3)
      --kernels-only      only count kernels
      --timings-only      only time the programs
  -l, --list-kernels      also list each one-call file's kernels, demangled
  -h, --help              this text
Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc).
EOF
}

arch=90
repetitions=3
do_timings=1
do_kernels=1
list_kernels=0
while [ $# -gt 0 ]; do
  case "$1" in
    -a | --arch) arch="${2:?--arch needs a value}"; shift 2 ;;
    -n | --repetitions) repetitions="${2:?--repetitions needs a value}"; shift 2 ;;
    --kernels-only) do_timings=0; shift ;;
    --timings-only) do_kernels=0; shift ;;
    -l | --list-kernels) list_kernels=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "measure_build.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
arch="sm_${arch#sm_}"
case "$repetitions" in '' | *[!0-9]* | 0) echo "measure_build.sh: --repetitions takes a positive integer" >&2; exit 2 ;; esac

if [ -z "${NVCC:-}" ]; then
  if command -v nvcc >/dev/null 2>&1; then NVCC=nvcc; else NVCC=/usr/local/cuda/bin/nvcc; fi
fi

root="$(cd "$(dirname "$0")/.." && pwd)"
sources="${root}/scripts/build_cost"
work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
common_flags=(-std=c++17 -arch="${arch}" -I"${root}/include" -I"${sources}")

# Runs nvcc with the given arguments; on failure shows its output and stops.
compile() {
  local log="${work}/nvcc.log"
  if ! "${NVCC}" "${common_flags[@]}" "$@" >"${log}" 2>&1; then
    echo "measure_build.sh: nvcc $* failed:" >&2
    cat "${log}" >&2
    exit 1
  fi
  # Warnings (ptxas's among them) are worth seeing even when the build works.
  if [ -s "${log}" ]; then cat "${log}" >&2; fi
}

# Prints the wall seconds of one `nvcc -O3 -o prog file.cu`.
time_compile() {
  local TIMEFORMAT=%R seconds="${work}/seconds"
  { time compile -O3 -o "$2" "$1" 2>&4; } 4>&2 2>"${seconds}"
  cat "${seconds}"
}

median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.2f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# a / b to two decimals ("n/a" when b is not positive).
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f\n", a / b; else print "n/a" }'
}

nvcc_version="$("${NVCC}" --version | grep -o 'release [0-9.]*' | head -n 1)"
cpu_model="$(grep -m 1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*: *//' || true)"
echo "Measured with nvcc ${nvcc_version#release }, -arch=${arch}, on ${cpu_model:-an unknown CPU} ($(nproc) cores)."
echo

if [ "${do_timings}" = 1 ]; then
  declare -A wall size runs
  for program in bare thrust mgpu; do
    times=()
    for ((i = 0; i < repetitions; ++i)); do
      times+=("$(time_compile "${sources}/${program}.cu" "${work}/${program}")")
    done
    wall[${program}]="$(median "${times[@]}")"
    size[${program}]="$(stat -c %s "${work}/${program}")"
    runs[${program}]="${times[*]}"
  done
  thrust_added="$(awk -v t="${wall[thrust]}" -v b="${wall[bare]}" 'BEGIN { printf "%.2f\n", t - b }')"
  mgpu_added="$(awk -v t="${wall[mgpu]}" -v b="${wall[bare]}" 'BEGIN { printf "%.2f\n", t - b }')"

  echo "#### Build cost: \`nvcc -std=c++17 -O3 -arch=${arch}\`, median of ${repetitions}"
  echo
  echo "| Program | nvcc wall (s) | Added over bare (s) | Runs (s) | Binary (bytes) |"
  echo "|---|---:|---:|---|---:|"
  echo "| bare.cu | ${wall[bare]} | | ${runs[bare]} | ${size[bare]} |"
  echo "| thrust.cu | ${wall[thrust]} | ${thrust_added} | ${runs[thrust]} | ${size[thrust]} |"
  echo "| mgpu.cu | ${wall[mgpu]} | ${mgpu_added} | ${runs[mgpu]} | ${size[mgpu]} |"
  echo
  echo "| Ratio | Measured | Target |"
  echo "|---|---:|---:|"
  echo "| nvcc time added over bare, mgpu / Thrust | $(ratio "${mgpu_added}" "${thrust_added}") | ≤ 1.3 |"
  echo "| Binary size, mgpu / Thrust | $(ratio "${size[mgpu]}" "${size[thrust]}") | ≤ 1.2 |"
  echo
fi

if [ "${do_kernels}" = 1 ]; then
  jobs=(merge set_union bulk_insert load_balance_search)
  # shellcheck disable=SC2016 # the backticks are Markdown, not commands
  declare -A thrust_idiom=(
    [merge]='`thrust::merge`'
    [set_union]='`thrust::set_union`'
    [bulk_insert]='`thrust::merge_by_key` of (positions, counting iterator)'
    [load_balance_search]='`thrust::upper_bound` of a counting iterator in the offsets'
  )
  declare -A kernels
  for job in "${jobs[@]}"; do
    for library in mgpu thrust; do
      compile -ptx -o "${work}/${library}_${job}.ptx" "${sources}/kernels/${library}_${job}.cu"
      kernels[${library}_${job}]="$(grep -cE '^[[:space:]]*(\.(visible|weak|extern)[[:space:]]+)*\.entry[[:space:]]' \
        "${work}/${library}_${job}.ptx" || true)"
    done
  done

  echo "#### Kernels one call emits: \`nvcc -std=c++17 -arch=${arch} -ptx\`, int, device_vector, \`thrust::device\`"
  echo
  echo "| Call | mgpu kernels | Thrust kernels | Thrust idiom |"
  echo "|---|---:|---:|---|"
  for job in "${jobs[@]}"; do
    echo "| \`mgpu::${job}\` | ${kernels[mgpu_${job}]} | ${kernels[thrust_${job}]} | ${thrust_idiom[${job}]} |"
  done
  echo

  if [ "${list_kernels}" = 1 ]; then
    # cu++filt ships with some toolkits, c++filt with binutils; else mangled.
    demangle="$(dirname "$(command -v "${NVCC}")")/cu++filt"
    [ -x "${demangle}" ] || demangle="$(command -v c++filt || echo cat)"
    for job in "${jobs[@]}"; do
      for library in mgpu thrust; do
        echo "${library}_${job}.cu:"
        grep -E '\.entry[[:space:]]' "${work}/${library}_${job}.ptx" | sed -E 's/.*\.entry[[:space:]]+([^( ]+).*/\1/' |
          "${demangle}" | sed 's/^/    /'
      done
    done
  fi
fi
