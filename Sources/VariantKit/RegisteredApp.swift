/// A hosted app and the variant modules registered for it in this build.
///
/// The registry plugin generates one per app module named in Package.swift, listing the variant
/// modules registered for that app.
public struct RegisteredApp: Sendable {
    /// The app.
    public var app: any HostedApp.Type
    /// Its variants, one per variant module.
    public var variants: [any FlowVariant.Type]

    /// Pairs an app with its variants.
    public init(app: any HostedApp.Type, variants: [any FlowVariant.Type]) {
        self.app = app
        self.variants = variants
    }
}

extension Sequence where Element == RegisteredApp {
    /// The registered app named `name`, if there is one.
    public func app(named name: String) -> RegisteredApp? {
        first { $0.app.name == name }
    }
}
