/// One way an app or its variants break what every hosted flow must hold.
public struct ConformanceFailure: Sendable, Hashable, CustomStringConvertible {
    /// What the suite checks.
    public enum Check: String, Sendable, Hashable, CaseIterable {
        /// The app and its variants register: slots, ids and defaults fit together.
        case registry
        /// The app's declared screen names are unique, and every screen shown is declared.
        case screenNames
        /// From the start, some path under the app's synthetic input finishes the flow.
        case finishReachable
        /// Every event carries the variant whose coordinator emitted it.
        case variantOnEvents
        /// No coordinator runs after the flow finishes, after the user backs out of one, or after they abandon.
        case noCoordinatorLeft
        /// Every field the synthetic input gives invalid values is on a screen some variant reaches.
        case failurePathsReachable
        /// A simulation with one seed writes the same log every time.
        case deterministic
    }

    /// What was checked.
    public var check: Check
    /// The variants of the session that showed it, by id; empty for the app as a whole.
    public var variants: [String]
    /// What is wrong, where, and what to fix.
    public var message: String

    /// Creates a failure.
    public init(check: Check, variants: [String], message: String) {
        self.check = check
        self.variants = variants
        self.message = message
    }

    /// The failure in one line: its check, its variants and its message.
    public var description: String {
        "[\(check.rawValue)]" + (variants.isEmpty ? "" : " \(variants.joined(separator: " + ")):") + " \(message)"
    }
}
