import Coordination
import CoordinationTesting
import OnboardingApp
import PhoneOnboarding
import SignupAfterProfile
import SignupBeforeProfile
import TabletOnboarding
import Testing

@Suite("Back navigation at every step")
struct BackNavigationTests {
    @Test("back on welcome is refused: it is the root", arguments: ["phone", "tablet"])
    func welcome(shellID: String) throws {
        let recording = try walk(appShell(shellID), SignupBeforeProfileVariant.self, [.back])
        #expect(recording.user.rejections.map(\.error) == [.backUnavailable(screen: "welcome")])
    }

    @Test("back on the auth flow's first screen returns to welcome and removes the auth flow", arguments: ["phone", "tablet"], ["signup-before-profile", "signup-after-profile"])
    func firstAuthScreen(shellID: String, authFlowID: String) throws {
        let root = try makeRoot(appShell(shellID), authFlow(authFlowID))
        let recording = FlowRecording.walk(root, turns: [Turn.getStarted, .back])
        #expect(recording.screensShown.suffix(1) == ["welcome"])
        #expect(recording.signals.contains { signal in
            if case .childFinished(_, .navigatedBack) = signal.kind { return true }
            return false
        })
        #expect(recording.outcome == .abandoned(screen: "welcome"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("backing out and getting started again leaves one auth flow and completes", arguments: ["phone", "tablet"], ["signup-before-profile", "signup-after-profile"])
    func reenter(shellID: String, authFlowID: String) throws {
        let auth = try authFlow(authFlowID)
        let steps = auth == SignupBeforeProfileVariant.self
            ? [Turn.signUp(), Turn.saveProfile()]
            : [Turn.saveProfile(), Turn.signUp()]
        let recording = try walk(appShell(shellID), auth, [Turn.getStarted, .back, Turn.getStarted] + steps)
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.liveCoordinators == 0)
        #expect(recording.signals.filter { if case .childStarted = $0.kind { true } else { false } }.count == 2)
    }

    @Test("after signup created the account, the profile screen refuses back", arguments: ["phone", "tablet"])
    func profileAfterAccountCreated(shellID: String) throws {
        let recording = try walk(appShell(shellID), SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), .back, Turn.saveProfile(),
        ])
        #expect(recording.user.rejections.map(\.error) == [.backUnavailable(screen: "profile")])
        #expect(recording.outcome == .completed(screen: "home"))
    }

    @Test("back from signup returns to the profile with the draft still filled in", arguments: ["phone", "tablet"])
    func signupBackToProfile(shellID: String) throws {
        let root = try makeRoot(appShell(shellID), SignupAfterProfileVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.getStarted, Turn.saveProfile("Grace", interests: "cooking"), .back])
        let profile = try #require(root.navigator.visibleScreen)
        #expect(profile.name == "profile")
        #expect(profile.content.fields.map(\.value) == ["Grace", "cooking"])

        let recording = FlowRecording.walk(try makeRoot(appShell(shellID), SignupAfterProfileVariant.self), turns: [
            Turn.getStarted, Turn.saveProfile("Grace", interests: "cooking"), .back, .perform("save_profile"), Turn.signUp(),
        ])
        #expect(recording.screensShown == ["welcome", "profile", "signup", "profile", "signup", "home"])
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.user.rejections.isEmpty, "saving without typing kept the draft")
    }
}
