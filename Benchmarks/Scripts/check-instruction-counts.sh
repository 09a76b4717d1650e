#!/usr/bin/env bash
# The performance guard: counts the instructions of fixed workloads with valgrind's callgrind and
# fails when any exceeds its threshold in instruction-thresholds.json by more than the tolerance
# written there (`tolerances` overrides it per workload). Instruction counts repeat run to run on
# one toolchain, where timings on a shared machine do not; the report is counted with
# --decoding-threads 0 so that its work does not depend on thread timing (docs/Performance.md, "The guard").
#
#   Benchmarks/Scripts/check-instruction-counts.sh            check every workload
#   Benchmarks/Scripts/check-instruction-counts.sh --update   write the measured counts as thresholds
#   Benchmarks/Scripts/check-instruction-counts.sh --only NAME [--only NAME ...]
#   Benchmarks/Scripts/check-instruction-counts.sh --skip-build
#
# It builds, in release, `switchyard` from the repository root and AssignmentBenchmark from the
# Benchmarks package, refusing warnings in our code (exit 2), and runs from any directory.
#
# Thresholds are kept per toolchain (`instructions` maps the version `swift --version` prints to
# the workloads' thresholds), as a compiler release moves every count. On a toolchain with no
# thresholds the script prints the measured counts, says how to record them, and exits with
# status 3: neither a pass nor a regression, and never silent.
#
# Raise a threshold only in the commit that earns it, saying why; lower it in the commit that
# makes the work cheaper, so the gain is kept. docs/Performance.md explains the workloads.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
scripts="$root/Benchmarks/Scripts"
thresholds="$root/Benchmarks/instruction-thresholds.json"

update=0
build=1
only=()
while [ $# -gt 0 ]; do
    case "$1" in
        --update) update=1 ;;
        --skip-build) build=0 ;;
        --only) shift; only+=("${1:?--only needs a workload name}") ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

if ! command -v valgrind >/dev/null; then
    echo "error: valgrind is not installed (Debian: apt-get install valgrind)" >&2
    exit 2
fi

# Builds one release product, of the root package or (with --package-path) of the Benchmarks package;
# a failed build, or a warning in our code, stops the guard before anything is measured.
build_release() {
    local log
    log=$(mktemp)
    if ! swift build -c release "$@" >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        echo "error: swift build -c release $* failed" >&2
        exit 2
    fi
    if grep -E "^$root/(Sources|Tests|Variants|Plugins|Benchmarks)/.*warning:" "$log" >&2; then
        rm -f "$log"
        echo "error: the release build has warnings in our own code (listed above)" >&2
        exit 2
    fi
    rm -f "$log"
}
if [ "$build" = 1 ]; then
    build_release --product switchyard
    build_release --package-path Benchmarks --product AssignmentBenchmark
fi
switchyard="$(swift build -c release --show-bin-path)/switchyard"
assignment_benchmark="$(swift build -c release --package-path Benchmarks --show-bin-path)/AssignmentBenchmark"
for program in "$switchyard" "$assignment_benchmark"; do
    [ -x "$program" ] || { echo "error: $program is missing; build without --skip-build" >&2; exit 2; }
done

# The toolchain's version, as `swift --version` prints it ("Swift version 6.3.1 (swift-6.3.1-RELEASE)").
toolchain=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1)
[ -n "$toolchain" ] || { echo "error: cannot tell the Swift version from \`swift --version\`" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Swift seeds its hash tables per process unless told otherwise; a fixed seed keeps dictionary
# probing, and so the counts, identical from run to run.
export SWIFT_DETERMINISTIC_HASHING=1

selected() {
    [ ${#only[@]} -eq 0 ] && return 0
    local name
    for name in "${only[@]}"; do [ "$name" = "$1" ] && return 0; done
    return 1
}

# Runs a command under callgrind and prints its instruction count.
count() {
    local out="$work/callgrind.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >"$work/stdout" 2>"$work/stderr" || {
        echo "error: the workload failed: $*" >&2
        tail -20 "$work/stderr" >&2
        if grep -q "the 'impossible' happened" "$work/stderr"; then
            echo "note: valgrind crashed inside the program, not the workload: valgrind 3.19 cannot follow a" >&2
            echo "      Swift async main (dispatchMain's signal thread); the workload needs a synchronous main" >&2
        fi
        exit 2
    }
    awk '/^summary:/ { print $2 }' "$out"
}

declare -A measured
if selected simulate-onboarding-10k-users; then
    echo "== simulate-onboarding-10k-users: switchyard simulate, 10,000 users of the onboarding app, one job"
    measured[simulate-onboarding-10k-users]=$(count "$switchyard" simulate --app onboarding --users 10000 --jobs 1 \
        --events "$work/simulate-onboarding.jsonl")
fi
if selected simulate-checkout-10k-users; then
    echo "== simulate-checkout-10k-users: switchyard simulate, 10,000 users of the checkout app, one job"
    measured[simulate-checkout-10k-users]=$(count "$switchyard" simulate --app checkout --users 10000 --jobs 1 \
        --events "$work/simulate-checkout.jsonl")
fi
if selected report-generated-log; then
    echo "== report-generated-log: report --format json over a fixed generated log (10,000 users)"
    python3 "$scripts/gen_events.py" "$work/log.jsonl" --users 10000 --seed 1 >/dev/null
    measured[report-generated-log]=$(count "$switchyard" report "$work/log.jsonl" \
        --config "$root/Configuration/onboarding/experiments.json" --format json --decoding-threads 0 --out "$work/report.json")
fi
if selected report-defined-metrics; then
    echo "== report-defined-metrics: the same report with eight defined metrics, two of each kind that compares"
    [ -f "$work/log.jsonl" ] || python3 "$scripts/gen_events.py" "$work/log.jsonl" --users 10000 --seed 1 >/dev/null
    measured[report-defined-metrics]=$(count "$switchyard" report "$work/log.jsonl" \
        --config "$scripts/defined-metrics-experiments.json" --format json --decoding-threads 0 --out "$work/report-metrics.json")
fi
if selected report-cuped-returning-checkout; then
    echo "== report-cuped-returning-checkout: report --format json with CUPED over 14 days, 5,000 returning shoppers (simulated, one job)"
    "$switchyard" simulate --app checkout --users 5000 --seed 2 --jobs 1 --events "$work/returning.jsonl" \
        --config "$root/Configuration/checkout/returning/experiments.json" \
        --behavior "$root/Configuration/checkout/returning/behavior.json" >/dev/null
    measured[report-cuped-returning-checkout]=$(count "$switchyard" report "$work/returning.jsonl" \
        --config "$root/Configuration/checkout/returning/experiments.json" --format json --decoding-threads 0 --top-paths 0 \
        --out "$work/report-cuped.json")
fi
if selected assign-1m; then
    echo "== assign-1m: 1,000,000 assignments to a two-variation experiment"
    measured[assign-1m]=$(count "$assignment_benchmark" --assignments 1000000 --count-only)
fi
if selected conditions-100k; then
    echo "== conditions-100k: 100,000 evaluations of a targeting condition mix, 100 of \$notRegex \"(a+)+\$\" on 10,001 characters"
    measured[conditions-100k]=$(count "$assignment_benchmark" --conditions --count-only --evaluations 100000)
fi

results="$work/measured.txt"
: >"$results"
for name in "${!measured[@]}"; do echo "$name ${measured[$name]}" >>"$results"; done

python3 - "$thresholds" "$results" "$update" "$toolchain" <<'PY'
import json, sys

path, results, update, toolchain = sys.argv[1], sys.argv[2], sys.argv[3] == "1", sys.argv[4]
with open(path) as handle:
    document = json.load(handle)
tolerance = document["tolerance"]
# Thresholds by toolchain version, then workload.
recorded = ", ".join(sorted(document["instructions"])) or "none"
known_toolchain = toolchain in document["instructions"]
limits = document["instructions"].setdefault(toolchain, {})
measured = {}
with open(results) as handle:
    for line in handle:
        name, value = line.split()
        measured[name] = int(value)

if update:
    limits.update(measured)
    document["instructions"][toolchain] = dict(sorted(limits.items()))
    document["instructions"] = dict(sorted(document["instructions"].items()))
    with open(path, "w") as handle:
        json.dump(document, handle, indent=2)
        handle.write("\n")
    for name, value in sorted(measured.items()):
        print(f"{name}: threshold for Swift {toolchain} set to {value:,} instructions")
    sys.exit(0)

if not known_toolchain:
    print(f"No thresholds for Swift {toolchain} (recorded: {recorded}); this toolchain's counts:")
    for name, value in sorted(measured.items()):
        print(f"  {name:34} {value:>15,}")
    print("Record them with --update, from a build of the main branch, and commit them.")
    sys.exit(3)

# A workload whose count moves between builds of the same source has its own, wider tolerance.
tolerances = document.get("tolerances", {})
failed = False
print(f"{'workload':34} {'threshold':>15} {'measured':>15} {'change':>8}")
for name, value in sorted(measured.items()):
    if name not in limits:
        print(f"{name:34} {'(none)':>15} {value:>15,}   no threshold for Swift {toolchain}: run with --update and commit it")
        failed = True
        continue
    change = value / limits[name] - 1
    allowed = tolerances.get(name, tolerance)
    verdict = "ok"
    if change > allowed:
        verdict = f"FAIL: more than {allowed:.0%} over the threshold"
        failed = True
    elif change < -allowed:
        verdict = "ok, cheaper: lower the threshold (--update) to keep the gain"
    print(f"{name:34} {limits[name]:>15,} {value:>15,} {change:>+8.2%}  {verdict}")
sys.exit(1 if failed else 0)
PY
