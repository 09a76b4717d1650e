/// Which of the two arms of a comparison a reading or a refusal is about.
public enum FunnelArm: String, Sendable, Hashable, Codable, CaseIterable {
    /// The treatment compared with control.
    case treatment
    /// The control arm.
    case control
}
