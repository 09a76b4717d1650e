#!/usr/bin/env bash
# Proves the README's "Adding a variant" on a checkout that has already been built, as a team's
# checkout is: copy the package, build it, then add a variant with the command, rebuild, list it,
# put it in the experiment, validate, walk it, and remove it again. On the same built copy, every
# way Variants/ and Package.swift can disagree must fail the build naming the folder, never skip it.
# Hostile requests (check-variant-command-refusals.sh) change no file; an add changes only its folder and
# its line; what an interrupted command leaves is named by the build and cleaned up by the next command.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

mkdir "$work/package"
git -C "$repo" ls-files -z --cached --others --exclude-standard | (cd "$repo" && xargs -0 cp --parents -t "$work/package")
cd "$work/package"

step() { printf '\n== %s\n' "$*"; }
build() { swift build --product switchyard >"$work/build.log" 2>&1; }
must_build() { build || { echo "FAIL: the build failed:" >&2; tail -40 "$work/build.log" >&2; exit 1; }; }
fails_naming() { # fails_naming WHAT TEXT: the build must fail and say TEXT
    if build; then echo "FAIL: the build succeeded with $1" >&2; exit 1; fi
    grep -m1 -F "$2" "$work/build.log" || { echo "FAIL: no message naming $1:" >&2; cat "$work/build.log" >&2; exit 1; }
}
# A build that stops on an error while the variant's module is being compiled again can leave the module's old
# objects behind, which SwiftPM 6.3.1 then links without compiling them again ("undefined reference" to the
# variant's type; VariantKit's article "Using Switchyard from your own package" says how to recover). The steps
# below that break the variant on purpose therefore drop its objects once they have restored it.
forget_variant_objects() { rm -f "$(dirname "$bin")"/SignupWithMagicLink.build/*.o "$(dirname "$bin")"/SignupWithMagicLink.build/*.swiftdeps "$(dirname "$bin")"/SignupWithMagicLink.build/*.priors; }
experiment_variations() { # experiment_variations add|remove ID
    python3 - "$@" <<'PY'
import json, sys
action, variant = sys.argv[1], sys.argv[2]
path = "Configuration/onboarding/experiments.json"
config = json.load(open(path))
variations = config["experiments"][0]["variations"]
if action == "add":
    variations.append(variant)
else:
    variations.remove(variant)
config["experiments"][0].pop("weights", None)
json.dump(config, open(path, "w"), indent=2)
PY
}

step "a checkout built before the change"
must_build
bin="$(swift build --product switchyard --show-bin-path)/switchyard"

step "hostile requests to the real plugins fail and change no file"
bash "$repo/Tests/Scripts/check-variant-command-refusals.sh" . onboarding auth-flow phone PhoneOnboarding onboarding-app

checksums() { find . -path ./.build -prune -o -type f -print0 | sort -z | xargs -0 sha256sum; }
step "swift package --allow-writing-to-package-directory add-variant --app onboarding --slot auth-flow --name signup-with-magic-link --summary ..."
checksums > "$work/files.before"
swift package --allow-writing-to-package-directory add-variant --app onboarding --slot auth-flow --name signup-with-magic-link \
    --summary "signup by a link sent by email" 2>/dev/null
git -C "$repo" diff --no-index --stat "$repo/Package.swift" Package.swift || true
checksums > "$work/files.after"
changed="$({ diff "$work/files.before" "$work/files.after" || true; } | awk '/^[<>]/ {print $3}' | sort -u | tr '\n' ' ')"
[ "$changed" = "./Package.swift ./Variants/SignupWithMagicLink/SignupWithMagicLinkCoordinator.swift ./Variants/SignupWithMagicLink/SignupWithMagicLinkVariant.swift " ] \
    || { echo "FAIL: add-variant changed more than its folder and Package.swift: $changed" >&2; exit 1; }
must_build
"$bin" variants | tee "$work/variants.txt"
grep -q "onboarding  *auth-flow  *signup-with-magic-link  *signup by a link sent by email" "$work/variants.txt"

step "the id in the experiment's variations validates, and a scripted walk completes"
experiment_variations add signup-with-magic-link
"$bin" validate --app onboarding
printf '1\n1\nnew@example.com\ncorrect-horse-9\n1\nNew\n\n' \
    | "$bin" run --app onboarding --variant signup-with-magic-link --events "$work/events.jsonl" | tee "$work/walk.txt" | tail -1
grep -q "Flow completed on home" "$work/walk.txt"

step "bad requests change nothing"
cp Package.swift "$work/Package.before"
for request in "--app onboarding --slot auth-flow --name signup-with-magic-link --summary s" "--app nowhere --slot auth-flow --name x --summary s" \
    "--app onboarding --slot no-such-slot --name x --summary s" "--app onboarding --slot auth-flow --name Not_A_Slug --summary s" \
    "--app onboarding --slot auth-flow --name x"; do
    if swift package --allow-writing-to-package-directory add-variant $request 2>"$work/error.txt" >/dev/null; then
        echo "FAIL: add-variant $request succeeded" >&2; exit 1
    fi
    grep "error:" "$work/error.txt"
done
cmp Package.swift "$work/Package.before"
[ ! -e Variants/X ] && [ ! -e Variants/NotASlug ]

step "a folder Package.swift does not name fails the build, naming it"
mkdir Variants/Stray && cp Variants/SignupWithMagicLink/*.swift Variants/Stray/
fails_naming "an unregistered folder" "Variants/Stray is not registered in Package.swift"
rm -rf Variants/Stray
step "an empty folder fails the build, naming it"
mkdir Variants/Empty
fails_naming "an empty folder" "Variants/Empty holds no Swift sources"
rmdir Variants/Empty
step "a registered variant that does not compile fails the build"
echo "this is not Swift" >> Variants/SignupWithMagicLink/SignupWithMagicLinkCoordinator.swift
fails_naming "a compile error" "SignupWithMagicLinkCoordinator.swift"
sed -i '$d' Variants/SignupWithMagicLink/SignupWithMagicLinkCoordinator.swift
forget_variant_objects
step "a variant module whose type is not named after it fails the build, naming the type it needs"
sed -i 's/enum SignupWithMagicLinkVariant/enum MagicLinkSignup/' Variants/SignupWithMagicLink/SignupWithMagicLinkVariant.swift
fails_naming "a misnamed variant type" "module SignupWithMagicLink declares no type SignupWithMagicLinkVariant"
sed -i 's/enum MagicLinkSignup/enum SignupWithMagicLinkVariant/' Variants/SignupWithMagicLink/SignupWithMagicLinkVariant.swift
forget_variant_objects
variant_file=Variants/SignupWithMagicLink/SignupWithMagicLinkVariant.swift
cp "$variant_file" "$work/variant.swift"
step "a variant type whose conformance is declared in an extension builds and is registered"
sed -i 's/^public enum SignupWithMagicLinkVariant: AuthFlowVariant {/public enum SignupWithMagicLinkVariant {}\n\nextension SignupWithMagicLinkVariant: AuthFlowVariant {/' "$variant_file"
grep -q "^extension SignupWithMagicLinkVariant: AuthFlowVariant {" "$variant_file"
build || { cat "$work/build.log" >&2; exit 1; }
"$bin" variants | grep -q "signup-with-magic-link"
step "a variant type named only in a comment fails the build, naming the type it needs"
printf '// public enum SignupWithMagicLinkVariant: AuthFlowVariant {}\n' > "$variant_file"
fails_naming "a type only in a comment" "module SignupWithMagicLink declares no type SignupWithMagicLinkVariant"
step "a variant type compiled out by #if fails the build, the error line saying what the module must declare"
{ echo "#if false"; cat "$work/variant.swift"; echo "#endif"; } > "$variant_file"
fails_naming "a type behind a false #if" "must declare public enum SignupWithMagicLinkVariant conforming to a variant protocol of OnboardingApp"
cp "$work/variant.swift" "$variant_file"
forget_variant_objects
must_build
step "an app module under Sources/ that apps does not list fails the build, naming the line to add"
mkdir Sources/ShopApp && printf 'public enum Shop {}\n' > Sources/ShopApp/Shop.swift
fails_naming "an unlisted app module" 'Sources/ShopApp declares Shop, an app module by its name, but `apps` in Package.swift does not list it'
rm -rf Sources/ShopApp
step "a registered folder that is missing fails the build, naming it"
mv Variants/SignupWithMagicLink "$work/moved-away"
fails_naming "a missing folder" "Variants/SignupWithMagicLink"
mv "$work/moved-away" Variants/SignupWithMagicLink
must_build

step "what an interrupted command leaves: the build names it and the command that cleans it; the next command cleans it, saying so"
mkdir Variants/HalfAdded && cp Variants/SignupWithMagicLink/*.swift Variants/HalfAdded/ && touch Variants/HalfAdded/.switchyard-unfinished
mkdir Variants/.switchyard-adding-Other-1 && echo "// half" > .Package.swift.switchyard-1.tmp
fails_naming "a half-added folder" "Variants/HalfAdded was left by an add-variant or remove-variant that was stopped before it finished"
grep -q -F "remove-variant --leftovers" "$work/build.log"
swift package --allow-writing-to-package-directory remove-variant --leftovers 2>/dev/null | tee "$work/cleaned.txt"
grep -q "note: removed Variants/HalfAdded" "$work/cleaned.txt"
grep -q "note: removed Variants/.switchyard-adding-Other-1" "$work/cleaned.txt"
grep -q "note: removed .Package.swift.switchyard-1.tmp" "$work/cleaned.txt"
[ ! -e Variants/HalfAdded ] && [ ! -e .Package.swift.switchyard-1.tmp ] && [ ! -e Variants/.switchyard-adding-Other-1 ]
step "a team's own unregistered folder is never deleted: the build names it, the commands leave it"
mkdir Variants/TeamsOwn && cp Variants/SignupWithMagicLink/*.swift Variants/TeamsOwn/
swift package --allow-writing-to-package-directory remove-variant --leftovers 2>/dev/null | grep -q "No leftovers"
if swift package --allow-writing-to-package-directory remove-variant --name TeamsOwn 2>"$work/error.txt"; then
    echo "FAIL: remove-variant deleted an unregistered folder" >&2; exit 1
fi
grep -q "Variants/TeamsOwn exists but Package.swift does not register it" "$work/error.txt"
[ -f Variants/TeamsOwn/SignupWithMagicLinkVariant.swift ]
fails_naming "a team's unregistered folder" "Variants/TeamsOwn is not registered in Package.swift"
rm -rf Variants/TeamsOwn
must_build

step "swift package --allow-writing-to-package-directory remove-variant --name signup-with-magic-link"
swift package --allow-writing-to-package-directory remove-variant --name signup-with-magic-link 2>/dev/null | tee "$work/removed.txt"
grep -q "Configuration/onboarding/experiments.json still names" "$work/removed.txt"
experiment_variations remove signup-with-magic-link
must_build
if "$bin" variants | grep -q signup-with-magic-link; then echo "FAIL: the removed variant is still listed" >&2; exit 1; fi
"$bin" validate --app onboarding
cmp Package.swift "$repo/Package.swift"
echo
echo "check-add-variant: on a built checkout, a variant was added with one command, built, listed, validated, walked and removed;"
echo "every mismatch between Variants/ and Package.swift failed the build naming the folder"
