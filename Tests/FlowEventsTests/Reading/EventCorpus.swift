import SeededRandom
import FlowEvents

/// Generated events with awkward contents (quotes, backslashes, control characters, non-ASCII
/// and astral characters), for checking that every way of writing an event reads back the same.
enum EventCorpus {
    /// Texts the canonical scanner reads itself (non-ASCII included).
    private static let plainFragments = [
        "signup", "profile", "u-42", "onboarding-order", "café", "日本語", "emoji😀", "𝄞clef", "slash/", "",
        " spaced ", "signup-after-profile-with-a-long-name",
    ]
    /// Texts that need escapes, which send canonical lines to the full parser.
    private static let escapedFragments = ["a\"quote", "back\\slash", "new\nline", "tab\there", "bell\u{07}"]

    /// `count` events built from `seed`.
    static func events(count: Int, seed: UInt64) -> [FlowEvent] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in event(using: &random) }
    }

    private static func text(using random: inout SplitMix64) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            Int.random(in: 0..<40, using: &random) == 0
                ? escapedFragments.randomElement(using: &random)!
                : plainFragments.randomElement(using: &random)!
        }.joined()
    }

    private static func optionalText(using random: inout SplitMix64) -> String? {
        Bool.random(using: &random) ? text(using: &random) : nil
    }

    private static func event(using random: inout SplitMix64) -> FlowEvent {
        var properties: [String: String] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            properties[text(using: &random)] = text(using: &random)
        }
        return FlowEvent(
            time: EventTimestamp(millisecondsSince1970: Int64.random(in: -100_000_000_000...4_000_000_000_000, using: &random)),
            session: text(using: &random),
            // Most lines carry a sequence number, as a recorder writes them; some, as older logs, none.
            sequence: Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 0...200_000, using: &random),
            user: text(using: &random),
            experiment: optionalText(using: &random),
            variant: optionalText(using: &random),
            type: EventType.allCases.randomElement(using: &random)!,
            screen: optionalText(using: &random),
            action: optionalText(using: &random),
            properties: properties
        )
    }
}
