#!/usr/bin/env bash
# The same report three ways, side by side in one run: native `switchyard report`, and the query of
# `switchyard sql` in DuckDB, ClickHouse (chDB, in process) and Spark (local mode), each followed by
# `report --counts`. DuckDB and chDB query the same JSON Lines file; Spark reads it into a cached view
# first, its start-up (JVM and session) and that load reported apart from its query. Engine query times are
# the query alone (no interpreter start-up or import); the native time is the whole `report` process.
#
# Usage: run_warehouse_benchmark.sh SWITCHYARD_BINARY EVENTS.jsonl [CONFIG.json]
#
#   SWITCHYARD_BINARY  a release build of switchyard
#   EVENTS.jsonl       the log; generated first when missing with `simulate --users $USERS`
#                      (USERS default 400000: about 5.2 M events, 1.2 GiB)
#   CONFIG.json        default Configuration/onboarding/experiments.json
#
# Environment: USERS, ENGINES (default "duckdb clickhouse spark"), PYTHON (default python3).
# Every engine's counts report must equal the native JSON report but for `inputs` and the reader's notes:
# a mismatch fails the benchmark (exit 1). An engine whose Python package is missing is skipped, saying so.
set -euo pipefail

if [ "$#" -lt 2 ] || [ "$#" -gt 3 ]; then
    echo "usage: $0 SWITCHYARD_BINARY EVENTS.jsonl [CONFIG.json]" >&2
    exit 2
fi
switchyard=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
events=$2
config=${3:-Configuration/onboarding/experiments.json}
config=$(cd "$(dirname "$config")" && pwd)/$(basename "$config")
here=$(cd "$(dirname "$0")" && pwd)
runner="$here/../../Tests/Warehouse/run_query.py"
python=${PYTHON:-python3}
engines=${ENGINES:-duckdb clickhouse spark}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -f "$events" ]; then
    echo "== simulating ${USERS:-400000} users into $events"
    "$switchyard" simulate --users "${USERS:-400000}" --config "$config" --events "$events" >/dev/null
fi
absolute_events=$(cd "$(dirname "$events")" && pwd)/$(basename "$events")
lines=$(wc -l < "$absolute_events")
size=$(du -h "$absolute_events" | cut -f1)
echo "== $lines events, $size: $absolute_events"
cat "$absolute_events" > /dev/null   # warm the page cache for every reader alike

seconds() { "$python" -c 'import sys, time; print(f"{time.time():.3f}")'; }

start=$(seconds)
"$switchyard" report "$absolute_events" --config "$config" --format json > "$work/native.json"
native=$("$python" -c "print(f'{$(seconds) - $start:.2f}')")
# What the counts report must read: its input named, and without the reader's notes.
"$python" - "$work/native.json" "$absolute_events" > "$work/expected.json" <<'PY'
import sys
text = open(sys.argv[1]).read()
lines = [l for l in text.split("\n") if "arrived out of time order" not in l and "truncated last line" not in l]
print("\n".join(lines).replace('"' + sys.argv[2] + '"', '"COUNTS"'), end="")
PY

printf '\n%-32s %12s %12s %12s %14s\n' "" "query (s)" "startup (s)" "load (s)" "counts report"
printf '%-32s %12s %12s %12s %14s\n' "switchyard report (native)" "$native" "-" "-" "-"
status=0
for engine in $engines; do
    # DuckDB and chDB query the file itself; Spark first reads it into a cached view (its load time is shown
    # apart), since its query would otherwise parse the JSON again for every scan of the events.
    if [ "$engine" = spark ]; then
        source=(--table events)
        load=(--table-from "$absolute_events")
    else
        source=(--files "$absolute_events")
        load=()
    fi
    "$switchyard" sql --engine "$engine" --config "$config" "${source[@]}" > "$work/$engine.sql"
    if ! "$python" "$runner" "$engine" "$work/$engine.sql" "$work/$engine.csv" "${load[@]}" > "$work/$engine.out" 2> "$work/$engine.err"; then
        printf '%-32s %s\n' "$engine" "failed: $(tail -1 "$work/$engine.err")"
        status=1
        continue
    fi
    query=$(sed -n 's/^query_seconds=//p' "$work/$engine.out")
    startup=$(sed -n 's/^startup_seconds=//p' "$work/$engine.out")
    loading=$(sed -n 's/^load_seconds=//p' "$work/$engine.out")
    (cd "$work" && "$switchyard" report --counts "$engine.csv" --config "$config" --format json) \
        | sed "s|\"$engine.csv\"|\"COUNTS\"|" > "$work/$engine.json"
    if cmp -s "$work/$engine.json" "$work/expected.json"; then verdict="identical"; else verdict="DIFFERS"; status=1; fi
    printf '%-32s %12s %12s %12s %14s\n' "$engine" "$query" "${startup:--}" "${loading:--}" "$verdict"
done
exit $status
