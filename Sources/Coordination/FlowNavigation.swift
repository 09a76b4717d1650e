import Observation

/// What a flow shows, as observable state: the stacks of its navigators and how the flow ended.
///
/// A SwiftUI view reading it, or a UIKit controller tracking it with `withObservationTracking`,
/// follows the flow without mirroring each `NavigationChange` itself: the session updates it after
/// every push, pop, presentation and dismissal, before the newly visible screen is announced, and
/// sets `outcome` when the flow ends.
///
/// ```swift
/// struct FlowView: View {
///     let navigation: FlowNavigation
///     var body: some View {
///         if let screen = navigation.visibleScreen { ScreenView(screen: screen) }
///     }
/// }
/// ```
///
/// Get it from `FlowSession.navigation`; headless sessions that never ask for it never build it.
@Observable
public final class FlowNavigation {
    /// The screens of each stack of the modal chain, bottom first: the root navigator's stack, then
    /// the stack of each modal presented over it, in order.
    public private(set) var stacks: [[any Screen]]
    /// How the flow ended; nil while it runs.
    public private(set) var outcome: FlowOutcome?

    /// The screen the user sees: the top of the last stack.
    public var visibleScreen: (any Screen)? {
        stacks.last?.last
    }

    /// The names of each stack's screens, bottom first, as `stacks` orders them.
    public var screenNames: [[String]] {
        stacks.map { $0.map(\.name) }
    }

    init(reading navigator: Navigator) {
        stacks = Self.stacks(of: navigator)
    }

    /// Reads the stacks again from `navigator`, the root of the chain.
    func update(from navigator: Navigator) {
        stacks = Self.stacks(of: navigator)
    }

    /// Records how the flow ended.
    func end(_ outcome: FlowOutcome) {
        self.outcome = outcome
    }

    private static func stacks(of root: Navigator) -> [[any Screen]] {
        var stacks: [[any Screen]] = []
        var navigator: Navigator? = root
        while let current = navigator {
            stacks.append(current.screens)
            navigator = current.presented
        }
        return stacks
    }
}
