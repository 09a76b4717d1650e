/// Whether a treatment's users and control's pass the same screens on the way to one step (docs/Statistics.md,
/// "Steps that are not alike").
///
/// The decomposition's terms multiply back exactly whatever the steps mean, but splitting the difference by step
/// assumes each step means the same in both flows. A step is *not alike* when some screen is shown on the way to it to
/// at least ``typicalShare`` of one arm's users who reached it and to fewer than ``rareShare`` of the other's: one-page
/// checkout's users reach "payment" without the shipping screen that multi-step checkout's pass on the way.
public struct StepApproachComparison: Sendable, Hashable, Codable {
    /// A screen that one arm's users typically pass on the way to the step and the other's rarely do.
    public struct UnlikeScreen: Sendable, Hashable, Codable {
        /// The screen.
        public var screen: String
        /// The share of treatment's users who reached the step that were shown it on the way.
        public var treatmentShare: Double
        /// The same share of control's users.
        public var controlShare: Double

        /// Creates an unlike screen.
        public init(screen: String, treatmentShare: Double, controlShare: Double) {
            self.screen = screen
            self.treatmentShare = treatmentShare
            self.controlShare = controlShare
        }

        enum CodingKeys: String, CodingKey {
            case screen
            case treatmentShare = "treatment_share"
            case controlShare = "control_share"
        }
    }

    /// A screen passed by at least this share of an arm's users who reached the step is typical of its way there.
    public static let typicalShare = 0.5
    /// A screen passed by fewer than this share of an arm's users who reached the step is rare on its way there.
    public static let rareShare = 0.25

    /// Whether no screen is typical of one arm's way to the step and rare on the other's.
    public var isAlike: Bool
    /// The screens that make the step unlike, the largest difference in share first, ties by name; empty when alike.
    public var unlikeScreens: [UnlikeScreen]

    /// Compares the screens on the way to one step; nil when either arm has no user who reached it.
    public init?(treatment: StepApproachReport, control: StepApproachReport) {
        guard treatment.users > 0, control.users > 0 else { return nil }
        var seen: Set<String> = []
        var unlike: [UnlikeScreen] = []
        for screen in (treatment.screens + control.screens).map(\.screen) where seen.insert(screen).inserted {
            // A screen that may be among those a long list left out has an unknown share: it is not judged.
            guard let treatmentShare = treatment.share(of: screen), let controlShare = control.share(of: screen) else { continue }
            if max(treatmentShare, controlShare) >= Self.typicalShare, min(treatmentShare, controlShare) < Self.rareShare {
                unlike.append(UnlikeScreen(screen: screen, treatmentShare: treatmentShare, controlShare: controlShare))
            }
        }
        unlikeScreens = unlike.sorted { lhs, rhs in
            let left = abs(lhs.treatmentShare - lhs.controlShare), right = abs(rhs.treatmentShare - rhs.controlShare)
            return left != right ? left > right : lhs.screen.utf8.lexicographicallyPrecedes(rhs.screen.utf8)
        }
        isAlike = unlike.isEmpty
    }

    enum CodingKeys: String, CodingKey {
        case isAlike = "alike"
        case unlikeScreens = "unlike_screens"
    }
}
