#!/usr/bin/env bash
# Benchmarks `switchyard report` against DuckDB computing the same funnel on the same event log.
#
# Usage: run_report_benchmark.sh SWITCHYARD_BINARY EVENTS.jsonl [CONFIG.json]
#
#   SWITCHYARD_BINARY  a release build of switchyard (with the `report` subcommand)
#   EVENTS.jsonl       the log; when it does not exist, it is generated first with
#                      `switchyard simulate --users $USERS` (USERS default 400000: 5.3M events, 1.2 GiB)
#   CONFIG.json        experiments.json holding the experiment's funnel; default $SWITCHYARD_CONFIG, else
#                      ./Configuration/onboarding/experiments.json, else Configuration/onboarding/experiments.json two folders up
#                      from this script. Passed to both sides (`report --config`), so both measure one funnel.
#
# Environment: EXPERIMENT (default onboarding-order), RUNS (default 3; the median is reported), USERS,
#   PYTHON (default python3), MIN_RATIO (when set, e.g. 2: exit 3 if DuckDB/Switchyard is below it).
#
# Each side runs RUNS times, interleaved, under /usr/bin/time -v (wall clock and peak RSS). Switchyard's time
# is the whole process: reading the file, aggregating, rendering the JSON. DuckDB's time is its query alone,
# JSON scan included (duckdb_funnel.py's "seconds": no interpreter start-up, import or connect); its process
# wall time and peak RSS are shown too. The file is read once beforehand so both start with a warm page cache.
# The counts of the last runs are checked with compare_report.py: a mismatch fails the benchmark (exit 1).
# Without the duckdb Python package only the Switchyard side is measured.
set -euo pipefail

usage() {
    echo "usage: $0 SWITCHYARD_BINARY EVENTS.jsonl [CONFIG.json]" >&2
    exit 2
}
if [ "$#" -lt 2 ] || [ "$#" -gt 3 ]; then
    usage
fi
switchyard=$1
events=$2
here=$(cd "$(dirname "$0")" && pwd)
experiment=${EXPERIMENT:-onboarding-order}
runs=${RUNS:-3}
python=${PYTHON:-python3}

config=${3:-${SWITCHYARD_CONFIG:-}}
if [ -z "$config" ]; then
    if [ -f Configuration/onboarding/experiments.json ]; then
        config=Configuration/onboarding/experiments.json
    elif [ -f "$here/../../Configuration/onboarding/experiments.json" ]; then
        config=$here/../../Configuration/onboarding/experiments.json
    else
        echo "$0: no experiments.json found: pass CONFIG.json or set SWITCHYARD_CONFIG" >&2
        exit 2
    fi
fi
[ -x "$switchyard" ] || { echo "$0: $switchyard is not an executable" >&2; exit 2; }
"$switchyard" report --help >/dev/null 2>&1 || {
    echo "$0: $switchyard has no working \`report\` subcommand" >&2
    exit 2
}
[ -f "$config" ] || { echo "$0: no such config: $config" >&2; exit 2; }
if [ ! -e "$events" ]; then
    behavior=$(dirname "$config")/behavior.json
    echo "Generating $events: switchyard simulate --users ${USERS:-400000}"
    "$switchyard" simulate --users "${USERS:-400000}" --config "$config" --behavior "$behavior" --events "$events"
fi
[ -f "$events" ] || { echo "$0: no such events file: $events" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "$0: /usr/bin/time is missing (Debian: apt-get install time)" >&2; exit 2; }
case $runs in '' | *[!0-9]* | 0) echo "$0: RUNS must be a positive integer" >&2; exit 2 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seconds of wall clock in a `/usr/bin/time -v` output ("Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02.50").
wall_seconds() {
    awk -F': ' '/Elapsed \(wall clock\)/ {
        n = split($2, part, ":"); s = 0
        for (i = 1; i <= n; i++) s = s * 60 + part[i]
        printf "%.2f\n", s
    }' "$1"
}
# User + system CPU seconds from a `/usr/bin/time -v` output: steadier than wall time on a busy machine.
cpu_seconds() {
    awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { printf "%.2f\n", s }' "$1"
}
# Peak RSS in MiB from a `/usr/bin/time -v` output.
peak_mib() {
    awk -F': ' '/Maximum resident set size/ { printf "%.1f\n", $2 / 1024 }' "$1"
}
# The median of the numbers on standard input, one a line (the lower middle one for an even count).
median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print v[int((NR + 1) / 2)] }'
}
# Runs a command under /usr/bin/time -v with its output in $work; fails loudly, with its errors, if it fails.
timed() {
    label=$1
    shift
    if ! /usr/bin/time -v -o "$work/time" "$@" >"$work/stdout" 2>"$work/stderr"; then
        echo "$0: $label failed:" >&2
        cat "$work/stderr" >&2
        exit 1
    fi
}

have_duckdb=1
if ! (cd "$here" && "$python" -c 'import duckdb') >/dev/null 2>&1; then
    have_duckdb=0
fi

bytes=$(wc -c <"$events" | tr -d ' ')
lines=$(wc -l <"$events" | tr -d ' ')
cat "$events" >/dev/null # warm the page cache for both sides alike

: >"$work/sy_wall"
: >"$work/sy_rss"
: >"$work/sy_cpu"
: >"$work/db_cpu"
: >"$work/db_query"
: >"$work/db_wall"
: >"$work/db_rss"
i=1
while [ "$i" -le "$runs" ]; do
    timed "switchyard report (run $i)" "$switchyard" report "$events" --experiment "$experiment" \
        --config "$config" --format json --out "$work/report.json"
    wall_seconds "$work/time" >>"$work/sy_wall"
    peak_mib "$work/time" >>"$work/sy_rss"
    cpu_seconds "$work/time" >>"$work/sy_cpu"
    if [ "$have_duckdb" -eq 1 ]; then
        timed "duckdb_funnel.py (run $i)" "$python" "$here/duckdb_funnel.py" "$events" \
            --experiment "$experiment" --config "$config" --threads 2
        cp "$work/stdout" "$work/duckdb.json"
        "$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["seconds"])' "$work/duckdb.json" \
            >>"$work/db_query"
        wall_seconds "$work/time" >>"$work/db_wall"
        peak_mib "$work/time" >>"$work/db_rss"
        cpu_seconds "$work/time" >>"$work/db_cpu"
    fi
    i=$((i + 1))
done

sy_wall=$(median <"$work/sy_wall")
sy_rss=$(median <"$work/sy_rss")
sy_cpu=$(median <"$work/sy_cpu")
echo "Report benchmark: experiment $experiment, config $config, median of $runs runs"
awk -v b="$bytes" -v n="$lines" -v f="$events" 'BEGIN {
    printf "  events file          %s: %.1f MiB, %d events\n", f, b / 1048576, n
    if (n < 5000000) printf "  note                 fewer than 5,000,000 events: too small for the benchmark claim\n"
}'
awk -v s="$sy_wall" -v n="$lines" -v r="$sy_rss" -v c="$sy_cpu" -v all="$(paste -sd ' ' "$work/sy_wall")" 'BEGIN {
    printf "  switchyard report    %.2f s (runs: %s), %.0f events/s, peak RSS %.1f MiB, %.2f s CPU\n", s, all, (s > 0 ? n / s : 0), r, c
}'

status=0
if [ "$have_duckdb" -eq 1 ]; then
    db_query=$(median <"$work/db_query")
    db_wall=$(median <"$work/db_wall")
    db_rss=$(median <"$work/db_rss")
    db_cpu=$(median <"$work/db_cpu")
    duckdb_version=$(cd "$here" && "$python" -c 'import duckdb; print(duckdb.__version__)')
    awk -v q="$db_query" -v w="$db_wall" -v r="$db_rss" -v c="$db_cpu" -v v="$duckdb_version" -v all="$(paste -sd ' ' "$work/db_query")" 'BEGIN {
        printf "  duckdb %-13s %.2f s query (runs: %s), %.2f s process, peak RSS %.1f MiB, %.2f s CPU (process), 2 threads\n", v, q, all, w, r, c
    }'
    ratio=$(awk -v q="$db_query" -v s="$sy_wall" 'BEGIN { printf "%.2f", (s > 0 ? q / s : 0) }')
    echo "  ratio                DuckDB / Switchyard = ${ratio} (2 or more: Switchyard at least twice as fast)"
    if ! "$python" "$here/compare_report.py" "$work/report.json" "$work/duckdb.json" --experiment "$experiment" \
        >"$work/compare" 2>&1; then
        cat "$work/compare" >&2
        echo "$0: the counts differ: the benchmark is void" >&2
        exit 1
    fi
    echo "  counts               identical (users, every step, goal, excluded multi-variant users):"
    sed -n '2,$p' "$work/compare"
    if [ -n "${MIN_RATIO:-}" ] && ! awk -v r="$ratio" -v m="$MIN_RATIO" 'BEGIN { exit !(r >= m) }'; then
        echo "$0: DuckDB / Switchyard is ${ratio}x, below the required ${MIN_RATIO}x" >&2
        status=3
    fi
else
    echo "  duckdb               not measured: the duckdb Python package is not importable by $python (pip install duckdb)"
fi
exit "$status"
