#!/usr/bin/env bash
# Soak: four `simulate --append` processes write one log while `report` reads the same log in a loop.
# Passes when every report succeeds and the final log parses whole: every line an event, every session
# started once and ended once (completed or abandoned), no session id in two runs. Blank lines, which the
# reader ignores, are counted apart.
#
#   Tests/Scripts/soak.sh [--minutes M] [--users N] [--binary PATH] [--log PATH]
#
#   --minutes M   how long the writers run (default 10)
#   --users N     users per `simulate --append` run; each writer runs again and again (default 300)
#   --binary P    the switchyard executable (default .build/release/switchyard)
#   --log P       the log to write (default: a new file in a temporary directory, removed afterwards)
#
# Needs python3 for the final check. Prints one summary block; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."

minutes=10
users=300
binary=.build/release/switchyard
log=""
while [ $# -gt 0 ]; do
    case "$1" in
        --minutes) minutes="$2"; shift 2 ;;
        --users) users="$2"; shift 2 ;;
        --binary) binary="$2"; shift 2 ;;
        --log) log="$2"; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -x "$binary" ] || { echo "error: $binary is not an executable (build it with swift build -c release)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
[ -n "$log" ] || log="$work/soak.jsonl"
: > "$log"
deadline=$(( $(date +%s) + minutes * 60 ))
config=Configuration/experiments.json
behavior=Configuration/behavior.json

writer() {
    local id="$1" round=0
    while [ "$(date +%s)" -lt "$deadline" ]; do
        round=$((round + 1))
        # A seed of its own per run, so that no two runs write the same session ids.
        if ! "$binary" simulate --append --users "$users" --seed $((id * 1000000 + round)) --jobs 1 \
            --config "$config" --behavior "$behavior" --events "$log" > /dev/null 2> "$work/writer-$id.err"; then
            echo "writer $id run $round failed: $(cat "$work/writer-$id.err")" >> "$work/failures"
        fi
        echo "$round" > "$work/writer-$id.rounds"
    done
}

for id in 1 2 3 4; do writer "$id" & done

reports=0
failed=0
noted=0
started=$(date +%s)
while [ "$(date +%s)" -lt "$deadline" ]; do
    reports=$((reports + 1))
    if "$binary" report "$log" --config "$config" > "$work/report.out" 2> "$work/report.err"; then
        grep -q '^note: .*skipped' "$work/report.out" && noted=$((noted + 1))
    else
        failed=$((failed + 1))
        echo "report $reports failed: $(cat "$work/report.err")" >> "$work/failures"
    fi
done
wait
elapsed=$(( $(date +%s) - started ))
runs=0
for id in 1 2 3 4; do runs=$(( runs + $(cat "$work/writer-$id.rounds" 2>/dev/null || echo 0) )); done

final_status=0
"$binary" report "$log" --config "$config" > "$work/final.out" 2> "$work/final.err" || final_status=$?
check=$(python3 - "$log" <<'PY'
import json, sys
starts, ends, lines, bad, blank = {}, {}, 0, 0, 0
with open(sys.argv[1], "rb") as log:
    for raw in log:
        lines += 1
        if not raw.strip():
            # Ignored by the reader: a writer that opened the log while another's write was under way saw a
            # line cut short and ended it, after that write completed.
            blank += 1
            continue
        try:
            event = json.loads(raw)
        except ValueError:
            bad += 1
            if bad <= 3:
                print(f"unparsable line {lines}: {raw[:200]!r}", file=sys.stderr)
            continue
        if event["type"] == "session_started":
            starts[event["session"]] = starts.get(event["session"], 0) + 1
        elif event["type"] in ("flow_completed", "flow_abandoned"):
            ends[event["session"]] = ends.get(event["session"], 0) + 1
whole = sum(1 for s, n in starts.items() if n == 1 and ends.get(s) == 1)
print(f"{lines} {bad} {blank} {len(starts)} {whole} {len(set(ends) - set(starts))}")
PY
)
read -r lines bad blank sessions whole orphans <<< "$check"
size=$(du -m "$log" | cut -f1)

echo "soak: $minutes min, 4 writers x simulate --append --users $users, report in a loop"
echo "  writer runs:      $runs"
echo "  reports:          $reports in ${elapsed} s, $failed failed, $noted noted skipped lines (a write in progress)"
echo "  final log:        $lines lines, ${size} MiB, $bad unparsable, $blank blank, $sessions sessions, $whole whole, $orphans ends without a start"
echo "  final report:     exit $final_status$(grep -q '^note: .*skipped' "$work/final.out" && echo ', with skipped lines' || true)"
if [ -s "$work/failures" ]; then
    echo "failures:"
    head -20 "$work/failures"
fi
[ "$failed" -eq 0 ] && [ "$final_status" -eq 0 ] && [ "$bad" -eq 0 ] && [ "$sessions" -eq "$whole" ] && [ "$orphans" -eq 0 ] \
    && [ ! -s "$work/failures" ] && ! grep -q '^note: .*skipped' "$work/final.out"
