#!/usr/bin/env bash
# Benchmarks `switchyard simulate` end to end: sessions/s, events/s and peak memory for growing
# populations, to show throughput and that memory stays flat in the number of users, with the app's
# behaviour model and, for the onboarding app, with a hostile one beside it
# (Benchmarks/Scripts/hostile-behavior.json: every session loops until the simulation stops it at its
# event limit; run for a fiftieth of the users, which already makes ten times the events).
#
# Usage: run_simulation_benchmark.sh SWITCHYARD_BINARY [USERS...]   (default: 100000 1000000)
#   APP=NAME           the app to simulate, with Configuration/NAME/ (default onboarding)
#   BEHAVIOR=PATH      another behaviour model in place of Configuration/NAME/behavior.json
#   HOSTILE=PATH       the hostile model (default Benchmarks/Scripts/hostile-behavior.json for onboarding,
#                      none for other apps; HOSTILE= runs none)
#   RUNS=N             runs of each size (default 1)
#   BASELINE="BINARY..." also run other builds (an earlier commit's, say), alternating with this
#                      one so all see the same machine; builds from before --app existed are given the
#                      same config without its "app" key
#   SAME_LOG=0         do not require every build to write the same log (when the log format changed)
# Run from the repository root (it uses Configuration/). Needs /usr/bin/time (Debian: time).
set -euo pipefail
[ "$#" -ge 1 ] || { echo "usage: $0 SWITCHYARD_BINARY [USERS...]" >&2; exit 2; }
switchyard=$1
shift
sizes=("$@")
[ "${#sizes[@]}" -gt 0 ] || sizes=(100000 1000000)
runs=${RUNS:-1}
baseline=${BASELINE:-}
app=${APP:-onboarding}
bundled=${BEHAVIOR:-Configuration/$app/behavior.json}
default_hostile=""
[ "$app" = onboarding ] && default_hostile=Benchmarks/Scripts/hostile-behavior.json
hostile=${HOSTILE-$default_hostile}
same_log=${SAME_LOG:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c.pop("app", None); json.dump(c, open(sys.argv[2], "w"))' \
    "Configuration/$app/experiments.json" "$work/experiments.json"

# The options that make BINARY simulate the app: --app where the build has it.
app_options() {
    if "$1" simulate --help 2>/dev/null | grep -q -- "--app <name>"; then echo "--app $app"; fi
}

builds=(this)
binaries=("$switchyard")
read -r -a baselines <<<"$baseline"
for index in "${!baselines[@]}"; do
    builds+=("baseline$((index + 1))")
    binaries+=("${baselines[$index]}")
done
[ "${#baselines[@]}" -eq 1 ] && builds[1]=baseline

models=(bundled)
[ -n "$hostile" ] && models+=(hostile)
echo "app $app"
printf '%-9s %-8s %-10s %10s %12s %14s %10s %12s\n' build model users seconds sessions/s events/s "peak MiB" "CPU s/M ev"
for model in "${models[@]}"; do
  behavior=$bundled
  [ "$model" = hostile ] && behavior=$hostile
  for size in "${sizes[@]}"; do
    users=$size
    [ "$model" = hostile ] && users=$(( size / 50 ))
    for run in $(seq "$runs"); do
        for index in "${!builds[@]}"; do
            build=${builds[$index]}
            binary=${binaries[$index]}
            # shellcheck disable=SC2046 # app_options is empty or two words
            /usr/bin/time -f "%e %U %S %M" -o "$work/time" \
                "$binary" simulate $(app_options "$binary") --config "$work/experiments.json" --behavior "$behavior" \
                --users "$users" --events "$work/$build.jsonl" --replace >"$work/out"
            read -r wall user sys rss <"$work/time"
            events=$(wc -l <"$work/$build.jsonl")
            awk -v b="$build" -v m="$model" -v u="$users" -v e="$events" -v w="$wall" -v cu="$user" -v cs="$sys" -v r="$rss" 'BEGIN {
                printf "%-9s %-8s %-10d %10.2f %12.0f %14.0f %10.1f %12.2f\n", b, m, u, w, u / w, e / w, r / 1024, (cu + cs) / (e / 1e6)
            }'
        done
        if [ "$same_log" = 1 ]; then
            for build in "${builds[@]:1}"; do
                if ! cmp -s "$work/this.jsonl" "$work/$build.jsonl"; then
                    echo "$build wrote a different log from this build for $users users (SAME_LOG=0 allows it)" >&2
                    exit 1
                fi
            done
        fi
        rm -f "$work"/*.jsonl
    done
  done
done
