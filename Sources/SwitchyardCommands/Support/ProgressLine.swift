import UserSimulation

/// A one-line progress bar on standard error, redrawn in place; silent when not a terminal.
final class ProgressLine {
    private let enabled: Bool
    private var lastDrawn: Duration = .zero
    private var drawn = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Redraws the bar, at most ten times a second.
    func show(_ progress: SimulationProgress, elapsed: Duration) {
        guard enabled, elapsed - lastDrawn >= .milliseconds(100) || progress.usersDone == progress.totalUsers else { return }
        lastDrawn = elapsed
        drawn = true
        let fraction = progress.totalUsers > 0 ? Double(progress.usersDone) / Double(progress.totalUsers) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(progress.events) / seconds : 0
        let remaining = fraction > 0 ? seconds * (1 - fraction) / fraction : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        StandardIO.writeError(
            "\r[\(bar)] \(progress.usersDone.grouped)/\(progress.totalUsers.grouped) users  "
                + "\(Int(rate).grouped) events/s  ETA \(Int(remaining.rounded()))s   "
        )
    }

    /// Ends the line the bar was drawn on.
    func finish() {
        if drawn { StandardIO.writeError("\n") }
        drawn = false
    }
}
