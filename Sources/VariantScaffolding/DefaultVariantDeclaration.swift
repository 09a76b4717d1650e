import Foundation

/// Where an app declares a variant as a slot's default (`defaultVariant: "<id>"` in an `AppSlot`).
struct DefaultVariantDeclaration {
    /// The slot's id.
    var slot: String
    /// `path:line` from the package root.
    var location: String
    /// The declaration as written, trimmed.
    var text: String

    /// The first declaration of `id` as a default in the sources of the package's app modules, or nil.
    static func find(_ id: String, in package: PackageLayout) -> DefaultVariantDeclaration? {
        let needle = "defaultVariant: \"\(id)\""
        for app in package.apps {
            guard let folder = package.sourcesFolder(ofModule: app.module) else { continue }
            let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).sorted()
            for file in files where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                      let declaration = text.range(of: needle)
                else { continue }
                // The slot is the nearest `id: "..."` before its default, as an AppSlot is written.
                let slot = text[..<declaration.lowerBound].range(of: "id: \"", options: .backwards)
                    .map { String(text[$0.upperBound...].prefix { $0 != "\"" }) } ?? "?"
                let line = text[..<declaration.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                let root = package.directory.path + "/"
                let path = folder.appendingPathComponent(file).path
                let relative = path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
                return DefaultVariantDeclaration(slot: slot, location: "\(relative):\(line)", text: needle)
            }
        }
        return nil
    }
}
