/// The tool's usage text.
enum ScaffoldCommand {
    static let usage = """
        usage: swift package --allow-writing-to-package-directory add-variant --app NAME --slot ID --name ID --summary TEXT
               swift package --allow-writing-to-package-directory remove-variant --name ID
        """
}

/// The `--option value` pairs of a command line.
struct ScaffoldOptions {
    /// Each option's value, by option name.
    var values: [String: String] = [:]

    /// Parses `--option value` pairs; a repeated option, a missing value or a stray word is an error.
    init(parsing arguments: [String]) throws(ScaffoldError) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard option.hasPrefix("--") else {
                throw ScaffoldError("unexpected argument \"\(option)\"\n\(ScaffoldCommand.usage)")
            }
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ScaffoldError("\(option) needs a value\n\(ScaffoldCommand.usage)")
            }
            guard values[option] == nil else { throw ScaffoldError("\(option) is given twice") }
            values[option] = value
        }
    }

    /// The value of `option`, which must be given.
    func required(_ option: String) throws(ScaffoldError) -> String {
        guard let value = values[option] else { throw ScaffoldError("\(option) is required\n\(ScaffoldCommand.usage)") }
        return value
    }
}

/// A mistake in the request, or a file that cannot be read or written; nothing was changed.
struct ScaffoldError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
