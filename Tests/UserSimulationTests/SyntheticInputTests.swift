import Coordination
import FlowEvents
import Foundation
import SeededRandom
import Testing
@testable import UserSimulation
import VariantHost
import VariantKit

@Suite("Synthetic input: the values simulated users type come from the app")
struct SyntheticInputTests {
    @Test("a value's {user} markers become the user's number; a value without one is kept as it is")
    func templates() {
        #expect(UserValueTemplate("user{user}@example.com").render(user: 42) == "user42@example.com")
        #expect(UserValueTemplate("{user}-{user}").render(user: 7) == "7-7")
        #expect(UserValueTemplate("correct-horse-9").render(user: 3) == "correct-horse-9")
        #expect(UserValueTemplate("").render(user: 3) == "")
    }

    @Test(
        "a value with one {user} marker is the text around it with the user's number in between",
        arguments: [0, 9, 10, 42, 1_000_000, Int.max, -5, Int.min]
    )
    func oneMarker(user: Int) {
        for (prefix, suffix) in [("user", "@example.com"), ("", ""), ("é·", "\u{2028}😀"), ("a long prefix past fifteen bytes ", "")] {
            #expect(UserValueTemplate("\(prefix){user}\(suffix)").render(user: user) == "\(prefix)\(user)\(suffix)")
        }
    }

    @Test("a simulated user submits the app's valid values, and when it fails validation one of the app's invalid ones")
    func valuesComeFromTheApp() throws {
        let input = SyntheticInput(fields: [
            "card": .init(valid: "4242-{user}", invalid: ["declined-card"]),
        ])
        let form = SubmitForm()
        var accepting = SimulatedUser(
            index: 5, behaviors: ["form": ScreenBehavior(probabilities: [.continue: 1], thinkTime: .standard)], input: input,
            generator: SplitMix64(seed: 1, stream: 0), clock: SimulatedClock(start: EventTimestamp(millisecondsSince1970: 0))
        )
        #expect(accepting.nextTurn(on: form) == .perform("pay", fields: ["card": "4242-5"]))
        var failing = SimulatedUser(
            index: 5, behaviors: ["form": ScreenBehavior(probabilities: [.failValidation: 1], thinkTime: .standard)], input: input,
            generator: SplitMix64(seed: 1, stream: 0), clock: SimulatedClock(start: EventTimestamp(millisecondsSince1970: 0))
        )
        #expect(failing.nextTurn(on: form) == .perform("pay", fields: ["card": "declined-card"]))
    }

    @Test("a field the app gives no values for keeps what it shows, and is never the one made invalid")
    func unnamedFields() {
        var user = SimulatedUser(
            index: 1, behaviors: ["form": ScreenBehavior(probabilities: [.failValidation: 1], thinkTime: .standard)], input: .none,
            generator: SplitMix64(seed: 1, stream: 0), clock: SimulatedClock(start: EventTimestamp(millisecondsSince1970: 0))
        )
        #expect(user.nextTurn(on: SubmitForm()) == .perform("pay", fields: [:]))
    }
}

/// A form with one free-text field, `card`, and a submitting action, `pay`.
private final class SubmitForm: Screen {
    let name = "form"
    let content = ScreenContent(
        title: "Pay",
        fields: [ScreenField(id: "card", label: "Card", value: "shown")],
        actions: [ScreenAction(id: "pay", title: "Pay", submitsForm: true)]
    )

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
