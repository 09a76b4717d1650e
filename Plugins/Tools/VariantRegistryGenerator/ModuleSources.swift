import Foundation

/// The Swift sources of one module, as named on the generator's command line.
struct ModuleSources {
    /// What a module is to the registry.
    enum Role: Equatable {
        /// An app module, under Sources/.
        case app
        /// A variant module under Variants/, registered for the app module named.
        case variant(app: String)
    }

    /// The module's name.
    var name: String
    /// What the module is.
    var role: Role
    /// Paths of its Swift files.
    var files: [String]

    /// Where the module's sources are, for messages.
    var folder: String {
        switch role {
        case .app: appFolder ?? "Sources/\(name)"
        case .variant: "Variants/\(name)"
        }
    }

    /// An app module's folder from `Sources/` on, read off its files' paths (`Sources/Samples/OnboardingApp`).
    private var appFolder: String? {
        guard let file = files.first, let sources = file.range(of: "/Sources/", options: .backwards),
              let module = file.range(of: "/\(name)/", range: sources.lowerBound..<file.endIndex)
        else { return nil }
        return String(file[file.index(after: sources.lowerBound)..<file.index(before: module.upperBound)])
    }

    /// Parses `--output PATH --variants-directory PATH [--sources-directory PATH]... (--app-module NAME FILE... | --variant-module NAME --app APP FILE...)...`.
    static func parse(
        _ arguments: [String]
    ) throws(GeneratorError) -> (output: String, variantsDirectory: String, sourcesDirectories: [String], modules: [ModuleSources]) {
        var output: String?
        var variantsDirectory: String?
        var sourcesDirectories: [String] = []
        var modules: [ModuleSources] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output":
                output = remaining.popFirst()
            case "--variants-directory":
                variantsDirectory = remaining.popFirst()
            case "--sources-directory":
                guard let directory = remaining.popFirst() else { throw GeneratorError("--sources-directory needs a path") }
                sourcesDirectories.append(directory)
            case "--app-module", "--variant-module":
                guard let name = remaining.popFirst() else { throw GeneratorError("\(argument) needs a module name") }
                var role = ModuleSources.Role.app
                if argument == "--variant-module" {
                    guard remaining.popFirst() == "--app", let app = remaining.popFirst() else {
                        throw GeneratorError("--variant-module \(name) needs --app APP")
                    }
                    role = .variant(app: app)
                }
                var files: [String] = []
                while let next = remaining.first, !next.hasPrefix("--") {
                    files.append(next)
                    remaining.removeFirst()
                }
                modules.append(ModuleSources(name: name, role: role, files: files))
            default:
                throw GeneratorError("unexpected argument \"\(argument)\"")
            }
        }
        guard let output else { throw GeneratorError("--output PATH is required") }
        guard let variantsDirectory else { throw GeneratorError("--variants-directory PATH is required") }
        return (output, variantsDirectory, sourcesDirectories, modules)
    }

    /// The text of all its files, with comments and string literals blanked out.
    func code() throws(GeneratorError) -> String {
        var text = ""
        for file in files {
            do {
                text += SwiftText.strippingCommentsAndStrings(try String(contentsOfFile: file, encoding: .utf8))
                text += "\n"
            } catch {
                throw GeneratorError("cannot read \(file): \(error.localizedDescription)")
            }
        }
        return text
    }
}

/// A failure the generator reports as a build error.
struct GeneratorError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
