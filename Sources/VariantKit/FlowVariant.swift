/// One flow implementation that fills one slot of a hosted app: a variant.
///
/// Each variant module (a folder under Variants/ with its one line in Package.swift, which
/// `swift package add-variant` writes) declares a public type named after the module
/// (`SignupWithMagicLink` declares `SignupWithMagicLinkVariant`) conforming to a refinement of this
/// protocol that its app defines, adding a coordinator factory. The VariantRegistryPlugin registers
/// that type at build time, so no registration code is written by hand.
public protocol FlowVariant: SendableMetatype {
    /// The identifier used in configs, on the command line and in events, such as `"tablet"`.
    static var id: String { get }
    /// The identifier of the slot this variant fills, such as `"app-shell"`.
    static var slot: String { get }
    /// One line saying how this variant differs.
    static var summary: String { get }
}
