import Foundation

/// The checks a new variant's id passes before add-variant writes anything: a slug of bounded
/// length, whose module name and every identifier the templates derive from it are free to take.
struct NewVariantName {
    let package: PackageLayout
    let app: PackageLayout.App

    /// The module name for `id`, once `id` passes every check.
    ///
    /// - Parameter templates: the slot's templates (file name and text), whose `__Name__` identifiers are checked too.
    /// - Throws: `ScaffoldError` saying which rule the id breaks and how to choose another.
    func module(for id: String, templates: [(name: String, text: String)]) throws(ScaffoldError) -> String {
        try Self.requireSlug(id)
        let module = Identifier.upperCamel(id)
        let refuse = { (reason: String) in
            ScaffoldError("--name \(Identifier.quoted(id)) would create the module \(module), \(reason); choose another --name; nothing was changed")
        }
        if let reason = ReservedNames.reason(forbidding: module) { throw refuse("which is \(reason)") }
        let lowered = module.lowercased()
        if let taken = ManifestNames.names(in: package.manifest).first(where: { $0.lowercased() == lowered }) {
            throw refuse(
                "but Package.swift already names \"\(taken)\" (a target, product, app, variant or dependency; names that differ "
                    + "only in case clash too)"
            )
        }
        if let taken = package.graph.first(where: { $0.name.lowercased() == lowered }) {
            throw refuse("but the package graph already has a module \(taken.name)")
        }
        if FileManager.default.fileExists(atPath: PackageLayout.moduleFolder(module, in: package.directory).path) {
            throw refuse("but Sources/ already holds a module folder of that name")
        }
        let importedTypes = typesDeclared(by: importedModules(templates))
        // The generated registry imports VariantKit and every app and variant module: a type any of
        // them declares named like the new module would shadow it there (`hosted-app` would make a
        // module `HostedApp` beside VariantKit's protocol). Their sources are read as they stand, so
        // a type VariantKit gains is refused without a list to keep up to date.
        let registryTypes = typesDeclared(by: Self.registryImports(of: package))
        if let clash = (importedTypes + registryTypes).first(where: { $0.types.contains(module) }) {
            throw refuse("but \(clash.module) declares a type \(module), which would shadow the module where both are imported")
        }
        for identifier in derivedIdentifiers(of: module, templates: templates) where identifier != module {
            if let reason = ReservedNames.reason(forbidding: identifier) {
                throw refuse("and its templates would declare \(identifier), which is \(reason)")
            }
            if let clash = importedTypes.first(where: { $0.types.contains(identifier) }) {
                throw refuse("and its templates would declare \(identifier), which \(clash.module) (imported by the variant) already declares")
            }
        }
        let folder = try package.variantsFolder.folder(ofModule: module)
        if FileSystemEntry.kind(at: folder.path) != nil {
            throw refuse("but Variants/\(module) already exists (remove that variant first, or delete the folder if it is not one)")
        }
        if package.variants.contains(where: { $0.module == module }) {
            throw refuse("but Package.swift already registers a variant module \(module)")
        }
        if let existing = package.variants.first(where: { package.declaredID(ofModule: $0.module) == id }) {
            throw ScaffoldError("a variant \"\(id)\" already exists (Variants/\(existing.module)); choose another --name; nothing was changed")
        }
        return module
    }

    /// The modules the generated registry imports, as VariantRegistryGenerator writes its `import`
    /// lines: VariantKit, and every app and variant module.
    static func registryImports(of package: PackageLayout) -> [String] {
        ["VariantKit"] + package.apps.map(\.module) + package.variants.map(\.module)
    }

    /// Fails unless `id` is a slug of at most `Identifier.maximumLength` characters.
    static func requireSlug(_ id: String) throws(ScaffoldError) {
        guard !id.isEmpty else {
            throw ScaffoldError("--name is empty; give the new variant's id, such as signup-with-magic-link; nothing was changed")
        }
        guard Identifier.isSlug(id) else {
            throw ScaffoldError(
                "--name \(Identifier.quoted(id)) is not a lowercase slug: letters and digits in words joined by single dashes, "
                    + "starting with a letter, such as signup-with-magic-link; nothing was changed"
            )
        }
        guard id.utf8.count <= Identifier.maximumLength else {
            throw ScaffoldError(
                "--name is \(id.utf8.count) characters long; a variant id has at most \(Identifier.maximumLength); nothing was changed"
            )
        }
    }

    /// Every identifier the templates spell with `__Name__` (such as `__Name__Coordinator`), with the module filled in.
    private func derivedIdentifiers(of module: String, templates: [(name: String, text: String)]) -> Set<String> {
        guard let expression = try? NSRegularExpression(pattern: "[A-Za-z0-9_]*\(VariantAddition.nameMarker)[A-Za-z0-9_]*") else { return [] }
        var identifiers: Set<String> = []
        for text in templates.flatMap({ [$0.name.components(separatedBy: ".").first ?? "", $0.text] }) {
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range, in: text) else { continue }
                identifiers.insert(text[range].replacingOccurrences(of: VariantAddition.nameMarker, with: module))
            }
        }
        return identifiers
    }

    /// The modules the templates import (the app, Coordination, VariantKit...), and the app.
    private func importedModules(_ templates: [(name: String, text: String)]) -> [String] {
        var imported: [String] = []
        for template in templates {
            for line in template.text.split(separator: "\n") where line.hasPrefix("import ") {
                let module = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                if !imported.contains(module) { imported.append(module) }
            }
        }
        if !imported.contains(app.module) { imported.append(app.module) }
        return imported
    }

    /// The type names each of `modules` declares, for the modules whose sources can be found.
    private func typesDeclared(by modules: [String]) -> [(module: String, types: Set<String>)] {
        modules.compactMap { module in
            let folder = package.variants.contains { $0.module == module }
                ? try? package.variantsFolder.folder(ofModule: module)
                : package.sourcesFolder(ofModule: module)
            return folder.map { (module, DeclaredTypes.names(inSourcesUnder: $0)) }
        }
    }
}
