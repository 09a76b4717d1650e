import Coordination
import Synchronization
import VariantKit

/// The trail as designed: no lint.
package enum SoundTrail: TrailVariant {
    package static let id = "sound"
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { TrailCoordinator(navigator: navigator) }
}

/// Review offers nothing: no action, no back. A dead end.
package enum DeadEndTrail: TrailVariant {
    package static let id = "dead-end"
    final class Stops: TrailCoordinator {
        override func showReview() {
            navigator.push(PlantedScreen("review", actions: [], allowsBack: false), owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Stops(navigator: navigator) }
}

/// Help offers no back: its two tips lead only to each other. A cycle with no way out.
package enum CycleTrail: TrailVariant {
    package static let id = "cycle"
    final class Loops: TrailCoordinator {
        override var helpAllowsBack: Bool { false }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Loops(navigator: navigator) }
}

/// Saves the code without recording the mutation: a funnel step counting `save_code` never sees it.
package enum SilentTrail: TrailVariant {
    package static let id = "silent"
    final class Quiet: TrailCoordinator {
        override func recordCode() {}
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Quiet(navigator: navigator) }
}

/// Keeps its review screen, whose closure keeps the coordinator: both outlive the session.
package enum RetainingTrail: TrailVariant {
    package static let id = "retaining"
    final class Keeps: TrailCoordinator {
        var review: PlantedScreen?
        override func showReview() {
            let review = PlantedScreen("review", actions: ["confirm"])
            review.onAction = { _, _ in self.finish() }
            self.review = review
            navigator.push(review, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Keeps(navigator: navigator) }
}

/// Starts a child that shows nothing on every help: the same screens, one more coordinator.
package enum LeakyTrail: TrailVariant {
    package static let id = "leaky"
    final class Leaks: TrailCoordinator {
        override func showHelp() {
            startChild(Coordinator(navigator: navigator, name: "Tipster"))
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Leaks(navigator: navigator) }
}

/// Counts on intro: every visit is a new screen, so the map is as large as the limit allows.
package enum CounterTrail: TrailVariant {
    package static let id = "counter"
    final class Counts: TrailCoordinator {
        override func start() {
            let intro = PlantedScreen("intro", title: "0", actions: ["count", "next"], allowsBack: false)
            intro.onAction = { [unowned self, unowned intro] action, _ in
                if action == "count" { intro.content.title = String(Int(intro.content.title)! + 1) } else { showForm() }
            }
            navigator.setRoot(intro, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Counts(navigator: navigator) }
}

/// Offers next on intro in every other session only: a path replayed from a fresh session goes another way.
package enum FlakyTrail: TrailVariant {
    package static let id = "flaky"
    static let sessions = Mutex(0)
    final class Flickers: TrailCoordinator {
        override func start() {
            let session = FlakyTrail.sessions.withLock { count in
                count += 1
                return count
            }
            let intro = PlantedScreen("intro", actions: session % 2 == 0 ? [] : ["next"], allowsBack: false)
            intro.onAction = { [unowned self] _, _ in showForm() }
            navigator.setRoot(intro, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Flickers(navigator: navigator) }
}

/// A variant the app refuses to compose: its coordinator factory is never reached.
package enum RefusedTrail: TrailVariant {
    package static let id = "refused"
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { TrailCoordinator(navigator: navigator) }
}

/// Shows its review under a name the app does not declare.
package enum UndeclaredTrail: TrailVariant {
    package static let id = "undeclared"
    final class Renames: TrailCoordinator {
        override func showReview() {
            let review = PlantedScreen("summary", actions: ["confirm"])
            review.onAction = { [unowned self] _, _ in finish() }
            navigator.push(review, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Renames(navigator: navigator) }
}
