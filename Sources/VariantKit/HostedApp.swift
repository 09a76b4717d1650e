import Coordination

/// An app whose flows Switchyard hosts: it names its slots, composes the variants chosen for
/// them into the root coordinator of a session, and says what simulated users type into its
/// fields.
///
/// Each app is a module registered in Package.swift with exactly one public type conforming to
/// this protocol; its variants are modules under Variants/ (see `FlowVariant`).
public protocol HostedApp: SendableMetatype {
    /// The app's identifier, a lowercase slug such as `"onboarding"`: used by `--app`, in
    /// configs (`"app"`) and in listings.
    static var name: String { get }
    /// The slots a session fills, each with one variant.
    static var slots: [AppSlot] { get }
    /// The name of every screen the app can show, as its events name them (`screen_shown`'s `screen`):
    /// a behaviour model naming any other screen has a typo, and the host refuses it.
    static var screenNames: [String] { get }
    /// The values synthetic users enter in the app's fields, valid and invalid.
    static var syntheticInput: SyntheticInput { get }
    /// Creates the root coordinator for one session that shows its screens on `navigator`.
    ///
    /// - Throws: `CompositionError` when a chosen variant is missing or not of the slot's kind.
    static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator
    ) throws(CompositionError) -> Coordinator
}
