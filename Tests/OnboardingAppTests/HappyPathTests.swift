import Coordination
import CoordinationTesting
import OnboardingApp
import PhoneOnboarding
import SignupAfterProfile
import SignupBeforeProfile
import TabletOnboarding
import Testing

@Suite("Happy paths: every app shell with every auth flow")
struct HappyPathTests {
    @Test("signup before profile creates the account, then saves the profile to it", arguments: ["phone", "tablet"])
    func signupBeforeProfile(shellID: String) throws {
        let recording = try walk(appShell(shellID), SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), Turn.saveProfile(),
        ])
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.screensShown == ["welcome", "signup", "profile", "home"])
        #expect(recording.mutations == ["create_account:succeeded", "update_profile:succeeded"])
        #expect(recording.liveCoordinators == 0)
        #expect(recording.user.rejections.isEmpty)
    }

    @Test("signup after profile keeps the profile as a draft and creates the account with it last", arguments: ["phone", "tablet"])
    func signupAfterProfile(shellID: String) throws {
        let recording = try walk(appShell(shellID), SignupAfterProfileVariant.self, [
            Turn.getStarted, Turn.saveProfile(), Turn.signUp(),
        ])
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.screensShown == ["welcome", "profile", "signup", "home"])
        #expect(recording.mutations == ["create_account:succeeded"])
        #expect(recording.liveCoordinators == 0)
    }

    @Test("the account is created before the profile screen in one flow and after it in the other, where it is the only change")
    func mutationPointDiffers() throws {
        /// For each mutation, in order, the screens shown before it.
        func screensBeforeEachMutation(_ recording: FlowRecording) -> [[String]] {
            var shown: [String] = []
            var result: [[String]] = []
            for signal in recording.signals {
                if case .screenShown(let screen) = signal.kind { shown.append(screen) }
                if case .mutation = signal.kind { result.append(shown) }
            }
            return result
        }
        let before = try walk(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), Turn.saveProfile(),
        ])
        let after = try walk(PhoneOnboardingVariant.self, SignupAfterProfileVariant.self, [
            Turn.getStarted, Turn.saveProfile(), Turn.signUp(),
        ])
        #expect(screensBeforeEachMutation(before) == [["welcome", "signup"], ["welcome", "signup", "profile"]])
        #expect(before.mutations == ["create_account:succeeded", "update_profile:succeeded"])
        #expect(screensBeforeEachMutation(after) == [["welcome", "profile", "signup"]])
        #expect(after.mutations == ["create_account:succeeded"])
    }

    @Test("phone pushes the auth flow on its stack and replaces the stack with home")
    func phoneNavigation() throws {
        let recording = try walk(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), Turn.saveProfile(),
        ])
        #expect(recording.navigation.map(\.description) == [
            "setRoot(welcome)", "push(signup)", "push(profile)", "setRoot(home)",
        ])
    }

    @Test("tablet presents the auth flow in a modal sheet, puts home beneath it and dismisses it")
    func tabletNavigation() throws {
        let recording = try walk(TabletOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), Turn.saveProfile(),
        ])
        #expect(recording.navigation.map(\.description) == [
            "setRoot(welcome)", "present(signup)", "push(profile)", "setRoot(home)", "dismiss(signup,profile)",
        ])
    }

    @Test("the home screen greets the user by the profile's display name")
    func homeGreets() throws {
        let root = try makeRoot(TabletOnboardingVariant.self, SignupAfterProfileVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.getStarted, Turn.saveProfile("Grace", interests: "sports"), Turn.signUp()])
        let home = try #require(root.navigator.visibleScreen)
        #expect(home.content.title == "Welcome, Grace!")
        #expect(home.content.body == ["Signed in as ada@example.com.", "Interests: sports."])
    }

    @Test("events are attributed to the variant whose coordinator emitted them")
    func attribution() throws {
        let recording = try walk(TabletOnboardingVariant.self, SignupAfterProfileVariant.self, [
            Turn.getStarted, Turn.saveProfile(), Turn.signUp(),
        ])
        let variantsByScreen = Dictionary(
            recording.signals.compactMap { signal -> (String, String?)? in
                guard case .screenShown(let screen) = signal.kind else { return nil }
                return (screen, signal.variant)
            },
            uniquingKeysWith: { first, _ in first }
        )
        #expect(variantsByScreen == [
            "welcome": "tablet", "profile": "signup-after-profile", "signup": "signup-after-profile", "home": "tablet",
        ])
    }
}
