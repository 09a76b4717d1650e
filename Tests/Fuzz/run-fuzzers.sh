#!/usr/bin/env bash
# Builds the libFuzzer targets (Tests/Fuzz/Targets) and runs each for a bounded number of executions and time,
# then prints one summary line per target. Exits non-zero when any target found a crash, a hang or an OOM.
#
#   Tests/Fuzz/run-fuzzers.sh [--runs N] [--seconds S] [--address] [--build-only] [TARGET...]
#
#   TARGET       config, condition, event-lines, behavior-model, gzip, report (default: all six, one after the other)
#   --runs N     executions per target (default 10,000,000)
#   --seconds S  wall-clock cap per target (default 3,600)
#   --address    also instrument with AddressSanitizer (slower; catches out-of-bounds reads in unsafe code)
#   --build-only build the targets and stop
#
# Everything the run writes goes under $FUZZ_WORK (default .build-fuzz-work): corpus/<target> (what libFuzzer
# learnt, reused by the next run), crashes/<target> (crash-*, timeout-*, oom-* inputs) and logs/<target>.log.
# A found input belongs in Tests/Fuzz/Regressions/<target>/ once fixed: FuzzRegressionTests replays it.
# Needs a Swift toolchain with libFuzzer (the Linux toolchains have it) and no network beyond resolving packages.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=10000000
seconds=3600
address=false
build_only=false
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --seconds) seconds="$2"; shift 2 ;;
        --address) address=true; shift ;;
        --build-only) build_only=true; shift ;;
        -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=(config condition event-lines behavior-model gzip report)

product_of() {
    case "$1" in
        config) echo FuzzConfig ;;
        condition) echo FuzzCondition ;;
        event-lines) echo FuzzEventLines ;;
        behavior-model) echo FuzzBehaviorModel ;;
        gzip) echo FuzzGzipReader ;;
        report) echo FuzzReport ;;
        *) echo "unknown target: $1 (expected config, condition, event-lines, behavior-model, gzip or report)" >&2; exit 2 ;;
    esac
}

# Longest input libFuzzer generates: enough for a small configuration or a few event lines, small enough to keep
# executions fast. The 10 MB cases are specs in the test suites instead. A gzip input of 4 KiB can still inflate
# to megabytes; a report program of 2 KiB writes up to about 500 events over its three logs.
max_len_of() {
    case "$1" in
        condition|gzip) echo 4096 ;;
        report) echo 2048 ;;
        *) echo 8192 ;;
    esac
}

# Files outside Tests/Fuzz/Seeds that make good starting points.
extra_seeds_of() {
    case "$1" in
        config) echo Configuration/onboarding/experiments.json ;;
        behavior-model) echo Configuration/onboarding/behavior.json ;;
    esac
}

work="${FUZZ_WORK:-.build-fuzz-work}"
sanitize=(--sanitize fuzzer)
scratch=.build-fuzz
if $address; then
    sanitize+=(--sanitize address)
    scratch=.build-fuzz-address
fi
mkdir -p "$work/logs"

for target in "${targets[@]}"; do
    product="$(product_of "$target")"
    log="$work/logs/build-$product.log"
    start=$(date +%s)
    # SWITCHYARD_FUZZ=1 makes Package.swift declare the fuzz targets. The plugin tool may print compile errors
    # here (it is not built for fuzzing and no fuzz target needs it); only the exit status matters.
    if ! SWITCHYARD_FUZZ=1 swift build -c release --scratch-path "$scratch" "${sanitize[@]}" --product "$product" >"$log" 2>&1; then
        cat "$log" >&2
        echo "error: building $product failed (log: $log)" >&2
        exit 1
    fi
    echo "built $product in $(( $(date +%s) - start )) s"
done
$build_only && exit 0

bin="$(SWITCHYARD_FUZZ=1 swift build -c release --scratch-path "$scratch" "${sanitize[@]}" --show-bin-path)"
summary=()
found_total=0
for target in "${targets[@]}"; do
    product="$(product_of "$target")"
    corpus="$work/corpus/$target"
    seeds="$work/seeds/$target"
    crashes="$work/crashes/$target"
    log="$work/logs/$target.log"
    mkdir -p "$corpus" "$crashes"
    rm -rf "$seeds" && mkdir -p "$seeds"
    for file in Tests/Fuzz/Seeds/"$target"/* Tests/Fuzz/Regressions/"$target"/* $(extra_seeds_of "$target"); do
        [ -f "$file" ] && cp "$file" "$seeds/"
    done
    before=$(find "$crashes" -type f | wc -l)
    echo "== fuzzing $target: up to $runs executions or $seconds s (log: $log)"
    start=$(date +%s.%N)
    status=0
    # The Swift runtime's backtracer would take over crash signals that libFuzzer must see to save the input.
    SWIFT_BACKTRACE=enable=no "$bin/$product" \
        -runs="$runs" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len_of "$target")" \
        -dict="Tests/Fuzz/Dictionaries/$target.dict" -artifact_prefix="$crashes/" -print_final_stats=1 \
        "$corpus" "$seeds" >"$log" 2>&1 || status=$?
    elapsed=$(awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { printf "%.1f", end - start }')
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ -z "$executions" ]; then
        # A crash ends the run before the final statistics; the last status line still counts executions.
        executions=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#')
    fi
    executions=${executions:-0}
    found=$(( $(find "$crashes" -type f | wc -l) - before ))
    found_total=$(( found_total + found ))
    rate=$(awk -v n="$executions" -v s="$elapsed" 'BEGIN { printf "%.0f", (s > 0) ? n / s : 0 }')
    summary+=("$(printf '%-16s %14s %10.0f %10s %8s %s' "$target" "$executions" "$elapsed" "$rate" "$found" \
        "$([ "$status" -ne 0 ] && echo "stopped with status $status: see $log and $crashes")")")
done

echo
printf '%-16s %14s %10s %10s %8s\n' target executions seconds exec/s found
for line in "${summary[@]}"; do echo "$line"; done
[ "$found_total" -eq 0 ]
