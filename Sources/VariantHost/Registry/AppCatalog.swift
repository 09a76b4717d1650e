import VariantKit

/// Every app a host can run, each with the registry of its variants.
public struct AppCatalog: Sendable {
    /// The apps' registries, in the order the apps were registered.
    public let registries: [VariantRegistry]

    /// Checks and indexes `apps`.
    ///
    /// - Throws: `RegistryError` for two apps of one name, a name that is not a lowercase slug,
    ///   or an app whose variants do not fit its slots (see `VariantRegistry`).
    public init(_ apps: [RegisteredApp]) throws(RegistryError) {
        var registries: [VariantRegistry] = []
        for registered in apps {
            let name = registered.app.name
            guard Slug.isValid(name) else {
                throw RegistryError("app name \"\(name)\" is not a lowercase slug (letters, digits and single dashes)")
            }
            guard !registries.contains(where: { $0.app.name == name }) else {
                throw RegistryError("two apps are registered as \"\(name)\"")
            }
            registries.append(try VariantRegistry(app: registered.app, variants: registered.variants))
        }
        self.registries = registries
    }

    /// The apps' names, in registration order.
    public var appNames: [String] { registries.map { $0.app.name } }

    /// The registry of the app named `name`, or an error listing the apps.
    public func registry(forApp name: String) throws(RegistryError) -> VariantRegistry {
        guard let registry = registries.first(where: { $0.app.name == name }) else {
            throw RegistryError("unknown app \"\(name)\"; expected one of: \(appNames.joined(separator: ", "))")
        }
        return registry
    }

    /// The registries of the apps that have a variant `id`.
    package func registries(withVariant id: String) -> [VariantRegistry] {
        registries.filter { $0.variant(id: id) != nil }
    }
}
