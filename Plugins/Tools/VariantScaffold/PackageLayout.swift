import Foundation

/// What the tool needs to know of the package: its manifest's app and variant lines, the apps'
/// variant templates, and the variant modules under Variants/.
struct PackageLayout {
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

    /// The package's root folder.
    let directory: URL
    /// Package.swift's text.
    let manifest: String
    /// The app modules, in manifest order.
    let apps: [App]
    /// The variant modules, in manifest order.
    let variants: [Variant]

    /// Reads the package at `path`.
    init(directory path: String) throws(ScaffoldError) {
        directory = URL(fileURLWithPath: path, isDirectory: true)
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
    }

    /// The package's host executable, as `swift run` names it: its first executable product, or `switchyard`.
    var hostExecutable: String {
        Self.captures(of: #"\.executable\(\s*name:\s*"([^"]+)""#, in: manifest).first?.first ?? "switchyard"
    }

    /// The folder of variant module `module`.
    func variantFolder(_ module: String) -> URL {
        directory.appendingPathComponent("Variants").appendingPathComponent(module)
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
            throw ScaffoldError("unknown app \"\(name)\"; Package.swift registers: \(known.isEmpty ? "no apps" : known)")
        }
        return app
    }

    /// Variant modules whose sources declare `static let id = "<id>"`, found by reading them.
    func modules(declaringVariantID id: String) -> [String] {
        let variantsFolder = directory.appendingPathComponent("Variants").path
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: variantsFolder)) ?? []).sorted()
        let declaration = "static let id = \"\(id)\""
        return folders.filter { folder in
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(variantsFolder)/\(folder)")) ?? []
            return files.contains { file in
                guard file.hasSuffix(".swift"),
                      let text = try? String(contentsOfFile: "\(variantsFolder)/\(folder)/\(file)", encoding: .utf8)
                else { return false }
                return text.contains(declaration)
            }
        }
    }

    /// `OnboardingApp` is the app `onboarding`; `ShopFrontApp` is `shop-front`.
    static func appName(ofModule module: String) -> String {
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
