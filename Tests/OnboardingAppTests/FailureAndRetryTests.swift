import Coordination
import CoordinationTesting
import OnboardingApp
import PhoneOnboarding
import SignupAfterProfile
import SignupBeforeProfile
import TabletOnboarding
import Testing

@Suite("Failed model changes are shown on the screen and can be retried")
struct FailureAndRetryTests {
    @Test("a taken email fails signup, shows the error, and a retry with another email succeeds", arguments: ["phone", "tablet"], ["signup-before-profile", "signup-after-profile"])
    func takenEmail(shellID: String, authFlowID: String) throws {
        let auth = try authFlow(authFlowID)
        let beforeSignup = auth == SignupAfterProfileVariant.self ? [Turn.saveProfile()] : []
        let afterSignup = auth == SignupBeforeProfileVariant.self ? [Turn.saveProfile()] : []
        let recording = try walk(
            appShell(shellID), auth,
            [Turn.getStarted] + beforeSignup + [Turn.signUp("taken@example.com"), Turn.signUp("new@example.com")] + afterSignup
        )
        #expect(recording.mutations.prefix(2) == ["create_account:failed(email_taken)", "create_account:succeeded"])
        #expect(recording.outcome == .completed(screen: "home"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("the signup screen displays the service's error until the retry succeeds")
    func errorIsDisplayed() throws {
        let root = try makeRoot(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.getStarted, Turn.signUp(password: "short")])
        let signup = try #require(root.navigator.visibleScreen)
        #expect(signup.name == "signup")
        #expect(signup.content.error == AccountError.weakPassword.message)
        #expect(signup.content.fields.first?.value == "ada@example.com", "the email typed is kept")
    }

    @Test("weak passwords and malformed emails are refused with their own reasons")
    func validationFailures() throws {
        let recording = try walk(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp("not-an-email"), Turn.signUp(password: "password"), Turn.signUp(), Turn.saveProfile(),
        ])
        #expect(recording.mutations == [
            "create_account:failed(invalid_email)", "create_account:failed(weak_password)",
            "create_account:succeeded", "update_profile:succeeded",
        ])
    }

    @Test("a blank display name fails the profile update and can be corrected")
    func blankDisplayName() throws {
        let recording = try walk(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, Turn.signUp(), Turn.saveProfile("   "), Turn.saveProfile("Ada"),
        ])
        #expect(recording.mutations == [
            "create_account:succeeded", "update_profile:failed(invalid_display_name)", "update_profile:succeeded",
        ])
        #expect(recording.outcome.isCompleted)
    }

    @Test("a required field left empty is refused before it reaches the coordinator")
    func emptyRequiredField() throws {
        let recording = try walk(PhoneOnboardingVariant.self, SignupBeforeProfileVariant.self, [
            Turn.getStarted, .perform("create_account", fields: ["email": "ada@example.com"]),
        ])
        #expect(recording.user.rejections.map(\.error) == [.missingField("password")])
        #expect(recording.mutations.isEmpty)
    }
}

@Suite("Abandonment")
struct AbandonmentTests {
    @Test("quitting on any screen abandons there and leaves no coordinator running", arguments: ["signup-before-profile", "signup-after-profile"], [0, 1, 2])
    func quitAnywhere(authFlowID: String, step: Int) throws {
        let auth = try authFlow(authFlowID)
        let steps = auth == SignupBeforeProfileVariant.self
            ? [Turn.getStarted, Turn.signUp(), Turn.saveProfile()]
            : [Turn.getStarted, Turn.saveProfile(), Turn.signUp()]
        let expectedScreens = auth == SignupBeforeProfileVariant.self
            ? ["welcome", "signup", "profile"]
            : ["welcome", "profile", "signup"]
        for shell in appShells {
            let recording = try walk(shell, auth, Array(steps.prefix(step)) + [.quit])
            #expect(recording.outcome == .abandoned(screen: expectedScreens[step]))
            #expect(recording.signals.last?.kind == .flowAbandoned(screen: expectedScreens[step])
                || recording.signals.contains { $0.kind == .flowAbandoned(screen: expectedScreens[step]) })
            #expect(recording.liveCoordinators == 0)
        }
    }
}

@Suite("Profile drafts")
struct ProfileDraftTests {
    @Test("signup after profile refuses a blank display name on the profile screen, before signup", arguments: ["phone", "tablet"])
    func blankDraft(shellID: String) throws {
        let root = try makeRoot(appShell(shellID), SignupAfterProfileVariant.self)
        let recording = FlowRecording.walk(root, turns: [Turn.getStarted, Turn.saveProfile("  "), Turn.saveProfile("Ada"), Turn.signUp()])
        #expect(recording.screensShown == ["welcome", "profile", "signup", "home"])
        #expect(recording.mutations == ["create_account:succeeded"], "checking a draft changes nothing")
        #expect(recording.outcome.isCompleted)
    }
}
