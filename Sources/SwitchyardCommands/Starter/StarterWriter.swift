import Foundation
import VariantScaffolding

/// Writes a starter package into one folder, which must be new or empty, and nowhere else; makes its
/// variants with add-variant's code.
///
/// A new DIR is written whole into a hidden working folder beside it (`.switchyard-init.<name>.<pid>`,
/// holding `unfinishedMarker`) and renamed into place at the end, so a stopped init leaves no DIR or the
/// whole package, and at most that working folder. An existing empty DIR (perhaps a shell's working
/// folder, which a rename would replace) is written in place, `unfinishedMarker` first and removed last.
/// Either way a rerun names what a stopped init left. A failure removes what was written.
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
            if entries.contains(Self.unfinishedMarker) {
                throw CommandError(
                    "\(quoted) holds a package an interrupted init was writing (it holds \(Self.unfinishedMarker)): empty the folder "
                        + "(or delete it) and run init again; if another init into \(quoted) is running now, let it finish; nothing was written"
                )
            }
            guard entries.isEmpty else {
                let listed = entries.prefix(3).map { Identifier.quoted($0) }.joined(separator: ", ") + (entries.count > 3 ? ", ..." : "")
                throw CommandError(
                    "\(quoted) is not empty (it holds \(listed)); init writes a package only into a new or empty folder; "
                        + "nothing was written"
                )
            }
        }
        let prefix = workingPrefix
        let leftovers = ((try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []).sorted().filter { entry in
            entry.hasPrefix(prefix) && !entry.dropFirst(prefix.count).isEmpty && entry.dropFirst(prefix.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
        if let leftover = leftovers.first {
            let path = Identifier.quoted(parent.appendingPathComponent(leftover).path)
            throw CommandError(
                "\(path) is a package an interrupted init into \(quoted) was writing (it holds \(Self.unfinishedMarker)); nothing uses it: "
                    + "delete it (rm -rf \(path)) and run init again; if another init into \(quoted) is running now, let it finish; "
                    + "nothing was written"
            )
        }
    }

    /// Writes `starter` into a working folder beside the package's (renamed into place at the end) or
    /// into the existing empty folder, makes its variants as add-variant does; returns the variants' folders.
    ///
    /// - Throws: `CommandError` when a file cannot be written or add-variant refuses; what was written is removed.
    func write(_ starter: StarterPackage) throws(CommandError) -> [String] {
        try checkFolder()
        let inPlace = entryKind(realFolder.path) == .directory
        let working = inPlace
            ? realFolder
            : parent.appendingPathComponent(workingPrefix + String(ProcessInfo.processInfo.processIdentifier), isDirectory: true)
        do {
            if !inPlace { try FileManager.default.createDirectory(at: working, withIntermediateDirectories: false) }
            try Data((
                "switchyard init is writing a package here, and removes this file when it is whole; if no init is running, it was stopped: "
                    + "delete what it wrote and run init again.\n"
            ).utf8).write(to: working.appendingPathComponent(Self.unfinishedMarker))
        } catch {
            removeWritten(working, inPlace: inPlace)
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
            if !inPlace {
                // rename fails, rather than replace, if a folder of that name appeared meanwhile and is not empty.
                guard rename(working.path, realFolder.path) == 0 else {
                    let reason = errno == ENOTEMPTY || errno == EEXIST ? "it appeared meanwhile and is not empty" : String(cString: strerror(errno))
                    throw CommandError("cannot put the package in \(Identifier.quoted(shown)): \(reason); nothing was written")
                }
            }
            syncFolder(parent.path)
            return made
        } catch {
            removeWritten(working, inPlace: inPlace)
            throw error
        }
    }

    /// Removes the working folder, or what init wrote into the existing folder (its marker last).
    private func removeWritten(_ working: URL, inPlace: Bool) {
        guard inPlace else {
            try? FileManager.default.removeItem(at: working)
            return
        }
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: working.path)) ?? [] where entry != Self.unfinishedMarker {
            try? FileManager.default.removeItem(at: working.appendingPathComponent(entry))
        }
        try? FileManager.default.removeItem(at: working.appendingPathComponent(Self.unfinishedMarker))
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
