import FlowReports
import Foundation
import VariantScaffolding

/// How the starter package depends on Switchyard: by the path of a checkout, or by URL and version.
struct SwitchyardDependency {
    /// The manifest's `.package(...)` expression.
    var packageExpression: String
    /// The identity products and plugins are referenced by.
    var identity: String
    /// The checkout's absolute folder, for a dependency by path.
    var checkout: String? = nil

    /// The dependency `init`'s options ask for, its path written relative to `package` (the new package's
    /// absolute folder).
    ///
    /// - Throws: `CommandError` for neither or both forms, a path that is not a Switchyard checkout, a URL
    ///   without a name, a version that is not `MAJOR.MINOR.PATCH`, or text a string literal cannot hold as written.
    static func resolve(path: String?, url: String?, version: String?, package: String) throws(CommandError) -> SwitchyardDependency {
        switch (path, url) {
        case (let path?, nil):
            guard version == nil else {
                throw CommandError("--switchyard-version goes with --switchyard-url, not --switchyard-path; nothing was written")
            }
            return try byPath(path, package: package)
        case (nil, let url?):
            guard let version else {
                throw CommandError("--switchyard-url needs --switchyard-version, the release to depend on, such as 1.0.0; nothing was written")
            }
            return try byURL(url, version: version)
        case (.some, .some):
            throw CommandError("give --switchyard-path or --switchyard-url, not both; nothing was written")
        case (nil, nil):
            throw CommandError(
                "say where Switchyard is: --switchyard-path PATH (a checkout of it) or --switchyard-url URL --switchyard-version VERSION; "
                    + "nothing was written"
            )
        }
    }

    private static func byPath(_ path: String, package: String) throws(CommandError) -> SwitchyardDependency {
        try requireLiteralSafe(path, option: "--switchyard-path")
        // Resolved as the package's folder is, so the relative path between the two is the one SwiftPM follows.
        let checkout = StarterWriter.resolvingParent(of: URL(fileURLWithPath: path).standardizedFileURL).path
        let manifest = checkout + "/Package.swift"
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("name: \"Switchyard\"") else {
            throw CommandError(
                "--switchyard-path \(Identifier.quoted(path)) is not a Switchyard checkout: \(Identifier.quoted(manifest)) is missing or is not Switchyard's "
                    + "manifest; nothing was written"
            )
        }
        return SwitchyardDependency(
            packageExpression: ".package(name: \"Switchyard\", path: \"\(relativePath(to: checkout, from: package))\")",
            identity: "Switchyard",
            checkout: checkout
        )
    }

    private static func byURL(_ url: String, version: String) throws(CommandError) -> SwitchyardDependency {
        try requireLiteralSafe(url, option: "--switchyard-url")
        var name = Substring(url)
        while name.hasSuffix("/") { name = name.dropLast() }
        name = name.split(separator: "/").last ?? ""
        if name.hasSuffix(".git") { name = name.dropLast(4) }
        guard !name.isEmpty, !url.contains(" ") else {
            throw CommandError("--switchyard-url \(Identifier.quoted(url)) names no repository, such as https://github.com/OWNER/switchyard; nothing was written")
        }
        try requireVersion(version)
        return SwitchyardDependency(packageExpression: ".package(url: \"\(url)\", from: \"\(version)\")", identity: String(name))
    }

    /// Fails unless `version` is a semantic version SwiftPM reads: `MAJOR.MINOR.PATCH`, each a decimal
    /// number without leading zeros that fits in an `Int`, then optionally `-PRERELEASE` and `+BUILD`,
    /// dot-separated words of ASCII letters, digits and dashes.
    static func requireVersion(_ version: String) throws(CommandError) {
        let shown = "--switchyard-version \(Identifier.quoted(version))"
        var core = Substring(version)
        var suffixes: [(name: String, text: Substring)] = []
        if let plus = core.firstIndex(of: "+") {
            suffixes.append(("build metadata", core[core.index(after: plus)...]))
            core = core[..<plus]
        }
        if let dash = core.firstIndex(of: "-") {
            suffixes.insert(("pre-release", core[core.index(after: dash)...]), at: 0)
            core = core[..<dash]
        }
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }) else {
            throw CommandError("\(shown) is not a version MAJOR.MINOR.PATCH, such as 1.0.0 (or 1.0.0-beta.1); nothing was written")
        }
        for (number, part) in zip(numbers, ["major", "minor", "patch"]) {
            guard Int(number) != nil else {
                throw CommandError(
                    "\(shown): its \(part) number \(TerminalText.capped(String(number))) is larger than SwiftPM reads (at most \(Int.max)); "
                        + "nothing was written"
                )
            }
            guard number == "0" || !number.hasPrefix("0") else {
                throw CommandError("\(shown): its \(part) number \(number) has a leading zero, which a semantic version does not; nothing was written")
            }
        }
        for suffix in suffixes {
            let words = suffix.text.split(separator: ".", omittingEmptySubsequences: false)
            guard words.allSatisfy({ word in
                !word.isEmpty && word.utf8.allSatisfy { byte in
                    byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                }
            }) else {
                throw CommandError(
                    "\(shown): its \(suffix.name) is not dot-separated words of ASCII letters, digits and dashes, such as 1.0.0-beta.1; "
                        + "nothing was written"
                )
            }
        }
    }

    /// Fails for text a Swift string literal would not hold as written: quotes, backslashes, control characters.
    private static func requireLiteralSafe(_ text: String, option: String) throws(CommandError) {
        guard !text.isEmpty else { throw CommandError("\(option) is empty; nothing was written") }
        guard !text.contains("\""), !text.contains("\\"), !text.unicodeScalars.contains(where: { UnsafeText.isUnsafe($0) }) else {
            throw CommandError(
                "\(option) \(Identifier.quoted(text)) holds a quote, a backslash or a control character, which the manifest cannot "
                    + "hold as written; nothing was written"
            )
        }
    }

    /// `target` relative to `base`, both absolute and standardized: `../switchyard` for `/work/switchyard` from `/work/my-flows`.
    static func relativePath(to target: String, from base: String) -> String {
        let targetParts = target.split(separator: "/")
        let baseParts = base.split(separator: "/")
        var common = 0
        while common < min(targetParts.count, baseParts.count), targetParts[common] == baseParts[common] { common += 1 }
        let parts = Array(repeating: "..", count: baseParts.count - common) + targetParts[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
