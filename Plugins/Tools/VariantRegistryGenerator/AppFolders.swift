import Foundation

/// The check that every app module under Sources/ is listed in Package.swift's `apps`.
///
/// SwiftPM builds only the modules the manifest names: a folder `Sources/<Name>App` declaring its
/// app type `<Name>` but missing from `apps` would be left out without a word, and its variants
/// would meet SwiftPM's generic messages instead of one that names the fix.
enum AppFolders {
    /// Throws a `GeneratorError` for the first folder `<Name>App` under `directory` that is not a
    /// registered app module but declares the type `<Name>`, naming the line to add.
    static func check(_ directory: String, against modules: [ModuleSources]) throws(GeneratorError) {
        let registered = Set(modules.filter { $0.role == .app }.map(\.name))
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        for folder in entries where folder.hasSuffix("App") && folder.count > 3 && !registered.contains(folder) {
            let files = swiftFiles(in: "\(directory)/\(folder)")
            guard !files.isEmpty else { continue }
            let unlisted = ModuleSources(name: folder, role: .app, files: files)
            let type = String(folder.dropLast(3))
            guard DeclaredTypeNames(code: try unlisted.code()).contains(type) else { continue }
            let path = directory.range(of: "/Sources", options: .backwards).map { String(directory[directory.index(after: $0.lowerBound)...]) } ?? "Sources"
            throw GeneratorError(
                "\(path)/\(folder) declares \(type), an app module by its name, but `apps` in Package.swift does not list it, "
                    + "so it is neither built nor registered: add .app(\"\(folder)\") to `apps`"
            )
        }
    }

    private static func swiftFiles(in directory: String) -> [String] {
        let entries = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return entries.filter { $0.hasSuffix(".swift") }.sorted().map { "\(directory)/\($0)" }
    }
}
