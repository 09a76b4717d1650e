import Foundation

/// Creates a variant module from its app's template for the slot and registers it in Package.swift.
struct VariantAddition {
    /// In template files and their names: the variant's UpperCamelCase name, id and summary.
    static let nameMarker = "__Name__"
    static let idMarker = "__id__"
    static let summaryMarker = "__summary__"

    let package: PackageLayout
    let app: String
    let slot: String
    let id: String
    /// One line saying how the variant differs from the others, shown by `switchyard variants`.
    let summary: String

    /// Checks the request, writes the module and the manifest line, and returns what to do next.
    func perform() throws(ScaffoldError) -> String {
        guard Identifier.isSlug(id) else {
            throw ScaffoldError(
                "--name \"\(id)\" is not a lowercase slug: letters and digits in words joined by single dashes, "
                    + "starting with a letter, such as signup-with-magic-link"
            )
        }
        let app = try package.app(named: app)
        guard app.templateSlots.contains(slot) else {
            throw ScaffoldError(
                "\(app.name) has no template for slot \"\(slot)\"; slots with templates: "
                    + (app.templateSlots.isEmpty ? "none (add VariantTemplates/<slot>/ to \(app.module)'s folder)" : app.templateSlots.joined(separator: ", "))
            )
        }
        let module = Identifier.upperCamel(id)
        let folder = package.variantFolder(module)
        if FileManager.default.fileExists(atPath: folder.path) {
            throw ScaffoldError("Variants/\(module) already exists; choose another --name, or remove that variant first")
        }
        if package.variants.contains(where: { $0.module == module }) {
            throw ScaffoldError("Package.swift already registers a variant module \(module); choose another --name")
        }
        if FileManager.default.fileExists(atPath: package.directory.appendingPathComponent("Sources/\(module)").path) {
            throw ScaffoldError("Sources/\(module) is already a module of this package; choose another --name")
        }
        if let existing = package.modules(declaringVariantID: id).first {
            throw ScaffoldError("a variant \"\(id)\" already exists (Variants/\(existing)); choose another --name")
        }
        guard !summary.allSatisfy(\.isWhitespace) else {
            throw ScaffoldError("--summary is empty; say in one line how \(id) differs, e.g. \"signup by a link sent by email\"")
        }
        guard !summary.contains("\"") && !summary.contains("\\") && !summary.contains("\n") else {
            throw ScaffoldError("--summary must be one line without quotes or backslashes")
        }

        let templates = try templateFiles(in: package.templateFolder(app: app, slot: slot))
        let files = try templates.map { template throws(ScaffoldError) -> (name: String, text: String) in
            let text: String
            do {
                text = try String(contentsOf: template, encoding: .utf8)
            } catch {
                throw ScaffoldError("cannot read template \(template.path): \(error.localizedDescription)")
            }
            let name = String(template.lastPathComponent.dropLast(".template".count))
            return (fill(name, module: module, summary: summary), fill(text, module: module, summary: summary))
        }
        let manifest = try ManifestVariantList(package.manifest).adding(module: module, app: app.module)

        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
            try manifest.write(to: package.directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw ScaffoldError("cannot write the variant: \(error.localizedDescription); nothing was changed")
        }
        return nextSteps(module: module, app: app, files: files.map(\.name))
    }

    private func templateFiles(in folder: URL) throws(ScaffoldError) -> [URL] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift.template") }
        guard !names.isEmpty else { throw ScaffoldError("\(folder.path) holds no *.swift.template files") }
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    private func fill(_ text: String, module: String, summary: String) -> String {
        text.replacingOccurrences(of: Self.nameMarker, with: module)
            .replacingOccurrences(of: Self.idMarker, with: id)
            .replacingOccurrences(of: Self.summaryMarker, with: summary)
    }

    private func nextSteps(module: String, app: PackageLayout.App, files: [String]) -> String {
        let config = "Configuration/\(app.name)/experiments.json"
        let experiments = ExperimentsOfSlot.keys(in: package.directory.appendingPathComponent(config), slot: slot)
        let where_ = experiments.isEmpty
            ? "an experiment on slot \(slot) in \(config)"
            : "the variations of experiment \(experiments.joined(separator: " or ")) in \(config)"
        return """
            Created variant \(id) (slot \(slot) of \(app.name)) in Variants/\(module): \(files.joined(separator: ", ")).
            Registered it in Package.swift: .variant("\(module)", app: "\(app.module)").
            Next:
              1. swift build
              2. add "\(id)" to \(where_), then: swift run \(package.hostExecutable) validate
              3. walk it: swift run \(package.hostExecutable) run --app \(app.name) --variant \(id)
                 or simulate it, before any experiment names it: swift run \(package.hostExecutable) simulate --app \(app.name) --users 1000 --variant \(id)
            To take it out again: swift package --allow-writing-to-package-directory remove-variant --name \(id)
            """
    }
}
