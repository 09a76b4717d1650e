import Foundation

/// What an add-variant or remove-variant stopped midway (killed, a power loss) leaves behind, and
/// how the next command finishes the job. The manifest's rename is the point a command takes effect
/// (see `ManifestFile`), so the manifest always says which state holds:
///
/// - a temporary manifest (`.Package.swift.switchyard-*.tmp`) in the package root was never renamed
///   into place: it is removed, as is a Foundation temporary file (`.dat.nosync*`) over a minute old,
///   which is what earlier versions of these commands left;
/// - a dot-prefixed working folder under `Variants/` (`.switchyard-adding-*`, `.switchyard-removing-*`)
///   is a variant being written, or being deleted after its line left the manifest: it is removed;
/// - a folder under `Variants/` carrying the marker `.switchyard-unfinished` is a variant whose
///   command did not finish. If the manifest registers it, the add took effect or the remove did not:
///   only the marker is removed. If the manifest does not, the add did not take effect or the remove
///   did: the folder is removed.
///
/// Nothing else is touched: a folder without the marker is the team's own, and only the build names it.
public enum UnfinishedChanges {
    /// The command that finishes an interrupted command and does nothing else.
    static let cleanUpCommand = "swift package --allow-writing-to-package-directory remove-variant --leftovers"

    /// The name Foundation gives the temporary sibling of a file it writes atomically.
    static let foundationTemporaryPrefix = ".dat.nosync"

    /// Cleans up after interrupted commands in `package`, returning one line per thing done.
    public static func cleanUp(_ package: PackageLayout) throws(ScaffoldError) -> [String] {
        var notes: [String] = []
        let fileManager = FileManager.default
        let rootEntries = ((try? fileManager.contentsOfDirectory(atPath: package.directory.path)) ?? []).sorted()
        for entry in rootEntries where entry.hasPrefix(ManifestFile.temporaryPrefix) && entry.hasSuffix(ManifestFile.temporarySuffix) {
            let path = package.directory.appendingPathComponent(entry).path
            guard FileSystemEntry.kind(at: path) != .directory else { continue }
            guard unlink(path) == 0 else { throw ScaffoldError("cannot remove \(entry), a leftover temporary manifest: \(String(cString: strerror(errno)))") }
            notes.append("note: removed \(entry), a temporary manifest left by an add-variant or remove-variant that was stopped before it finished")
        }
        // Earlier versions wrote the manifest with Foundation's atomic write, whose temporary sibling is
        // `.dat.nosync<pid>.<random>`: one over a minute old is no write in progress, but what such a version left.
        for entry in rootEntries where entry.hasPrefix(foundationTemporaryPrefix) {
            let path = package.directory.appendingPathComponent(entry).path
            guard FileSystemEntry.kind(at: path) == .other,
                  let modified = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  Date().timeIntervalSince(modified) > 60
            else { continue }
            guard unlink(path) == 0 else { throw ScaffoldError("cannot remove \(entry), a leftover temporary file: \(String(cString: strerror(errno)))") }
            notes.append("note: removed \(entry), a temporary file an earlier add-variant or remove-variant left when it was stopped")
        }

        let variants = package.variantsFolder
        try variants.requireRealFolder()
        guard FileSystemEntry.kind(at: variants.url.path) == .directory else { return notes }
        let registered = Set(package.variants.map(\.module))
        for entry in ((try? fileManager.contentsOfDirectory(atPath: variants.url.path)) ?? []).sorted() {
            let folder = variants.url.appendingPathComponent(entry, isDirectory: true)
            if entry.hasPrefix(VariantsFolder.addingPrefix) || entry.hasPrefix(VariantsFolder.removingPrefix) {
                try remove(folder, shown: "Variants/\(entry)")
                let what = entry.hasPrefix(VariantsFolder.addingPrefix) ? "a variant add-variant was still writing" : "a variant remove-variant was still deleting"
                notes.append("note: removed Variants/\(entry), \(what) when it was stopped")
                continue
            }
            let marker = folder.appendingPathComponent(VariantsFolder.unfinishedMarker)
            guard FileSystemEntry.kind(at: folder.path) == .directory, FileSystemEntry.kind(at: marker.path) != nil else { continue }
            if registered.contains(entry) {
                guard unlink(marker.path) == 0 else {
                    throw ScaffoldError("cannot remove Variants/\(entry)/\(VariantsFolder.unfinishedMarker): \(String(cString: strerror(errno)))")
                }
                notes.append(
                    "note: Variants/\(entry) carried the marker of a command that was stopped after Package.swift registered it "
                        + "(or before it unregistered it): it stays, registered; removed the marker"
                )
            } else {
                let away = try variants.workingFolder(VariantsFolder.removingPrefix, module: entry)
                do {
                    try fileManager.moveItem(at: folder, to: away)
                } catch {
                    throw ScaffoldError("cannot move Variants/\(entry) away to remove it: \(error.localizedDescription)")
                }
                try remove(away, shown: "Variants/\(away.lastPathComponent)")
                notes.append(
                    "note: removed Variants/\(entry), which Package.swift does not register and which carries the marker of an "
                        + "add-variant or remove-variant that was stopped before it finished"
                )
            }
        }
        return notes
    }

    private static func remove(_ url: URL, shown: String) throws(ScaffoldError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw ScaffoldError("cannot remove \(shown): \(error.localizedDescription)")
        }
    }
}
