import Coordination

/// The variant a session runs in one slot, as the kind of variant the app expects there: the only
/// way an app reaches the variant's coordinator factory, so every coordinator it makes is labelled
/// with the variant's id.
///
/// ```swift
/// let auth = try selection.variant(for: "auth-flow", as: (any AuthFlowVariant.Type).self)
/// let coordinator = auth.coordinator { $0.makeCoordinator(navigator: navigator, services: services) }
/// ```
///
/// The label (`Coordinator.variant`) passes to the coordinator's children, and every event they
/// emit carries it as its `variant`: an app cannot log an event of a variant without saying which.
public struct ChosenVariant<Kind> {
    /// The variant's identifier, such as `"signup-after-profile"`.
    public let id: String
    @usableFromInline let kind: Kind

    @usableFromInline init(id: String, kind: Kind) {
        self.id = id
        self.kind = kind
    }

    /// Makes a coordinator with the variant's factory and labels it with the variant's id.
    ///
    /// - Parameter make: calls the variant's coordinator factory; it is called at once.
    @inlinable
    public func coordinator<Made: Coordinator, Failure: Error>(_ make: (Kind) throws(Failure) -> Made) throws(Failure) -> Made {
        let coordinator = try make(kind)
        coordinator.variant = id
        return coordinator
    }
}

extension ChosenVariant: Sendable where Kind: Sendable {}
