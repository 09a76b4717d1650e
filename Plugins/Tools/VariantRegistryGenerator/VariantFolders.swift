import Foundation

/// The check that Variants/ and the variant modules Package.swift registers agree.
///
/// SwiftPM builds only the modules the manifest names, and caches the manifest by its text: a
/// folder added under Variants/ without its line in Package.swift would otherwise be skipped
/// without a word, however often the package is built.
enum VariantFolders {
    /// Throws a `GeneratorError` naming the first folder under `directory` that no module
    /// registers, or the first registered module without sources, and the fix.
    static func check(_ directory: String, against modules: [ModuleSources]) throws(GeneratorError) {
        let registered = Dictionary(
            modules.compactMap { module -> (String, ModuleSources)? in
                guard case .variant = module.role else { return nil }
                return (module.name, module)
            },
            uniquingKeysWith: { first, _ in first }
        )
        let apps = modules.filter { $0.role == .app }.map(\.name)
        for folder in subfolders(of: directory) where registered[folder] == nil {
            if FileManager.default.fileExists(atPath: "\(directory)/\(folder)/\(unfinishedMarker)") {
                throw GeneratorError(
                    "Variants/\(folder) was left by an add-variant or remove-variant that was stopped before it finished "
                        + "(it holds \(unfinishedMarker), and Package.swift does not register it): "
                        + "swift package --allow-writing-to-package-directory remove-variant --leftovers deletes it, "
                        + "as any later add-variant or remove-variant does"
                )
            }
            let app = apps.count == 1 ? apps[0] : "<its app module: \(apps.joined(separator: " or "))>"
            if swiftFiles(in: "\(directory)/\(folder)").isEmpty {
                // SwiftPM leaves a module without sources out of the build, registered or not.
                throw GeneratorError(
                    "Variants/\(folder) holds no Swift sources: add the variant's coordinator and variant type, or delete "
                        + "the folder and its line in Package.swift if it has one "
                        + "(swift package --allow-writing-to-package-directory remove-variant --name <its id> does both)"
                )
            }
            throw GeneratorError(
                "Variants/\(folder) is not registered in Package.swift, so it would not be built: add the line "
                    + ".variant(\"\(folder)\", app: \"\(app)\") to `variants` in Package.swift, or delete the folder "
                    + "(swift package add-variant writes the line for the variants it creates)"
            )
        }
        for module in registered.values.sorted(by: { $0.name < $1.name }) where module.files.isEmpty {
            throw GeneratorError(
                "Variants/\(module.name) holds no Swift sources: add the variant's coordinator and variant type, or remove "
                    + "the variant with swift package --allow-writing-to-package-directory remove-variant --name <its id>"
            )
        }
    }

    /// The file add-variant and remove-variant write first into a folder they create or delete and
    /// remove last (VariantScaffold's `VariantsFolder.unfinishedMarker`).
    static let unfinishedMarker = ".switchyard-unfinished"

    private static func subfolders(of directory: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.sorted().filter { entry in
            var isDirectory: ObjCBool = false
            return !entry.hasPrefix(".")
                && FileManager.default.fileExists(atPath: "\(directory)/\(entry)", isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
    }

    private static func swiftFiles(in directory: String) -> [String] {
        let entries = FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? []
        return entries.filter { $0.hasSuffix(".swift") }
    }
}
