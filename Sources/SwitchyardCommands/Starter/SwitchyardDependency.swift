import Foundation
import VariantScaffolding

/// How the starter package depends on Switchyard: by the path of a checkout, or by URL and version.
struct SwitchyardDependency {
    /// The manifest's `.package(...)` expression.
    var packageExpression: String
    /// The identity products and plugins are referenced by.
    var identity: String

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
        let checkout = URL(fileURLWithPath: path).standardizedFileURL.path
        let manifest = checkout + "/Package.swift"
        guard let text = try? String(contentsOfFile: manifest, encoding: .utf8), text.contains("name: \"Switchyard\"") else {
            throw CommandError(
                "--switchyard-path \(Identifier.quoted(path)) is not a Switchyard checkout: \(manifest) is missing or is not Switchyard's "
                    + "manifest; nothing was written"
            )
        }
        return SwitchyardDependency(
            packageExpression: ".package(name: \"Switchyard\", path: \"\(relativePath(to: checkout, from: package))\")",
            identity: "Switchyard"
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
        let numbers = version.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw CommandError("--switchyard-version \(Identifier.quoted(version)) is not a version MAJOR.MINOR.PATCH, such as 1.0.0; nothing was written")
        }
        return SwitchyardDependency(packageExpression: ".package(url: \"\(url)\", from: \"\(version)\")", identity: String(name))
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
