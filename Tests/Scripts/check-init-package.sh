#!/usr/bin/env bash
# Proves "from nothing to a team's package in one command": `switchyard init` writes a package into a
# new folder outside this repository, beside a link to it (the layout VariantKit's article "Using
# Switchyard from your own package" shows, whose manifest must be the one written, byte for byte).
# With no edit, the package builds without warnings, passes its tests (the conformance suite over its
# registry, its flows, its main-actor embedding spec), and its host runs variants, validate, simulate,
# report and map at once. Then add-variant adds a third variant to the built package, which builds,
# is listed, simulated, and passes the tests.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }
require() { # require TEXT FILE: FILE must contain TEXT
    grep -q -F -- "$1" "$2" || { echo "FAIL: \"$1\" not in $2:" >&2; cat "$2" >&2; exit 1; }
}

step "switchyard init my-flows --app my-app --switchyard-path switchyard, outside the repository"
(cd "$repo" && swift build --product switchyard >"$work/switchyard-build.log" 2>&1) || { cat "$work/switchyard-build.log" >&2; exit 1; }
switchyard="$(cd "$repo" && swift build --product switchyard --show-bin-path)/switchyard"
ln -s "$repo" "$work/switchyard"
(cd "$work" && "$switchyard" init my-flows --app my-app --switchyard-path switchyard) | tee "$work/init.txt"
require "swift run my-flows-switchyard simulate" "$work/init.txt"
cd "$work/my-flows"
host=".build/debug/my-flows-switchyard"

step "the manifest is, byte for byte, the one the article shows"
python3 - "$repo/Sources/VariantKit/VariantKit.docc/UsingSwitchyardFromYourOwnPackage.md" Package.swift <<'PY'
import sys
article, manifest = open(sys.argv[1]).read(), open(sys.argv[2]).read()
start = article.index("```swift\n// swift-tools-version") + len("```swift\n")
block = article[start:article.index("\n```\n", start)] + "\n"
if block != manifest:
    import difflib
    sys.stderr.write("".join(difflib.unified_diff(block.splitlines(True), manifest.splitlines(True), "article", "Package.swift")))
    sys.exit("FAIL: the article's manifest is not the one init writes")
PY

step "a second init into the same folder is refused and changes nothing"
find . -type f -print0 | sort -z | xargs -0 sha256sum >"$work/files.before"
if (cd "$work" && "$switchyard" init my-flows --app my-app --switchyard-path switchyard) 2>"$work/error.txt"; then
    echo "FAIL: init wrote into a folder that is not empty" >&2; exit 1
fi
require "is not empty" "$work/error.txt"
find . -type f -print0 | sort -z | xargs -0 sha256sum | cmp - "$work/files.before"

step "an app id whose module Switchyard has is refused, naming the manifest's line; a folder through a link is written"
if (cd "$work" && "$switchyard" init other --app onboarding --switchyard-path switchyard) 2>"$work/error.txt"; then
    echo "FAIL: init --app onboarding wrote a package whose OnboardingApp clashes with Switchyard's" >&2; exit 1
fi
require "would make the module OnboardingApp, but Switchyard already names OnboardingApp (" "$work/error.txt"
[ ! -e "$work/other" ] || { echo "FAIL: a refused init wrote $work/other" >&2; exit 1; }
mkdir "$work/real" && ln -s "$work/real" "$work/linked"
(cd "$work" && "$switchyard" init linked/flows --app my-app --switchyard-path switchyard) >/dev/null
require 'path: "../../switchyard"' "$work/real/flows/Package.swift"
rm -rf "$work/real" "$work/linked"

step "swift build --build-tests, no warnings in the package's own code"
swift build --build-tests 2>&1 | tee "$work/build.log" | grep -E "error|warning:|Build" || true
if grep -E "^$work/my-flows/(Sources|Tests|Variants)/.*warning:" "$work/build.log"; then
    echo "FAIL: warnings in the code init wrote" >&2; exit 1
fi
grep -q "Build complete" "$work/build.log" || { cat "$work/build.log" >&2; exit 1; }

step "swift test"
swift test --skip-build 2>&1 | tee "$work/test.log" | grep -E "✘|Test run" || true
require "Test run with" "$work/test.log"
if grep -q "✘" "$work/test.log"; then echo "FAIL: the tests init wrote failed" >&2; exit 1; fi

step "its host: variants, validate, simulate, report, map"
"$host" variants | tee "$work/variants.txt"
require "my-app  signup-flow  welcome-first (default)" "$work/variants.txt"
require "email-first" "$work/variants.txt"
"$host" validate | tee "$work/validate.txt"
(cd Sources && "../$host" simulate --users 20000 --seed 3 --events "$work/events.jsonl")
"$host" report "$work/events.jsonl" > "$work/report.txt"
head -12 "$work/report.txt"
require "Experiment email-first (control: welcome-first)" "$work/report.txt"
require "Verdict: " "$work/report.txt"
"$host" map --app my-app --format mermaid >"$work/map.mmd"
require "email" "$work/map.mmd"

step "add-variant on the built package: a third variant, built, listed, simulated, conforming"
swift package --allow-writing-to-package-directory add-variant \
    --app my-app --slot signup-flow --name welcome-with-sample --summary "The welcome, then the form, from the template" 2>/dev/null
[ -f Variants/WelcomeWithSample/WelcomeWithSampleVariant.swift ] || { echo "FAIL: add-variant wrote no Variants/WelcomeWithSample" >&2; exit 1; }
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
if grep -E "^$work/my-flows/(Sources|Tests|Variants)/.*warning:" "$work/build.log"; then
    echo "FAIL: warnings after add-variant" >&2; exit 1
fi
"$host" variants | tee "$work/variants.txt"
require "welcome-with-sample" "$work/variants.txt"
"$host" simulate --users 2000 --seed 3 --variant welcome-with-sample --events "$work/third.jsonl"
require '"variant":"welcome-with-sample","type":"assignment"' "$work/third.jsonl"
swift test --skip-build 2>&1 | tee "$work/test.log" | grep -E "✘|conforms|Test run" || true
if grep -q "✘" "$work/test.log"; then echo "FAIL: the tests failed with a third variant" >&2; exit 1; fi
echo
echo "check-init-package: one command wrote a package outside the repository that built without warnings, passed its tests,"
echo "and whose host validated, simulated, reported and mapped its app; add-variant then added a third variant to it"
