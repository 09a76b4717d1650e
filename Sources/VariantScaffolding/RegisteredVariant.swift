import Foundation

/// A variant module Package.swift registers, with the id its sources declare.
struct RegisteredVariant: Equatable {
    /// The module, such as `PhoneOnboarding`.
    var module: String
    /// The id it declares (`static let id = "phone"`), or nil when its sources declare none.
    var id: String?

    /// `phone (PhoneOnboarding)`, or the module alone when it declares no id.
    var shown: String { id.map { "\($0) (\(module))" } ?? module }

    /// Every variant Package.swift registers, in manifest order.
    static func all(in package: PackageLayout) -> [RegisteredVariant] {
        package.variants.map { RegisteredVariant(module: $0.module, id: package.declaredID(ofModule: $0.module)) }
    }

    /// The registered variant `name` names: the one declaring id `name`, else the one whose module is `name`.
    ///
    /// - Throws: `ScaffoldError` for a name that is neither (listing the registered variants), for an id
    ///   several modules declare, and for any text that cannot be an id or a module name.
    static func resolve(_ name: String, in package: PackageLayout) throws(ScaffoldError) -> RegisteredVariant {
        try package.variantsFolder.requireRealFolder()
        let registered = all(in: package)
        let known = registered.isEmpty
            ? "Package.swift registers no variants"
            : "Package.swift registers: " + registered.map(\.shown).joined(separator: ", ")
        guard !name.isEmpty else {
            throw ScaffoldError("--name is empty; give the id of the variant to remove; \(known); nothing was changed")
        }
        guard name.utf8.count <= 2 * Identifier.maximumLength, Identifier.isSlug(name) || Identifier.isModuleName(name) else {
            throw ScaffoldError(
                "--name \(Identifier.quoted(name)) is neither a variant id (a lowercase slug such as signup-after-profile) nor a variant "
                    + "module name (such as SignupAfterProfile); \(known); nothing was changed"
            )
        }
        let declaring = registered.filter { $0.id == name }
        if declaring.count > 1 {
            throw ScaffoldError(
                "several modules declare variant \"\(name)\": \(declaring.map(\.module).joined(separator: ", ")); remove one by its module name; nothing was changed"
            )
        }
        if let variant = declaring.first ?? registered.first(where: { $0.module == name }) { return variant }
        var message = "no registered variant \"\(name)\"; \(known)"
        let candidates = Identifier.isSlug(name) ? [Identifier.upperCamel(name)] : [name]
        for module in candidates {
            if let folder = try? package.variantsFolder.folder(ofModule: module), FileSystemEntry.kind(at: folder.path) != nil {
                message += ". Variants/\(module) exists but Package.swift does not register it: remove-variant deletes only registered variants; "
                    + "delete that folder by hand if it is not wanted"
            }
        }
        throw ScaffoldError(message + "; nothing was changed")
    }
}
