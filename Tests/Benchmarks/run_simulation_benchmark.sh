#!/usr/bin/env bash
# Benchmarks `switchyard simulate` end to end: sessions/s, events/s and peak memory for growing
# populations, to show throughput and that memory stays flat in the number of users, with the bundled
# behaviour model and with a hostile one beside it (Tests/Benchmarks/hostile-behavior.json: every session
# loops until the simulation stops it at its event limit; run for a fiftieth of the users, which already
# makes ten times the events).
#
# Usage: run_simulation_benchmark.sh SWITCHYARD_BINARY [USERS...]   (default: 100000 1000000)
#   RUNS=N             runs of each size (default 1)
#   BASELINE="BINARY..." also run other builds (an earlier commit's, say), alternating with this
#                      one so all see the same machine, and check all write the same log
# Run from the repository root (it uses Configuration/). Needs /usr/bin/time (Debian: time).
set -euo pipefail
[ "$#" -ge 1 ] || { echo "usage: $0 SWITCHYARD_BINARY [USERS...]" >&2; exit 2; }
switchyard=$1
shift
sizes=("$@")
[ "${#sizes[@]}" -gt 0 ] || sizes=(100000 1000000)
runs=${RUNS:-1}
baseline=${BASELINE:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

builds=(this)
binaries=("$switchyard")
read -r -a baselines <<<"$baseline"
for index in "${!baselines[@]}"; do
    builds+=("baseline$((index + 1))")
    binaries+=("${baselines[$index]}")
done
[ "${#baselines[@]}" -eq 1 ] && builds[1]=baseline

printf '%-9s %-8s %-10s %10s %12s %14s %10s %12s\n' build model users seconds sessions/s events/s "peak MiB" "CPU s/M ev"
for model in bundled hostile; do
  behavior=Configuration/behavior.json
  [ "$model" = hostile ] && behavior=Tests/Benchmarks/hostile-behavior.json
  for size in "${sizes[@]}"; do
    users=$size
    [ "$model" = hostile ] && users=$(( size / 50 ))
    for run in $(seq "$runs"); do
        for index in "${!builds[@]}"; do
            build=${builds[$index]}
            binary=${binaries[$index]}
            /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
                "$binary" simulate --users "$users" --behavior "$behavior" --events "$work/$build.jsonl" --replace >"$work/out"
            read -r wall user sys rss <"$work/time"
            events=$(wc -l <"$work/$build.jsonl")
            awk -v b="$build" -v m="$model" -v u="$users" -v e="$events" -v w="$wall" -v cu="$user" -v cs="$sys" -v r="$rss" 'BEGIN {
                printf "%-9s %-8s %-10d %10.2f %12.0f %14.0f %10.1f %12.2f\n", b, m, u, w, u / w, e / w, r / 1024, (cu + cs) / (e / 1e6)
            }'
        done
        for build in "${builds[@]:1}"; do
            if ! cmp -s "$work/this.jsonl" "$work/$build.jsonl"; then
                echo "$build wrote a different log from this build for $users users" >&2
                exit 1
            fi
        done
        rm -f "$work"/*.jsonl
    done
  done
done
