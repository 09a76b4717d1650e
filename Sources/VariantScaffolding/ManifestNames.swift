import Foundation

/// Every name Package.swift spells as a string literal (targets, products, the package, apps,
/// variants, dependencies and names a manifest builds targets from), for the check that a new
/// variant module takes none of them.
///
/// Reading every identifier-like literal, rather than only `name: "..."` arguments, also finds
/// targets a manifest creates in a loop over a list of names; a literal that names no module only
/// makes that one name unavailable.
public enum ManifestNames {
    /// The identifier-like string literals of `manifest`, in order of appearance, without repeats.
    public static func names(in manifest: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: #""([A-Za-z_][A-Za-z0-9_-]*)""#) else { return [] }
        var seen: Set<String> = []
        var names: [String] = []
        for match in expression.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)) {
            guard let range = Range(match.range(at: 1), in: manifest) else { continue }
            let name = String(manifest[range])
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }
}
