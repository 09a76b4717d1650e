import Foundation

/// Creates a variant module from its app's template for the slot and registers it in Package.swift.
public struct VariantAddition {
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

    /// A request to add variant `id` to slot `slot` of app `app` (its name or its module) of `package`,
    /// described by `summary`.
    public init(package: PackageLayout, app: String, slot: String, id: String, summary: String) {
        self.package = package
        self.app = app
        self.slot = slot
        self.id = id
        self.summary = summary
    }

    /// Checks the request, writes the module and the manifest line, and returns what to do next.
    ///
    /// Everything is checked before anything is written. The module is written under a dot-prefixed
    /// working name in Variants/ (marker first), renamed into place, and registered by renaming a new
    /// manifest over Package.swift, the point the variant exists; the marker is removed last. A run
    /// stopped anywhere leaves only what `UnfinishedChanges` cleans up (the next command runs it first)
    /// and what the build names.
    public func perform() throws(ScaffoldError) -> String {
        try NewVariantName.requireSlug(id)
        let app = try package.app(named: app)
        guard app.templateSlots.contains(slot) else {
            throw ScaffoldError(
                "\(app.name) has no template for slot \(Identifier.quoted(slot)); slots with templates: "
                    + (app.templateSlots.isEmpty ? "none (add VariantTemplates/<slot>/ to \(app.module)'s folder)" : app.templateSlots.joined(separator: ", "))
            )
        }
        let templates = try templateFiles(in: package.templateFolder(app: app, slot: slot)).map { template throws(ScaffoldError) -> (name: String, text: String) in
            do {
                return (String(template.lastPathComponent.dropLast(".template".count)), try String(contentsOf: template, encoding: .utf8))
            } catch {
                throw ScaffoldError("cannot read template \(template.path): \(error.localizedDescription)")
            }
        }
        let module = try NewVariantName(package: package, app: app).module(for: id, templates: templates)
        try SummaryText.check(summary, id: id)
        let files = templates.map { (fill($0.name, module: module, summary: summary), fill($0.text, module: module, summary: summary)) }
        let manifest = try ManifestVariantList(package.manifest).adding(module: module, app: app.module)

        try ManifestFile.requireReplaceable(in: package.directory)
        let variants = package.variantsFolder
        let folder = try variants.folder(ofModule: module)
        let working = try variants.workingFolder(VariantsFolder.addingPrefix, module: module)
        let fileManager = FileManager.default
        do {
            if !variants.exists { try fileManager.createDirectory(at: variants.url, withIntermediateDirectories: false) }
            try fileManager.createDirectory(at: working, withIntermediateDirectories: false)
            try Data("add-variant \(id): being written\n".utf8).write(to: working.appendingPathComponent(VariantsFolder.unfinishedMarker))
            for (name, text) in files {
                try Data(text.utf8).write(to: working.appendingPathComponent(name))
            }
            try fileManager.moveItem(at: working, to: folder)
        } catch {
            try? fileManager.removeItem(at: working)
            throw ScaffoldError("cannot write the variant: \(error.localizedDescription); nothing was changed")
        }
        do throws(ScaffoldError) {
            try ManifestFile.replace(in: package.directory, with: manifest)
        } catch {
            try? fileManager.removeItem(at: folder)
            throw error
        }
        // Registered: the variant exists. The marker's removal only tidies up; the next command removes it otherwise.
        try? fileManager.removeItem(at: folder.appendingPathComponent(VariantsFolder.unfinishedMarker))
        return nextSteps(module: module, app: app, files: files.map(\.0))
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
        let file = package.directory.appendingPathComponent(config)
        let listing = ExperimentsOfSlot.keys(in: file, slot: slot, listing: id)
        let experiments = ExperimentsOfSlot.keys(in: file, slot: slot).filter { !listing.contains($0) }
        let where_ = experiments.isEmpty
            ? "an experiment on slot \(slot) in \(config)"
            : "the variations of experiment \(experiments.joined(separator: " or ")) in \(config)"
        // An experiment that lists the id already needs no edit: only the check.
        let configure = listing.isEmpty
            ? "add \"\(id)\" to \(where_), then"
            : "experiment \(listing.joined(separator: " and ")) in \(config) already list\(listing.count == 1 ? "s" : "") \"\(id)\"; check it"
        return """
            Created variant \(id) (slot \(slot) of \(app.name)) in Variants/\(module): \(files.joined(separator: ", ")).
            Registered it in Package.swift: .variant("\(module)", app: "\(app.module)").
            Next:
              1. swift build
              2. \(configure): swift run \(package.hostExecutable) validate
              3. walk it: swift run \(package.hostExecutable) run --app \(app.name) --variant \(id)
                 or simulate it, before any experiment names it: swift run \(package.hostExecutable) simulate --app \(app.name) --users 1000 --variant \(id)
            To take it out again: swift package --allow-writing-to-package-directory remove-variant --name \(id)
            """
    }
}
