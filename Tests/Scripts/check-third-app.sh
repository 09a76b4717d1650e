#!/usr/bin/env bash
# Proves that adding an app never breaks this repository's tests: on a copy of the repository,
# add a third app as a newcomer would (the paywall of Examples/Paywall: its module under Sources/,
# its variants under Variants/, its Configuration/, one line each in Package.swift), then build and
# run the tests. With --filter REGEX, only the suites matching it run; with --skip REGEX, all but those
# (CI skips the warehouse engines' agreement, which counts named apps' logs and takes minutes in Spark);
# without either, the whole suite.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
filter=()
while [ $# -gt 0 ]; do
    case "$1" in
        --filter|--skip) filter+=("$1" "${2:?$1 needs a regular expression}"); shift 2 ;;
        *) echo "error: unknown argument $1 (expected --filter REGEX or --skip REGEX)" >&2; exit 2 ;;
    esac
done

git -C "$repo" ls-files -z --cached --others --exclude-standard | (cd "$repo" && xargs -0 cp --parents -t "$work")
cd "$work"
example=Examples/Paywall
cp -R "$example/Sources/PaywallApp" Sources/Samples/
cp -R "$example/Variants/PlansFirst" "$example/Variants/TrialFirst" Variants/
cp -R "$example/Configuration/paywall" Configuration/
python3 - <<'PY'
import re
text = open("Package.swift").read()
text = text.replace('let apps: [AppModule] = [\n', 'let apps: [AppModule] = [\n    .app("PaywallApp"),\n', 1)
text = text.replace('let variants: [VariantModule] = [\n',
                    'let variants: [VariantModule] = [\n    .variant("PlansFirst", app: "PaywallApp"),\n    .variant("TrialFirst", app: "PaywallApp"),\n', 1)
open("Package.swift", "w").write(text)
PY
grep -q '.app("PaywallApp")' Package.swift

echo "== a third app registered: switchyard lists it and validates its files"
swift build --build-tests >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
bin="$(swift build --show-bin-path)/switchyard"
"$bin" variants | tee "$work/variants.txt"
grep -q "^paywall  *purchase-flow  *trial-first" "$work/variants.txt"
"$bin" validate

echo "== swift test ${filter[*]:-} with three apps"
swift test --skip-build "${filter[@]}" 2>&1 | tee "$work/test.log" | grep -E "✘|Test run" || true
grep -q "Test run with" "$work/test.log" || { echo "FAIL: the tests did not run" >&2; exit 1; }
if grep -q "✘" "$work/test.log"; then echo "FAIL: the tests failed with a third app" >&2; exit 1; fi
echo "check-third-app: with a third app added, the build, validate and the tests pass"
