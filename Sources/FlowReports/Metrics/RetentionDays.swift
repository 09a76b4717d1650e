/// The days after exposure a retention metric looks for a user's return in: day 0 is the 24 hours from the user's
/// first exposure, day 1 the 24 hours after that, and so on; `first...last` are counted whole.
public struct RetentionDays: Sendable, Hashable {
    /// The first day counted, 0 or more.
    public var first: Int
    /// The last day counted, at least ``first``.
    public var last: Int

    /// The days a config can ask for: a retention window of up to ten years.
    public static let range = 0...3650

    private static let dayMilliseconds: Int64 = 86_400_000

    /// Days `first` through `last`; nil unless both lie in ``range``, in that order.
    public init?(first: Int, last: Int) {
        guard Self.range.contains(first), Self.range.contains(last), first <= last else { return nil }
        self.first = first
        self.last = last
    }

    /// The window's first millisecond, counted from the exposure.
    var startMilliseconds: Int64 {
        Int64(first) * Self.dayMilliseconds
    }

    /// The window's last millisecond, counted from the exposure: the log must reach it for a user to be measured.
    var endMilliseconds: Int64 {
        Int64(last + 1) * Self.dayMilliseconds - 1
    }

    /// `days 1–7`, or `day 0` for a window of one day.
    public var label: String {
        first == last ? "day \(first)" : "days \(first)–\(last)"
    }
}
