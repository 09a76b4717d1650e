import ArgumentParser
import BundledVariants
import VariantHost

/// The CLI's access to the host: the bundled registry, with errors as clean exits.
enum Host {
    /// The registry of the bundled app and variants.
    static func registry() throws -> VariantRegistry {
        do {
            return try VariantRegistry(app: BundledVariants.app, variants: BundledVariants.all)
        } catch {
            throw ValidationError("the bundled variants are inconsistent: \(error)")
        }
    }
}
