import VariantScaffolding

/// The tool's usage text.
enum ScaffoldCommand {
    static let usage = """
        usage: swift package --allow-writing-to-package-directory add-variant --app NAME --slot ID --name ID --summary TEXT
               swift package --allow-writing-to-package-directory remove-variant --name ID
               swift package --allow-writing-to-package-directory remove-variant --leftovers
        """

    /// The options each verb takes (the plugin adds `--package` and `--package-graph`), and its flags.
    static let options: [String: Set<String>] = [
        "add": ["--package", "--package-graph", "--app", "--slot", "--name", "--summary"],
        "remove": ["--package", "--package-graph", "--name"],
    ]
    static let flags: Set<String> = ["--leftovers"]
}

/// The `--option value` pairs of a command line.
struct ScaffoldOptions {
    /// Each option's value, by option name.
    var values: [String: String] = [:]
    /// The flags given (options without a value, from `ScaffoldCommand.flags`).
    var flags: Set<String> = []

    /// Parses `--option value` pairs and flags; a repeated option, a missing value or a stray word is an error.
    init(parsing arguments: [String]) throws(ScaffoldError) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard option.hasPrefix("--") else {
                throw ScaffoldError("unexpected argument \(Identifier.quoted(option))\n\(ScaffoldCommand.usage)")
            }
            if ScaffoldCommand.flags.contains(option) {
                guard flags.insert(option).inserted else { throw ScaffoldError("\(option) is given twice") }
                continue
            }
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
                throw ScaffoldError("\(option) needs a value\n\(ScaffoldCommand.usage)")
            }
            guard values[option] == nil else { throw ScaffoldError("\(option) is given twice") }
            values[option] = value
        }
    }

    /// Fails for an option or flag `verb` does not take.
    func requireOnly(_ allowed: Set<String>) throws(ScaffoldError) {
        for option in Set(values.keys).union(flags).sorted() where !allowed.contains(option) {
            throw ScaffoldError("unknown option \(Identifier.quoted(option))\n\(ScaffoldCommand.usage)")
        }
    }

    /// The value of `option`, which must be given.
    func required(_ option: String) throws(ScaffoldError) -> String {
        guard let value = values[option] else { throw ScaffoldError("\(option) is required\n\(ScaffoldCommand.usage)") }
        return value
    }
}
