/// Users by step and screen id, for the screens on the way to each step: a flat array while steps times screens is
/// small, as it is for any real funnel, so that counting a user's pairs costs no hashing; a dictionary beyond, so that
/// a log of endless distinct screen names costs memory in the pairs counted, not in every step times every screen.
struct StepScreenCounts {
    /// The most cells the flat array holds: 4 MiB of counts.
    static let flatLimit = 1 << 19

    private let steps: Int
    private let screens: Int
    private let isFlat: Bool
    private var flat: [Int]
    private var sparse: [Int: Int] = [:]

    init(steps: Int, screens: Int) {
        self.steps = steps
        self.screens = screens
        let (cells, overflow) = steps.multipliedReportingOverflow(by: screens)
        isFlat = !overflow && cells <= Self.flatLimit
        flat = isFlat ? Array(repeating: 0, count: cells) : []
    }

    /// Counts one user shown `screen` on the way to `step`.
    mutating func add(step: Int, screen: Int32) {
        let cell = step * screens + Int(screen)
        if isFlat {
            flat[cell] += 1
        } else {
            sparse[cell, default: 0] += 1
        }
    }

    /// For each step, the users of each screen counted on the way to it, by screen id; screens without users absent.
    func countsByStep() -> [[Int32: Int]] {
        var counts = Array(repeating: [Int32: Int](), count: steps)
        if isFlat {
            for cell in flat.indices where flat[cell] > 0 { counts[cell / screens][Int32(cell % screens)] = flat[cell] }
        } else {
            for (cell, users) in sparse { counts[cell / screens][Int32(cell % screens)] = users }
        }
        return counts
    }
}
