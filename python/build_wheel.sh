#!/usr/bin/env bash
# Build the fieldcheck wheel: the Python package with the self-contained binary inside.
#
#   python/build_wheel.sh [BINARY] [OUT_DIR]
#
# BINARY defaults to $FIELDCHECK_BINARY, else .build/dist/fieldcheck (`make dist`); OUT_DIR to
# dist/. Writes dist/fieldcheck-VERSION-py3-none-manylinux_2_36_x86_64.whl and prints its path.
# Needs pip, which fetches the build backend (hatchling) from PyPI the first time.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
binary="${1:-${FIELDCHECK_BINARY:-$repo/.build/dist/fieldcheck}}"
out="${2:-$repo/dist}"
if [ ! -x "$binary" ]; then
    echo "build_wheel.sh: $binary: no fieldcheck binary; run 'make dist' first" >&2
    exit 2
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
mkdir -p "$out"
FIELDCHECK_BINARY="$binary" python3 -m pip wheel --quiet --no-deps --wheel-dir "$out" "$here"
ls -t "$out"/fieldcheck-*.whl | head -1
