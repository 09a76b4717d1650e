import Foundation

/// The Swift sources of one module, as named on the generator's command line.
struct ModuleSources {
    /// The module's name.
    var name: String
    /// Whether the module lives under Variants/.
    var isVariant: Bool
    /// Paths of its Swift files.
    var files: [String]

    /// Parses `--output PATH (--variant-module|--support-module NAME FILE...)...`.
    static func parse(_ arguments: [String]) throws(GeneratorError) -> (output: String, modules: [ModuleSources]) {
        var output: String?
        var modules: [ModuleSources] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output":
                output = remaining.popFirst()
            case "--variant-module", "--support-module":
                guard let name = remaining.popFirst() else { throw GeneratorError("\(argument) needs a module name") }
                var files: [String] = []
                while let next = remaining.first, !next.hasPrefix("--") {
                    files.append(next)
                    remaining.removeFirst()
                }
                modules.append(ModuleSources(name: name, isVariant: argument == "--variant-module", files: files))
            default:
                throw GeneratorError("unexpected argument \"\(argument)\"")
            }
        }
        guard let output else { throw GeneratorError("--output PATH is required") }
        return (output, modules)
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
