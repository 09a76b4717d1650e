import Foundation
import VariantScaffolding

/// Writes a starter package into one folder, which must be new or empty, and nowhere else; makes its
/// variants with add-variant's code.
///
/// The package is written whole into a hidden working folder beside DIR (`.switchyard-init.<name>.<pid>`,
/// holding `unfinishedMarker`) and renamed onto DIR at the end, so a stopped init leaves DIR as it was,
/// or the whole package, and at most that working folder, which a rerun names. A failure removes it.
struct StarterWriter {
    /// The name of the file that says what the working folder is.
    static let unfinishedMarker = "SWITCHYARD-INIT-UNFINISHED.txt"
    /// The working folder's name starts with this.
    static let workingPrefix = ".switchyard-init."

    /// The folder as the user named it.
    let shown: String
    /// Its absolute, standardized path, as named (what a path written relative to the package starts from).
    let folder: URL
    /// The same folder with the symbolic links of the folders above it resolved (every path under /tmp on
    /// macOS passes through one): where files are written and checked.
    let realFolder: URL

    init(directory: String) {
        shown = directory
        folder = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
        realFolder = Self.resolvingParent(of: folder)
    }

    /// `url` with the symbolic links of the folders above it resolved, its last component kept as it is;
    /// `url` itself when they cannot be resolved (a folder above it is missing).
    static func resolvingParent(of url: URL) -> URL {
        guard let resolved = realpath(url.deletingLastPathComponent().path, nil) else { return url }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved), isDirectory: true).appendingPathComponent(url.lastPathComponent, isDirectory: true)
    }

    /// The folder that holds the package's folder (its symbolic links resolved).
    private var parent: URL { realFolder.deletingLastPathComponent() }

    /// The working folders an init into this folder writes into: `.switchyard-init.<name>.` and a process id.
    private var workingPrefix: String {
        let name = realFolder.lastPathComponent
        // A long name is replaced by its hash, keeping the working folder's name within the 255-byte limit.
        let key = name.utf8.count <= 160 ? name : "h" + String(name.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }, radix: 16)
        return Self.workingPrefix + key + "."
    }

    /// Fails unless the folder can be written: absent with a parent folder, or an empty real folder; and
    /// when an interrupted init into it left its working folder.
    func checkFolder() throws(CommandError) {
        let quoted = Identifier.quoted(shown)
        switch entryKind(realFolder.path) {
        case nil:
            guard folderKind(parent.path) == .directory else {
                let named = Identifier.quoted(folder.deletingLastPathComponent().path)
                throw CommandError(
                    "\(quoted): the folder that would hold it, \(named), does not exist; init creates only the "
                        + "package's own folder: create \(named) first (mkdir -p), or name a folder in an existing one; nothing was written"
                )
            }
        case .symbolicLink?:
            throw CommandError("\(quoted) is a symbolic link; name a new folder or an empty one; nothing was written")
        case .other?:
            throw CommandError("\(quoted) is a file, not a folder; name a new folder or an empty one; nothing was written")
        case .directory?:
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: realFolder.path)) ?? []).sorted()
            guard entries.isEmpty else {
                let listed = entries.prefix(3).map { Identifier.quoted($0) }.joined(separator: ", ") + (entries.count > 3 ? ", ..." : "")
                throw CommandError(
                    "\(quoted) is not empty (it holds \(listed)); init writes a package only into a new or empty folder; "
                        + "nothing was written"
                )
            }
        }
        let prefix = workingPrefix
        if let leftover = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted().first(where: { $0.hasPrefix(prefix) }) {
            let path = Identifier.quoted(parent.appendingPathComponent(leftover).path)
            throw CommandError(
                "\(path) is a package an interrupted init into \(quoted) was writing (it holds \(Self.unfinishedMarker)); nothing uses it: "
                    + "delete it (rm -rf \(path)) and run init again; if another init into \(quoted) is running now, let it finish; "
                    + "nothing was written"
            )
        }
    }

    /// Writes `starter` into a working folder beside the package's, makes its variants as add-variant
    /// does, and renames the working folder onto the package's folder; returns the variants' folders.
    ///
    /// - Throws: `CommandError` when a file cannot be written or add-variant refuses; the working folder is removed.
    func write(_ starter: StarterPackage) throws(CommandError) -> [String] {
        try checkFolder()
        let working = parent.appendingPathComponent(workingPrefix + String(ProcessInfo.processInfo.processIdentifier), isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: working, withIntermediateDirectories: false)
            try Data(
                "switchyard init was writing a package here, to be renamed \(realFolder.lastPathComponent) when whole; if no init is running, delete this folder.\n".utf8
            ).write(to: working.appendingPathComponent(Self.unfinishedMarker))
        } catch {
            try? FileManager.default.removeItem(at: working)
            throw CommandError(
                "cannot create a folder in \(Identifier.quoted(parent.path)) to write the package into: \(error.localizedDescription); nothing was written"
            )
        }
        do throws(CommandError) {
            for file in starter.files {
                try writeNew(file, in: working)
            }
            var made: [String] = []
            for variant in StarterPackage.variants {
                let package = try scaffolding { () throws(ScaffoldError) in try PackageLayout(directory: working.path) }
                _ = try scaffolding { () throws(ScaffoldError) in
                    try VariantAddition(package: package, app: starter.appID, slot: StarterPackage.slot, id: variant.id, summary: variant.summary)
                        .perform()
                }
                made.append("Variants/\(Identifier.upperCamel(variant.id))")
            }
            try replace(starter.emailFirstCoordinator, in: working)
            guard unlink(working.appendingPathComponent(Self.unfinishedMarker).path) == 0 else {
                throw CommandError("cannot remove \(Self.unfinishedMarker) from the package: \(String(cString: strerror(errno))); nothing was written")
            }
            // The package's folder, if it exists, is empty: rename replaces an empty folder, and fails for one that filled meanwhile.
            guard rename(working.path, realFolder.path) == 0 else {
                let reason = errno == ENOTEMPTY || errno == EEXIST ? "it is no longer empty" : String(cString: strerror(errno))
                throw CommandError("cannot put the package in \(Identifier.quoted(shown)): \(reason); nothing was written")
            }
            syncFolder(parent.path)
            return made
        } catch {
            try? FileManager.default.removeItem(at: working)
            throw error
        }
    }

    private func scaffolding<Value>(_ body: () throws(ScaffoldError) -> Value) throws(CommandError) -> Value {
        do {
            return try body()
        } catch {
            throw CommandError("add-variant refused the starter's variant: \(UnsafeText.escaped(error.description)); nothing was written")
        }
    }

    /// Writes `file`, which must not exist yet, creating its folders inside the package.
    private func writeNew(_ file: StarterFile, in folder: URL) throws(CommandError) {
        let url = folder.appendingPathComponent(file.path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create the folder of \(file.path): \(error.localizedDescription); nothing was written")
        }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it exists already (another process is writing into the folder)" : String(cString: strerror(errno))
            throw CommandError("cannot write \(file.path): \(reason); nothing was written")
        }
        defer { close(descriptor) }
        let bytes = Array(file.text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw CommandError("cannot write \(file.path): \(String(cString: strerror(errno))); nothing was written")
            }
            written += count
        }
    }

    /// Writes `file` over the one add-variant made.
    private func replace(_ file: StarterFile, in folder: URL) throws(CommandError) {
        do {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.path), options: .atomic)
        } catch {
            throw CommandError("cannot write \(file.path): \(error.localizedDescription); nothing was written")
        }
    }

    /// Syncs a folder, so that the rename in it survives a power loss, not only a killed process.
    private func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private enum EntryKind { case directory, symbolicLink, other }

    /// What is at `path` itself (a link is not followed).
    private func entryKind(_ path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// What `path` leads to, following symbolic links.
    private func folderKind(_ path: String) -> EntryKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR ? .directory : .other
    }
}
