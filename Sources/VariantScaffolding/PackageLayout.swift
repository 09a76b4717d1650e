import Foundation

/// What the tool needs to know of the package: its manifest's app and variant lines, the apps'
/// variant templates, and the variant modules under Variants/.
public struct PackageLayout {
    /// An app module named in Package.swift's `apps`.
    struct App {
        /// The module, such as `OnboardingApp`.
        var module: String
        /// The app's name as `--app` takes it: the module's name without `App`, in kebab case.
        var name: String
        /// The slots the app has templates for, sorted.
        var templateSlots: [String]
    }

    /// A variant module named in Package.swift's `variants`.
    struct Variant {
        /// The module, such as `SignupAfterProfile`.
        var module: String
        /// Its app's module.
        var app: String
    }

    /// A module of the package graph (this package's and its dependencies'), as the plugin describes it.
    struct GraphModule: Equatable {
        var name: String
        /// Its sources' folder, when it has sources.
        var directory: URL?
    }

    /// The package's root folder.
    let directory: URL
    /// Package.swift's text.
    let manifest: String
    /// The app modules, in manifest order.
    let apps: [App]
    /// The variant modules, in manifest order.
    let variants: [Variant]
    /// The modules of the package graph, as the plugin lists them (`--package-graph`); empty when the
    /// tool runs without the plugin, where only this package's manifest and Sources/ are known.
    let graph: [GraphModule]

    /// Reads the package at `path`; `graph` is the plugin's `--package-graph`: one `NAME<TAB>FOLDER` per line.
    public init(directory path: String, graph: String? = nil) throws(ScaffoldError) {
        directory = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        let manifestURL = directory.appendingPathComponent("Package.swift")
        do {
            manifest = try String(contentsOf: manifestURL, encoding: .utf8)
        } catch {
            throw ScaffoldError("cannot read \(manifestURL.path): \(error.localizedDescription)")
        }
        let directory = directory
        apps = Self.captures(of: #"\.app\("([A-Za-z0-9_]+)"\)"#, in: manifest).map { groups in
            let module = groups[0]
            let templates = Self.moduleFolder(module, in: directory).appendingPathComponent("VariantTemplates").path
            let slots = ((try? FileManager.default.contentsOfDirectory(atPath: templates)) ?? []).filter { entry in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: "\(templates)/\(entry)", isDirectory: &isDirectory) && isDirectory.boolValue
            }.sorted()
            return App(module: module, name: Self.appName(ofModule: module), templateSlots: slots)
        }
        variants = Self.captures(of: #"\.variant\("([A-Za-z0-9_]+)",\s*app:\s*"([A-Za-z0-9_]+)"\)"#, in: manifest).map {
            Variant(module: $0[0], app: $0[1])
        }
        self.graph = (graph ?? "").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = fields.first, !name.isEmpty else { return nil }
            let folder = fields.count > 1 && !fields[1].isEmpty ? URL(fileURLWithPath: String(fields[1]), isDirectory: true) : nil
            return GraphModule(name: String(name), directory: folder)
        }
    }

    /// The package's `Variants/` folder, where variant folders are created and deleted.
    var variantsFolder: VariantsFolder { VariantsFolder(package: directory) }

    /// The sources folder of module `name`: as the plugin lists it, else `Sources/<name>` or
    /// `Sources/<group>/<name>` of this package; nil when neither exists.
    func sourcesFolder(ofModule name: String) -> URL? {
        if let listed = graph.first(where: { $0.name == name })?.directory { return listed }
        let local = Self.moduleFolder(name, in: directory)
        return FileManager.default.fileExists(atPath: local.path) ? local : nil
    }

    /// The id variant module `module` declares (`static let id = "<id>"` in its folder's sources), or nil.
    func declaredID(ofModule module: String) -> String? {
        guard let folder = try? variantsFolder.folder(ofModule: module) else { return nil }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        for file in files where file.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                  let declaration = text.range(of: "static let id = \"")
            else { continue }
            return String(text[declaration.upperBound...].prefix { $0 != "\"" && $0 != "\n" })
        }
        return nil
    }

    /// The package's host executable, as `swift run` names it: its first executable product, or `switchyard`.
    var hostExecutable: String {
        Self.captures(of: #"\.executable\(\s*name:\s*"([^"]+)""#, in: manifest).first?.first ?? "switchyard"
    }

    /// The template folder of `slot` of `app`.
    func templateFolder(app: App, slot: String) -> URL {
        Self.moduleFolder(app.module, in: directory).appendingPathComponent("VariantTemplates/\(slot)")
    }

    /// The folder of app module `module`: `Sources/<module>`, or `Sources/<group>/<module>` when the
    /// package groups its apps (this repository keeps its samples in `Sources/Samples/`).
    static func moduleFolder(_ module: String, in directory: URL) -> URL {
        let sources = directory.appendingPathComponent("Sources")
        let direct = sources.appendingPathComponent(module)
        if FileManager.default.fileExists(atPath: direct.path) { return direct }
        let groups = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
        for group in groups {
            let nested = sources.appendingPathComponent(group).appendingPathComponent(module)
            if FileManager.default.fileExists(atPath: nested.path) { return nested }
        }
        return direct
    }

    /// The app named `name` (or whose module is `name`), or an error listing the apps.
    func app(named name: String) throws(ScaffoldError) -> App {
        guard let app = apps.first(where: { $0.name == name || $0.module == name }) else {
            let known = apps.map { "\($0.name) (\($0.module))" }.joined(separator: ", ")
            throw ScaffoldError("unknown app \(Identifier.quoted(name)); Package.swift registers: \(known.isEmpty ? "no apps" : known)")
        }
        return app
    }

    /// `OnboardingApp` is the app `onboarding`; `ShopFrontApp` is `shop-front`.
    public static func appName(ofModule module: String) -> String {
        let base = module.hasSuffix("App") && module != "App" ? String(module.dropLast(3)) : module
        var name = ""
        for character in base {
            if character.isUppercase, !name.isEmpty { name.append("-") }
            name.append(contentsOf: character.lowercased())
        }
        return name
    }

    private static func captures(of pattern: String, in text: String) -> [[String]] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
        }
    }
}
