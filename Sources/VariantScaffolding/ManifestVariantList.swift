import Foundation

/// The `variants` list of Package.swift, one `.variant("Module", app: "AppModule"),` line per
/// variant module, edited as text so that everything else in the manifest stays as written.
struct ManifestVariantList {
    private var lines: [Substring]
    private let listStart: Int
    private let listEnd: Int

    /// Finds the list in `manifest`.
    init(_ manifest: String) throws(ScaffoldError) {
        lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("let variants: [VariantModule] = [") }),
              let end = lines[(start + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" })
        else {
            throw ScaffoldError(
                "Package.swift has no `let variants: [VariantModule] = [` list ending in a line `]`; restore it to add or remove variants"
            )
        }
        listStart = start
        listEnd = end
    }

    /// The manifest with a line registering `module` for `app`, the list kept sorted by module.
    func adding(module: String, app: String) -> String {
        var entries = Array(lines[(listStart + 1)..<listEnd])
        entries.append("    .variant(\"\(module)\", app: \"\(app)\"),")
        entries.sort { Self.module(in: $0) < Self.module(in: $1) }
        return (lines[...listStart] + entries + lines[listEnd...]).joined(separator: "\n")
    }

    /// The manifest without the line registering `module`; nil when there is no such line.
    func removing(module: String) -> String? {
        let entries = lines[(listStart + 1)..<listEnd]
        let kept = entries.filter { Self.module(in: $0) != module }
        guard kept.count < entries.count else { return nil }
        return (lines[...listStart] + kept + lines[listEnd...]).joined(separator: "\n")
    }

    /// The module a line names, such as `PhoneOnboarding` for `.variant("PhoneOnboarding", app: ...)`.
    private static func module(in line: Substring) -> Substring {
        guard let open = line.firstIndex(of: "\"") else { return line }
        let rest = line[line.index(after: open)...]
        return rest.prefix { $0 != "\"" }
    }
}
