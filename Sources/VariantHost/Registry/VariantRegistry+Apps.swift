import VariantKit

extension VariantRegistry {
    /// Checks the apps a host registers and gives each its registry, in registration order.
    ///
    /// - Parameter apps: The registered apps, such as a registry plugin's `RegisteredApps.all`.
    /// - Throws: `RegistryError` for two apps of one name, a name that is not a lowercase slug, or
    ///   an app whose variants do not fit its slots (see ``init(app:variants:)``).
    public static func registries(of apps: [RegisteredApp]) throws(RegistryError) -> [VariantRegistry] {
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
        return registries
    }
}

extension Array where Element == VariantRegistry {
    /// The apps' names, in registration order.
    public var appNames: [String] { map { $0.app.name } }

    /// The registry of the app named `name`, or an error listing the apps.
    public func registry(forApp name: String) throws(RegistryError) -> VariantRegistry {
        guard let registry = first(where: { $0.app.name == name }) else {
            throw RegistryError("unknown app \"\(name)\"; expected one of: \(appNames.joined(separator: ", "))")
        }
        return registry
    }

    /// The registries of the apps that have a variant `id`.
    package func registries(withVariant id: String) -> [VariantRegistry] {
        filter { $0.variant(id: id) != nil }
    }
}
