#!/usr/bin/env bash
# Proves "Using Switchyard from your own package" as a team lives it: Examples/Paywall, copied out
# of this repository and depending on it by path, builds without warnings, passes its tests (the
# conformance suite over its registry, its flow specs, its main-actor embedding spec), and its own
# host runs validate, simulate and report from a folder inside the package and from outside it.
# Then, on that built copy, one command adds a third variant: it builds, is listed, validates,
# is simulated and reported, passes the conformance suite; one command removes it again. Hostile
# requests to those commands are refused there as here (check-variant-command-refusals.sh).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }
require() { # require TEXT FILE: FILE must contain TEXT
    grep -q -F -- "$1" "$2" || { echo "FAIL: \"$1\" not in $2:" >&2; cat "$2" >&2; exit 1; }
}

step "Examples/Paywall as a package outside the repository, depending on it by path"
mkdir -p "$work/Paywall"
(cd "$repo/Examples/Paywall" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$work/Paywall")
cd "$work/Paywall"
sed -i "s|.package(name: \"Switchyard\", path: \"../..\")|.package(name: \"Switchyard\", path: \"$repo\")|" Package.swift
require "path: \"$repo\"" Package.swift
host=".build/debug/paywall-switchyard"

step "swift build --build-tests, no warnings in the package's own code"
swift build --build-tests 2>&1 | tee "$work/build.log" | grep -E "error|warning:|Compiling Paywall|Build" || true
if grep -E "^$work/Paywall/(Sources|Tests|Variants)/.*warning:" "$work/build.log"; then
    echo "FAIL: warnings in the example's own code" >&2; exit 1
fi
grep -q "Build complete" "$work/build.log" || { cat "$work/build.log" >&2; exit 1; }

step "swift test"
swift test --skip-build 2>&1 | tee "$work/test.log" | grep -E "✘|Test run" || true
require "Test run with" "$work/test.log"
if grep -q "✘" "$work/test.log"; then echo "FAIL: the example's tests failed" >&2; exit 1; fi

step "its host, from a folder inside the package: variants, validate, simulate, report"
(cd Sources && "../$host" variants) | tee "$work/variants.txt"
require "paywall  purchase-flow  trial-first" "$work/variants.txt"
(cd Sources && "../$host" validate)
(cd Sources && "../$host" simulate --users 20000 --seed 3 --events "$work/paywall.jsonl")
(cd Sources && "../$host" report "$work/paywall.jsonl") > "$work/report.txt"
head -12 "$work/report.txt"
require "Experiment trial-first (control: plans-first)" "$work/report.txt"
require "Verdict: " "$work/report.txt"

step "from outside the package, with SWITCHYARD_CONFIGURATION naming its Configuration/"
(cd "$work" && SWITCHYARD_CONFIGURATION="$work/Paywall/Configuration" "Paywall/$host" validate)

step "hostile requests to the plugins fail and change no file of the team's package"
bash "$repo/Tests/Scripts/check-variant-command-refusals.sh" . paywall purchase-flow plans-first PlansFirst paywall-registry

step "add-variant on the built checkout: a third variant, built, listed, simulated, conforming"
cp Package.swift "$work/Package.before"
swift package --allow-writing-to-package-directory add-variant \
    --app paywall --slot purchase-flow --name yearly-only --summary "Only the yearly plan, then the card" 2>/dev/null
[ -f Variants/YearlyOnly/YearlyOnlyVariant.swift ] || { echo "FAIL: add-variant wrote no Variants/YearlyOnly" >&2; exit 1; }
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
"$host" variants | tee "$work/variants.txt"
require "paywall  purchase-flow  yearly-only            Only the yearly plan, then the card" "$work/variants.txt"
# Seen in simulate at once, before any experiment names it.
"$host" simulate --users 2000 --seed 3 --variant yearly-only --events "$work/yearly.jsonl"
require '"variant":"yearly-only","type":"assignment"' "$work/yearly.jsonl"
python3 - <<'PY'
import json
path = "Configuration/paywall/experiments.json"
config = json.load(open(path))
config["experiments"][0]["variations"].append("yearly-only")
json.dump(config, open(path, "w"), indent=2)
PY
"$host" validate
"$host" simulate --users 20000 --seed 3 --events "$work/three.jsonl" --replace
"$host" report "$work/three.jsonl" > "$work/report.txt"
head -12 "$work/report.txt"
require "yearly-only" "$work/report.txt"
swift test --skip-build 2>&1 | tee "$work/test.log" | grep -E "✘|conforms|Test run" || true
if grep -q "✘" "$work/test.log"; then echo "FAIL: the tests failed with a third variant" >&2; exit 1; fi

step "remove-variant takes it out again"
swift package --allow-writing-to-package-directory remove-variant --name yearly-only 2>/dev/null | tee "$work/removed.txt"
require "Configuration/paywall/experiments.json still names" "$work/removed.txt"
git -C "$repo" show HEAD:Examples/Paywall/Configuration/paywall/experiments.json >Configuration/paywall/experiments.json 2>/dev/null \
    || cp "$repo/Examples/Paywall/Configuration/paywall/experiments.json" Configuration/paywall/experiments.json
swift build >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
if "$host" variants | grep -q yearly-only; then echo "FAIL: the removed variant is still listed" >&2; exit 1; fi
cmp Package.swift "$work/Package.before"
echo
echo "check-example-package: a package outside the repository built on Switchyard, tested, simulated and reported"
echo "its own app; a third variant was added with one command on its built checkout, simulated, and removed"
