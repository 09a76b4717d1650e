import VariantKit

/// The hosted apps and their variant modules in this build.
///
/// Its member `apps` is generated at build time by VariantRegistryPlugin from the app and variant
/// modules Package.swift names: `swift package add-variant` adds one.
public enum BundledVariants {
    /// The registered app named `name`, with its variants, if there is one.
    public static func app(named name: String) -> RegisteredApp? {
        apps.first { $0.app.name == name }
    }
}
