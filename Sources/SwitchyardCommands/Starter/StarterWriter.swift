import Foundation
import VariantScaffolding

/// Writes a starter package into one folder, which must be new or empty, and nowhere else; makes its
/// variants with add-variant's code; and on any failure removes what it wrote.
struct StarterWriter {
    /// The folder as the user named it.
    let shown: String
    /// Its absolute, standardized path.
    let folder: URL

    init(directory: String) {
        shown = directory
        folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
    }

    /// Fails unless the folder can be written: absent with a parent folder, or an empty real folder.
    func checkFolder() throws(CommandError) {
        switch entryKind(folder.path) {
        case nil:
            let parent = folder.deletingLastPathComponent().path
            guard entryKind(parent) == .directory else {
                throw CommandError(
                    "\(Identifier.quoted(shown)): the folder that would hold it, \(parent), does not exist; init creates only the "
                        + "package's own folder: create \(parent) first (mkdir -p), or name a folder in an existing one; nothing was written"
                )
            }
        case .symbolicLink?:
            throw CommandError("\(Identifier.quoted(shown)) is a symbolic link; name a new folder or an empty one; nothing was written")
        case .other?:
            throw CommandError("\(Identifier.quoted(shown)) is a file, not a folder; name a new folder or an empty one; nothing was written")
        case .directory?:
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            guard entries.isEmpty else {
                let listed = entries.prefix(3).map { Identifier.quoted($0) }.joined(separator: ", ") + (entries.count > 3 ? ", ..." : "")
                throw CommandError(
                    "\(Identifier.quoted(shown)) is not empty (it holds \(listed)); init writes a package only into a new or empty folder; "
                        + "nothing was written"
                )
            }
        }
    }

    /// Writes `starter`, then makes its variants as add-variant does, and returns the lines to print.
    ///
    /// - Throws: `CommandError` when a file cannot be written or add-variant refuses; what was written is removed.
    func write(_ starter: StarterPackage) throws(CommandError) -> [String] {
        try checkFolder()
        let created = entryKind(folder.path) == nil
        do {
            if created {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            }
        } catch {
            throw CommandError("cannot create \(folder.path): \(error.localizedDescription); nothing was written")
        }
        do throws(CommandError) {
            for file in starter.files {
                try writeNew(file)
            }
            var made: [String] = []
            for variant in StarterPackage.variants {
                let package = try scaffolding { () throws(ScaffoldError) in try PackageLayout(directory: folder.path) }
                _ = try scaffolding { () throws(ScaffoldError) in
                    try VariantAddition(package: package, app: starter.appID, slot: StarterPackage.slot, id: variant.id, summary: variant.summary)
                        .perform()
                }
                made.append("Variants/\(Identifier.upperCamel(variant.id))")
            }
            try replace(starter.emailFirstCoordinator)
            return made
        } catch {
            removeWritten(created: created)
            throw error
        }
    }

    private func scaffolding<Value>(_ body: () throws(ScaffoldError) -> Value) throws(CommandError) -> Value {
        do {
            return try body()
        } catch {
            throw CommandError("add-variant refused the starter's variant: \(error.description); nothing was written")
        }
    }

    /// Writes `file`, which must not exist yet, creating its folders inside the package.
    private func writeNew(_ file: StarterFile) throws(CommandError) {
        let url = folder.appendingPathComponent(file.path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create the folder of \(file.path) in \(folder.path): \(error.localizedDescription); nothing was written")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it exists already (another process is writing into the folder)" : String(cString: strerror(errno))
            throw CommandError("cannot write \(file.path) in \(folder.path): \(reason); nothing was written")
        }
        defer { close(descriptor) }
        let bytes = Array(file.text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw CommandError("cannot write \(file.path) in \(folder.path): \(String(cString: strerror(errno))); nothing was written")
            }
            written += count
        }
    }

    /// Writes `file` over the one add-variant made.
    private func replace(_ file: StarterFile) throws(CommandError) {
        do {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.path), options: .atomic)
        } catch {
            throw CommandError("cannot write \(file.path) in \(folder.path): \(error.localizedDescription); nothing was written")
        }
    }

    /// Removes the folder if init created it, else what init wrote into the folder it found empty.
    private func removeWritten(created: Bool) {
        if created {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(entry))
        }
    }

    private enum EntryKind { case directory, symbolicLink, other }

    private func entryKind(_ path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
