import Foundation

/// Removes a variant module: its folder under Variants/ and its line in Package.swift.
struct VariantRemoval {
    let package: PackageLayout
    /// The variant's id, or its module's name.
    let id: String

    /// Removes whichever of the folder and the line exist, and says what still names the variant.
    func perform() throws(ScaffoldError) -> String {
        let module = try module()
        let folder = package.variantFolder(module)
        let hasFolder = FileManager.default.fileExists(atPath: folder.path)
        let manifest = try ManifestVariantList(package.manifest).removing(module: module)
        guard hasFolder || manifest != nil else {
            throw ScaffoldError("no variant \"\(id)\": neither Variants/\(module) nor its line in Package.swift exists")
        }
        let variantID = id == module ? nil : id
        if let variantID, let slot = slotDefaulting(to: variantID) {
            throw ScaffoldError("\(variantID) is the default variant of slot \(slot.slot) in \(slot.file): the app needs it; nothing was changed")
        }
        do {
            if let manifest {
                try manifest.write(to: package.directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            }
            if hasFolder { try FileManager.default.removeItem(at: folder) }
        } catch {
            throw ScaffoldError("cannot remove the variant: \(error.localizedDescription)")
        }
        var lines = ["Removed variant \(id): " + [hasFolder ? "Variants/\(module)" : nil, manifest != nil ? "its line in Package.swift" : nil]
            .compactMap { $0 }.joined(separator: " and ") + "."]
        for config in configsNaming(variantID ?? id) {
            lines.append("\(config) still names \"\(variantID ?? id)\": remove it there, or validate will fail.")
        }
        return lines.joined(separator: "\n")
    }

    /// The module of the variant: the one declaring id `id`, else the module of that name, else
    /// the UpperCamelCase form of `id`.
    private func module() throws(ScaffoldError) -> String {
        let declaring = package.modules(declaringVariantID: id)
        if declaring.count > 1 {
            throw ScaffoldError("several modules declare variant \"\(id)\": \(declaring.joined(separator: ", ")); remove one by module name")
        }
        if let module = declaring.first { return module }
        if package.variants.contains(where: { $0.module == id }) { return id }
        return Identifier.upperCamel(id)
    }

    /// The slot whose default is `variantID`, from the apps' sources (`defaultVariant: "<id>"`).
    private func slotDefaulting(to variantID: String) -> (slot: String, file: String)? {
        for app in package.apps {
            let folder = PackageLayout.moduleFolder(app.module, in: package.directory)
            let relative = String(folder.path.dropFirst(package.directory.path.count + 1))
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
                      let declaration = text.range(of: "defaultVariant: \"\(variantID)\"")
                else { continue }
                // The slot is the nearest `id: "..."` before its default, as an AppSlot is written.
                let slotID = text[..<declaration.lowerBound].range(of: "id: \"", options: .backwards)
                    .map { text[$0.upperBound...].prefix { $0 != "\"" } } ?? "?"
                return (String(slotID), "\(relative)/\(file)")
            }
        }
        return nil
    }

    /// The experiment configs under Configuration/ whose text names `variantID`.
    private func configsNaming(_ variantID: String) -> [String] {
        let configuration = package.directory.appendingPathComponent("Configuration")
        let files = FileManager.default.enumerator(atPath: configuration.path)?.compactMap { $0 as? String } ?? []
        return files.sorted().filter { file in
            file.hasSuffix(".json")
                && ((try? String(contentsOf: configuration.appendingPathComponent(file), encoding: .utf8))?.contains("\"\(variantID)\"") ?? false)
        }.map { "Configuration/\($0)" }
    }
}
