import Coordination
import Synchronization
import VariantKit

/// Review offers nothing: no action, no back. A dead end.
enum DeadEndTrail: TrailVariant {
    static let id = "dead-end"
    final class Stops: TrailCoordinator {
        override func showReview() {
            navigator.push(TrailScreen("review", actions: [], allowsBack: false), owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Stops(navigator: navigator) }
}

/// Help offers no back: its two tips lead only to each other. A cycle with no way out.
enum CycleTrail: TrailVariant {
    static let id = "cycle"
    final class Loops: TrailCoordinator {
        override var helpAllowsBack: Bool { false }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Loops(navigator: navigator) }
}

/// Saves the code without recording the mutation: a funnel step counting `save_code` never sees it.
enum SilentTrail: TrailVariant {
    static let id = "silent"
    final class Quiet: TrailCoordinator {
        override func recordCode() {}
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Quiet(navigator: navigator) }
}

/// Keeps its review screen, whose closure keeps the coordinator: both outlive the session.
enum RetainingTrail: TrailVariant {
    static let id = "retaining"
    final class Keeps: TrailCoordinator {
        var review: TrailScreen?
        override func showReview() {
            let review = TrailScreen("review", actions: ["confirm"])
            review.onAction = { _, _ in self.finish() }
            self.review = review
            navigator.push(review, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Keeps(navigator: navigator) }
}

/// Starts a child that shows nothing on every help: the same screens, one more coordinator.
enum LeakyTrail: TrailVariant {
    static let id = "leaky"
    final class Leaks: TrailCoordinator {
        override func showHelp() {
            startChild(Coordinator(navigator: navigator, name: "Tipster"))
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Leaks(navigator: navigator) }
}

/// Counts on intro: every visit is a new screen, so the map is as large as the limit allows.
enum CounterTrail: TrailVariant {
    static let id = "counter"
    final class Counts: TrailCoordinator {
        override func start() {
            let intro = TrailScreen("intro", title: "0", actions: ["count", "next"], allowsBack: false)
            intro.onAction = { [unowned self, unowned intro] action, _ in
                if action == "count" { intro.content.title = String(Int(intro.content.title)! + 1) } else { showForm() }
            }
            navigator.setRoot(intro, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Counts(navigator: navigator) }
}

/// Offers next on intro in every other session only: a path replayed from a fresh session goes another way.
enum FlakyTrail: TrailVariant {
    static let id = "flaky"
    static let sessions = Mutex(0)
    final class Flickers: TrailCoordinator {
        override func start() {
            let session = FlakyTrail.sessions.withLock { count in
                count += 1
                return count
            }
            let intro = TrailScreen("intro", actions: session % 2 == 0 ? [] : ["next"], allowsBack: false)
            intro.onAction = { [unowned self] _, _ in showForm() }
            navigator.setRoot(intro, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Flickers(navigator: navigator) }
}

/// A variant the app refuses to compose: its coordinator factory is never reached.
enum RefusedTrail: TrailVariant {
    static let id = "refused"
    static func makeCoordinator(navigator: Navigator) -> Coordinator { TrailCoordinator(navigator: navigator) }
}

/// The trail app, refusing to compose `RefusedTrail`, as an app whose factory throws.
enum ThrowingTrailApp: HostedApp {
    static let name = "throwing-trail"
    static var slots: [AppSlot] { TrailApp.slots }
    static var screenNames: [String] { TrailApp.screenNames }
    static var syntheticInput: SyntheticInput { TrailApp.syntheticInput }

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        if selection["trail"]?.id == RefusedTrail.id { throw CompositionError("the refused trail cannot be composed") }
        return try TrailApp.makeRootCoordinator(for: selection, navigator: navigator)
    }
}

/// The trail app declaring a settings screen no variant shows.
enum OverdeclaredTrailApp: HostedApp {
    static let name = "overdeclared-trail"
    static var slots: [AppSlot] { TrailApp.slots }
    static var screenNames: [String] { TrailApp.screenNames + ["settings"] }
    static var syntheticInput: SyntheticInput { TrailApp.syntheticInput }

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try TrailApp.makeRootCoordinator(for: selection, navigator: navigator)
    }
}

/// Shows its review under a name the app does not declare.
enum UndeclaredTrail: TrailVariant {
    static let id = "undeclared"
    final class Renames: TrailCoordinator {
        override func showReview() {
            let review = TrailScreen("summary", actions: ["confirm"])
            review.onAction = { [unowned self] _, _ in finish() }
            navigator.push(review, owner: self)
        }
    }
    static func makeCoordinator(navigator: Navigator) -> Coordinator { Renames(navigator: navigator) }
}
