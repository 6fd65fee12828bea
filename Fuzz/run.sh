#!/usr/bin/env bash
# Builds fieldcheck's fuzz targets with libFuzzer (-sanitize=fuzzer) and runs each for a
# bounded time: ./Fuzz/run.sh [seconds per target, default 60] [target ...].
# FUZZ_CONFIGURATION=debug builds without optimization (about half the build time, a fifth of
# the inputs a second: what CI's 15-second smoke run uses); FUZZ_JOBS=N runs N targets at once
# (one a core: -timeout counts wall-clock time); FUZZ_BUILD_ONLY=1 builds and stops (CI builds
# while its Python step downloads, then runs).
# A crash, a property violation (a fatalError in the target), an input that takes over 1 s
# or a run over 256 MB fails the script; what failed is kept in Fuzz/artifacts/ (not in git).
# The committed seed corpus in Fuzz/corpus/<target>/ is copied, not changed: new inputs
# libFuzzer finds go to Fuzz/.work/.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(FuzzNumber FuzzDate FuzzText FuzzCSV FuzzSchema); fi
configuration="${FUZZ_CONFIGURATION:-release}"
jobs="${FUZZ_JOBS:-1}"

mkdir -p artifacts .work
# An incremental -sanitize=fuzzer build after the library's sources changed has linked
# targets that jump to a wrong address in FieldValidator's initializer on the first input
# (seen twice); a clean build of the same sources runs. Build from scratch whenever a
# source is newer than the last build.
if [ -e .build/fuzz-stamp ] && [ -n "$(find ../Sources Sources ../Package.swift Package.swift -newer .build/fuzz-stamp -print -quit)" ]; then
    rm -rf .build
fi
# A build that fails must fail the script here, not leave an older binary to be run.
if ! swift build -c "$configuration" -Xswiftc -sanitize=fuzzer > .work/build.log 2>&1; then
    grep -E "error" .work/build.log | head -20 >&2
    echo "fuzz: the build failed; the log is in Fuzz/.work/build.log" >&2
    exit 1
fi
grep -E "warning:|Build complete" .work/build.log || true
touch .build/fuzz-stamp
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then exit 0; fi
bin="$(swift build -c "$configuration" -Xswiftc -sanitize=fuzzer --show-bin-path)"

# One target's run; its verdict goes to .work/<target>.status, read once every run has ended.
run_target() {
    local target="$1" work=".work/$1"
    mkdir -p "$work"
    cp -n "corpus/$target/"* "$work/" 2>/dev/null || true
    if ! "$bin/$target" "$work" -max_total_time="$seconds" -timeout=1 -rss_limit_mb=256 -max_len=4096 \
        -artifact_prefix="artifacts/$target-" -print_final_stats=1 > ".work/$target.log" 2>&1; then
        echo "fuzz: $target FAILED; the input is in Fuzz/artifacts/, the log in Fuzz/.work/$target.log" >&2
        grep -E "ERROR|property violated|Fatal error|deadly signal|timeout|out-of-memory" ".work/$target.log" | head -5 >&2
        echo 1 > ".work/$target.status"
    else
        grep -E "stat::number_of_executed_units|cov: " ".work/$target.log" | tail -2 | sed "s/^/fuzz: $target: /" || true
        echo 0 > ".work/$target.status"
    fi
}

for target in "${targets[@]}"; do
    rm -f ".work/$target.status"
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    echo "fuzz: $target for ${seconds}s ($configuration)"
    run_target "$target" &
done
wait
status=0
for target in "${targets[@]}"; do
    if [ "$(cat ".work/$target.status" 2>/dev/null)" != 0 ]; then status=1; fi
done
exit $status
