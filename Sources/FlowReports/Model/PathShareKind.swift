/// What a ``PathShareReport`` compares the share of: users taking an observed path, or users leaving on a screen.
public enum PathShareKind: String, Sendable, Hashable, Codable {
    /// Users who took the path (with its ending: reached the goal or left).
    case path
    /// Users who did not reach the goal and whose last screen was this one.
    case leftOn = "left_on"
}
