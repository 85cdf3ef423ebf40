#!/usr/bin/env bash
# Installs the named Debian/Ubuntu packages with apt-get, as root or through
# non-interactive sudo; where that is impossible, stops and names them.
#   scripts/install_packages.sh PACKAGE...
set -euo pipefail
[ $# -gt 0 ] || exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
else
  as_root=none
fi
if ! command -v apt-get >/dev/null 2>&1 || [ "${as_root[*]}" = none ]; then
  echo "error: missing package(s): $*. They cannot be installed here (that needs apt-get, and root" \
       "or sudo without a password): install them, then run this again." >&2
  exit 1
fi

echo "Installing $* ..."
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null
