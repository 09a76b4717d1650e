import SampleApps
import Coordination
import CoordinationTesting
import OnboardingApp
import PhoneOnboarding
import SignupAfterProfile
import SignupBeforeProfile
import TabletOnboarding
import VariantKit

/// Builds the onboarding app's root coordinator for a shell and an auth flow.
func makeRoot(_ shell: any AppShellVariant.Type, _ auth: any AuthFlowVariant.Type) throws -> Coordinator {
    try Onboarding.makeRootCoordinator(for: VariantSelection([shell, auth]), navigator: Navigator())
}

/// Walks the onboarding app with a scripted user.
func walk(_ shell: any AppShellVariant.Type, _ auth: any AuthFlowVariant.Type, _ turns: [UserTurn]) throws -> FlowRecording {
    FlowRecording.walk(try makeRoot(shell, auth), turns: turns)
}

/// Scripted turns for the onboarding screens.
enum Turn {
    static let getStarted = UserTurn.perform("get_started")

    static func signUp(_ email: String = "ada@example.com", password: String = "secret123") -> UserTurn {
        .perform("create_account", fields: ["email": email, "password": password])
    }

    static func saveProfile(_ name: String = "Ada", interests: String = "music,travel") -> UserTurn {
        .perform("save_profile", fields: ["display_name": name, "interests": interests])
    }
}

var appShells: [any AppShellVariant.Type] { [PhoneOnboardingVariant.self, TabletOnboardingVariant.self] }
var authFlows: [any AuthFlowVariant.Type] { [SignupBeforeProfileVariant.self, SignupAfterProfileVariant.self] }

/// The app shell whose id is `id`, as the parameterised specs name them.
func appShell(_ id: String) throws -> any AppShellVariant.Type {
    guard let variant = appShells.first(where: { $0.id == id }) else { throw UnknownVariant(id: id) }
    return variant
}

/// The auth flow whose id is `id`, as the parameterised specs name them.
func authFlow(_ id: String) throws -> any AuthFlowVariant.Type {
    guard let variant = authFlows.first(where: { $0.id == id }) else { throw UnknownVariant(id: id) }
    return variant
}

/// A parameterised spec named a variant the test target does not know.
struct UnknownVariant: Error {
    let id: String
}
