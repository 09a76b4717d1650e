/// One flow implementation that fills one slot of a hosted app: a variant.
///
/// Each module under Variants/ declares exactly one public type conforming to a refinement of
/// this protocol (the app defines refinements that add a coordinator factory). The
/// VariantRegistryPlugin finds it at build time, so no registration code is written by hand.
public protocol FlowVariant: SendableMetatype {
    /// The identifier used in configs, on the command line and in events, such as `"tablet"`.
    static var id: String { get }
    /// The identifier of the slot this variant fills, such as `"app-shell"`.
    static var slot: String { get }
    /// One line saying how this variant differs.
    static var summary: String { get }
}
