import Foundation

/// Removes a registered variant module: its line in Package.swift and its folder under Variants/.
public struct VariantRemoval {
    let package: PackageLayout
    /// What `--name` said: the variant's id, or its module's name.
    let name: String

    /// A request to remove the variant `name` (its id or its module) from `package`.
    public init(package: PackageLayout, name: String) {
        self.package = package
        self.name = name
    }

    /// Resolves the name to a registered variant, refuses a slot's default, and removes the variant,
    /// saying what still names it.
    ///
    /// The folder is marked first, the manifest without its line is renamed over Package.swift (the
    /// point the variant is gone), and the folder is then renamed to a dot-prefixed working name and
    /// deleted. A run stopped anywhere leaves what `UnfinishedChanges` cleans up (the next command runs it first).
    public func perform() throws(ScaffoldError) -> String {
        let variant = try RegisteredVariant.resolve(name, in: package)
        let folder = try package.variantsFolder.folder(ofModule: variant.module)
        guard let manifest = try ManifestVariantList(package.manifest).removing(module: variant.module) else {
            throw ScaffoldError("Package.swift names \(variant.module) outside its `variants` list; remove it there by hand; nothing was changed")
        }
        try requireNotADefault(variant)
        let kind = FileSystemEntry.kind(at: folder.path)
        guard kind == nil || kind == .directory else {
            throw ScaffoldError("Variants/\(variant.module) is not a folder; remove-variant deletes only variant folders; nothing was changed")
        }

        try ManifestFile.requireReplaceable(in: package.directory)
        let marker = folder.appendingPathComponent(VariantsFolder.unfinishedMarker)
        let fileManager = FileManager.default
        if kind == .directory {
            do {
                try Data("remove-variant \(variant.id ?? variant.module): being removed\n".utf8).write(to: marker)
            } catch {
                throw ScaffoldError("cannot write to Variants/\(variant.module): \(error.localizedDescription); nothing was changed")
            }
        }
        do throws(ScaffoldError) {
            try ManifestFile.replace(in: package.directory, with: manifest)
        } catch {
            try? fileManager.removeItem(at: marker)
            throw error
        }
        if kind == .directory {
            let away = try package.variantsFolder.workingFolder(VariantsFolder.removingPrefix, module: variant.module)
            do {
                try fileManager.moveItem(at: folder, to: away)
                try fileManager.removeItem(at: away)
            } catch {
                throw ScaffoldError(
                    "removed \(variant.module)'s line from Package.swift, but cannot delete its folder: \(error.localizedDescription); "
                        + "run \(UnfinishedChanges.cleanUpCommand) to finish"
                )
            }
        }
        let shown = variant.shown
        var lines = [
            "Removed variant \(shown): " + (kind == .directory ? "Variants/\(variant.module) and its line in Package.swift." : "its line in Package.swift (it had no folder)."),
        ]
        if let id = variant.id {
            for config in configsNaming(id) {
                lines.append("\(config) still names \"\(id)\": remove it there, or validate will fail.")
            }
        } else {
            lines.append("Variants/\(variant.module) declared no `static let id`, so no config was searched for it.")
        }
        return lines.joined(separator: "\n")
    }

    /// Fails when `variant` is the default of a slot of its app, as the app's code gives it (a string
    /// literal or a string constant, however written), or when a default there is an expression whose
    /// value only the build knows: removing a default would leave the slot without a variant.
    private func requireNotADefault(_ variant: RegisteredVariant) throws(ScaffoldError) {
        guard let id = variant.id else { return }
        let apps = package.variants.filter { $0.module == variant.module }.map(\.app)
        let declarations = apps.flatMap { DefaultVariantDeclaration.all(inApp: $0, of: package) }
        if let declaration = declarations.first(where: { $0.variant == id }) {
            throw ScaffoldError(
                "\(id) (\(variant.module)) is the default variant of slot \(declaration.slot ?? "(its id is not a literal)"), declared at "
                    + "\(declaration.location): \(declaration.text); choose another default there first, then remove it; nothing was changed"
            )
        }
        if let unknown = declarations.first(where: { $0.variant == nil }) {
            throw ScaffoldError(
                "cannot tell whether \(id) (\(variant.module)) is a slot's default: the default at \(unknown.location) is "
                    + "\(unknown.text), which is neither a string literal nor a string constant (`let name = \"...\"`); "
                    + "write it as one, then run remove-variant again; nothing was changed"
            )
        }
    }

    /// The experiment configs under Configuration/ whose text names `variantID`.
    private func configsNaming(_ variantID: String) -> [String] {
        let configuration = package.directory.appendingPathComponent("Configuration")
        let files = FileManager.default.enumerator(atPath: configuration.path)?.compactMap { $0 as? String } ?? []
        return files.sorted().filter { file in
            file.hasSuffix(".json")
                && ((try? String(contentsOf: configuration.appendingPathComponent(file), encoding: .utf8))?.contains("\"\(variantID)\"") ?? false)
        }.map { "Configuration/\($0)" }
    }
}
