#!/usr/bin/env bash
# Builds mgpu's tests and demo and runs the tests (`cmake --workflow --preset
# test`), first installing what the tests need and the machine lacks:
# Ninja (ninja-build) and doctest (doctest-dev).
set -euo pipefail
cd "$(dirname "$0")/.."

# The CUDA Toolkit's usual home, for machines that have not put nvcc on PATH.
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH="/usr/local/cuda/bin:${PATH}"
fi

has_header() { echo "#include <$1>" | "${CXX:-c++}" -std=c++17 -x c++ -fsyntax-only - >/dev/null 2>&1; }
missing=()
command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
has_header doctest/doctest.h || missing+=(doctest-dev)
scripts/install_packages.sh ${missing[@]+"${missing[@]}"}

cmake --workflow --preset test
