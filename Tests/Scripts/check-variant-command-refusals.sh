#!/usr/bin/env bash
# Hostile requests to the real `swift package add-variant` / `remove-variant` plugins, on a package that
# has already been copied (never on a checkout someone works in): each one must exit non-zero with an
# error, and leave every file of the package and of a folder beside it exactly as it was (a checksum
# listing, .build/ aside). Run by check-add-variant.sh on a copy of this repository and by
# check-example-package.sh on a copy of Examples/Paywall.
#
#   check-variant-command-refusals.sh PACKAGE APP SLOT DEFAULT_ID DEFAULT_MODULE TARGET_ID
#
# DEFAULT_ID is a slot's default variant and DEFAULT_MODULE its module; TARGET_ID is an id whose module
# is a target or product the manifest already names (onboarding-app, paywall-registry).
set -euo pipefail
package="$(cd "$1" && pwd)"; app="$2"; slot="$3"; default_id="$4"; default_module="$5"; target_id="$6"
# `--name ../../x` would name this folder beside the package.
beside="$(dirname "$package")/x"
[ ! -e "$beside" ] || { echo "check-variant-command-refusals: $beside exists; run on a copy in a folder of its own" >&2; exit 1; }
mkdir "$beside" && echo "beside the package" > "$beside/keep.txt"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch" "$beside"' EXIT
cd "$package"
# SwiftPM writes Package.resolved on a copy's first command: let it do so before the first listing.
swift package resolve >/dev/null 2>&1

listing() { # every entry of the package (.build aside) and of the folder beside it: kind, path, link target, file checksum
    find . "$beside" -path ./.build -prune -o -printf '%y %p %l\n' | sort
    find . "$beside" -path ./.build -prune -o -type f -print0 | sort -z | xargs -0 -r sha256sum
}
refused() { # refused VERB ARGS...: the command must fail with an error and change nothing
    local verb="$1"; shift
    listing > "$scratch/listing.before"
    local status attempt
    for attempt in 1 2 3; do
        status=0
        swift package --allow-writing-to-package-directory "$verb" "$@" >"$scratch/out.txt" 2>"$scratch/err.txt" || status=$?
        [ "$status" = 0 ] && { echo "FAIL: $verb $(printf '%q ' "$@")succeeded" >&2; cat "$scratch/out.txt" >&2; exit 1; }
        # SwiftPM 6.3.1's own process has been seen to crash in libdispatch on a loaded machine (signal 11, before or
        # after the plugin ran); the plugin's refusal is an ordinary exit 1. Only such a crash is tried again.
        [ "$status" -lt 128 ] && break
        echo "  note: swift package itself died of signal $((status - 128)) (attempt $attempt); trying again" >&2
    done
    grep -q "error:" "$scratch/err.txt" || { echo "FAIL: $verb $(printf '%q ' "$@")printed no error:" >&2; cat "$scratch/err.txt" >&2; exit 1; }
    listing > "$scratch/listing.after"
    if ! cmp -s "$scratch/listing.before" "$scratch/listing.after"; then
        echo "FAIL: $verb $(printf '%q ' "$@")changed files:" >&2; diff "$scratch/listing.before" "$scratch/listing.after" >&2; exit 1
    fi
    printf '  refused %s %s: %s\n' "$verb" "$(printf '%q ' "$@")" "$(grep -m1 'error:' "$scratch/err.txt" | cut -c1-150)"
}
long="$(printf 'a%.0s' $(seq 1 200))"

echo "remove-variant: names that are no registered variant, and a slot's default by id and by module"
for name in "" "." ".." "../x" "../../x" "/" "/tmp" "a/b" "Variants" "Variants/$default_module" "no-such-variant" \
    $'x\ry' $'\e[31mred' $'left\u202eright' "$long" "$default_id" "$default_module"; do
    refused remove-variant --name "$name"
done
grep -q "choose another default" "$scratch/err.txt" || { echo "FAIL: the default's refusal says no fix" >&2; exit 1; }
refused remove-variant --name "$default_id" --package /tmp

echo "remove-variant: the default however its slot writes it (no space, a constant), read from the code, not matched as text"
declaring="$(grep -rlF --include='*.swift' "defaultVariant: \"$default_id\"" Sources | head -1)"
[ -n "$declaring" ] || { echo "FAIL: no source declares $default_id as a default" >&2; exit 1; }
cp -p "$declaring" "$scratch/declaring.swift"
DEFAULT_ID="$default_id" perl -pi -e 's/defaultVariant: "\Q$ENV{DEFAULT_ID}\E"/defaultVariant:"$ENV{DEFAULT_ID}"/' "$declaring"
refused remove-variant --name "$default_id"
DEFAULT_ID="$default_id" perl -pi -e 's/defaultVariant:"\Q$ENV{DEFAULT_ID}\E"/defaultVariant: defaultOfTheSlot/' "$declaring"
printf '\nlet defaultOfTheSlot = "%s"\n' "$default_id" >> "$declaring"
refused remove-variant --name "$default_id"
grep -q "is the default variant of slot" "$scratch/err.txt" || { echo "FAIL: the default through a constant was not named" >&2; exit 1; }
cp -p "$scratch/declaring.swift" "$declaring"
refused remove-variant --leftovers --name "$default_id"

echo "add-variant: hostile names, clashing names (VariantKit's types among them: the registry imports VariantKit), hostile summaries"
for name in "" "." ".." "../x" "/tmp/x" "a/b" "Self" "self" "any" "type" "protocol" "string" "$target_id" "switchyard" \
    "coordination" "variant-kit" "hosted-app" "app-slot" "flow-route" "chosen-variant" "flow-variant" $'x\ry' "$long"; do
    refused add-variant --app "$app" --slot "$slot" --name "$name" --summary "a summary"
done
for summary in $'two\rlines' $'two\nlines' $'a\ttab' $'\e[2Jclear' $'line\u2028separator' $'bidi\u202eoverride' 'a "quote"' 'back\slash' ""; do
    refused add-variant --app "$app" --slot "$slot" --name "hostile-summary" --summary "$summary"
done
refused add-variant --app "../$app" --slot "$slot" --name "fine-name" --summary "a summary"
refused add-variant --app "$app" --slot "../$slot" --name "fine-name" --summary "a summary"
echo "check-variant-command-refusals: every hostile request failed with an error and changed no file in or beside $package"
