#!/usr/bin/env bash
# Benchmarks `switchyard simulate` end to end: sessions/s, events/s and peak memory for growing
# populations, to show throughput and that memory stays flat in the number of users.
#
# Usage: run_simulation_benchmark.sh SWITCHYARD_BINARY [USERS...]   (default: 100000 1000000)
# Run from the repository root (it uses Configuration/). Needs /usr/bin/time (Debian: time).
set -euo pipefail
[ "$#" -ge 1 ] || { echo "usage: $0 SWITCHYARD_BINARY [USERS...]" >&2; exit 2; }
switchyard=$1
shift
sizes=("$@")
[ "${#sizes[@]}" -gt 0 ] || sizes=(100000 1000000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

printf '%-10s %10s %12s %14s %10s %12s\n' users seconds sessions/s events/s "peak MiB" "CPU s/M ev"
for users in "${sizes[@]}"; do
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
        "$switchyard" simulate --users "$users" --events "$work/log.jsonl" --replace >"$work/out"
    read -r wall user sys rss <"$work/time"
    events=$(wc -l <"$work/log.jsonl")
    awk -v u="$users" -v e="$events" -v w="$wall" -v cu="$user" -v cs="$sys" -v r="$rss" 'BEGIN {
        printf "%-10d %10.2f %12.0f %14.0f %10.1f %12.2f\n", u, w, u / w, e / w, r / 1024, (cu + cs) / (e / 1e6)
    }'
    rm -f "$work/log.jsonl"
done
