#!/usr/bin/env bash
# Proves that adding a variant means adding a folder under Variants/ and one line of config:
# copies the package, adds a variant module and its id to the bundled experiment, builds, and
# checks the new variant is registered, validated and runnable. Nothing else is edited.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git -C "$repo" ls-files -z --cached --others --exclude-standard | (cd "$repo" && xargs -0 cp --parents -t "$work")
cd "$work"

mkdir -p Variants/SignupOnly
cat > Variants/SignupOnly/SignupOnlyVariant.swift <<'SWIFT'
import Coordination
import OnboardingApp
import VariantKit

/// An auth flow with no profile step: signup creates the account and the flow ends.
public enum SignupOnlyVariant: AuthFlowVariant {
    public static let id = "signup-only"
    public static let summary = "Signup only; the profile is left for later"

    public static func makeCoordinator(
        navigator: Navigator, services: OnboardingServices, placement: AuthFlowCoordinator.Placement
    ) -> AuthFlowCoordinator {
        SignupOnlyCoordinator(navigator: navigator, services: services, placement: placement)
    }
}

final class SignupOnlyCoordinator: AuthFlowCoordinator {
    override func start() {
        let signup = services.screens.makeSignup(email: "")
        signup.onSubmit = { [unowned self, unowned signup] credentials in
            guard let account = createAccount(credentials, profile: nil, errorsOn: signup) else { return }
            complete(with: account)
        }
        show(signup)
    }
}
SWIFT

# The one line of config: the new id in the experiment's variations.
python3 - <<'PY'
import re
path = "Configuration/experiments.json"
text = open(path).read()
new = re.sub(r'("variations": \[[^\]]*)\]', r'\1, "signup-only"]', text, count=1)
assert new != text, "no variations list found"
open(path, "w").write(new)
PY
echo "config change:"
diff "$repo/Configuration/experiments.json" Configuration/experiments.json || true

swift build --product switchyard 2>&1 | grep -E "error|warning:|Compiling SignupOnly|Build complete" || true
bin="$(swift build --product switchyard --show-bin-path)/switchyard"

listing="$("$bin" variants)"
echo "$listing"
grep -q "auth-flow  *signup-only" <<<"$listing"
"$bin" validate
printf '1\n1\nnew@example.com\nsecret123\n' | "$bin" run --variant signup-only --events "$work/events.jsonl" | grep -q "Flow completed on home"
echo "check-add-variant: the new variant was registered, validated and walked to completion"
