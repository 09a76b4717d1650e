/// One log of a `compare`: the name it is shown under and the accumulator that consumed it.
public struct ComparedLog: Sendable {
    /// How the file is named in the report, e.g. its path; the arm's name when its events name no variant.
    public var label: String
    /// The accumulator fed with the file's events.
    public var accumulator: ArmLogAccumulator

    /// Creates a compared log.
    public init(label: String, accumulator: ArmLogAccumulator) {
        self.label = label
        self.accumulator = accumulator
    }
}
