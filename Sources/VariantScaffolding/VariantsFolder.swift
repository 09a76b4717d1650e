import Foundation

/// The package's `Variants/` folder, the only place add-variant and remove-variant create or delete
/// folders, and the rule every such path obeys.
///
/// A path is built from a module name only, and only when the name is one plain folder name (an
/// ASCII letter, then letters and digits: no empty name, no `.` or `..`, no separator, nothing
/// absolute). It must then resolve, symbolic links followed, to a direct child of the package's own
/// `Variants/`, which itself must be a real folder inside the package, not a link to elsewhere.
struct VariantsFolder {
    /// The file a command writes first into a variant folder it is creating or deleting, and removes
    /// last. A folder carrying it was left by a command that did not finish; a team's own folders never carry it.
    static let unfinishedMarker = ".switchyard-unfinished"
    /// Dot-prefixed names under `Variants/` of folders being written (before they are renamed into
    /// place) or deleted (after they are renamed away). SwiftPM and the registry ignore dot-prefixed folders.
    static let addingPrefix = ".switchyard-adding-"
    static let removingPrefix = ".switchyard-removing-"

    /// `<package>/Variants`, as the package names it.
    let url: URL
    /// The package's root folder.
    let package: URL

    init(package: URL) {
        self.package = package
        url = package.appendingPathComponent("Variants", isDirectory: true)
    }

    /// Whether `Variants/` exists (as a folder or a link).
    var exists: Bool { FileSystemEntry.kind(at: url.path) != nil }

    /// The folder of variant module `module`, checked against the rule above.
    ///
    /// - Throws: `ScaffoldError` naming the rule `module` breaks; nothing is touched.
    func folder(ofModule module: String) throws(ScaffoldError) -> URL {
        guard Identifier.isModuleName(module), module.utf8.count <= 2 * Identifier.maximumLength else {
            throw ScaffoldError(
                "\(Identifier.quoted(module)) is not a variant module name (an ASCII letter, then letters and digits, "
                    + "at most \(2 * Identifier.maximumLength) characters), so it names no folder under Variants/; nothing was changed"
            )
        }
        try requireRealFolder()
        let folder = url.appendingPathComponent(module, isDirectory: true)
        if FileSystemEntry.kind(at: folder.path) == .symbolicLink {
            throw ScaffoldError(
                "Variants/\(module) is a symbolic link; add-variant and remove-variant only create and delete real folders "
                    + "inside Variants/: replace the link by the folder, or remove the link by hand; nothing was changed"
            )
        }
        try requireInside(folder, named: "Variants/\(module)")
        return folder
    }

    /// A dot-prefixed working name under `Variants/` for `module`: `prefix` + module + the process id.
    func workingFolder(_ prefix: String, module: String) throws(ScaffoldError) -> URL {
        let folder = url.appendingPathComponent("\(prefix)\(module)-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
        try requireInside(folder, named: folder.lastPathComponent)
        return folder
    }

    /// Fails unless `Variants/`, if it exists, is a real folder whose resolved path is the package's own.
    func requireRealFolder() throws(ScaffoldError) {
        switch FileSystemEntry.kind(at: url.path) {
        case nil, .directory?:
            break
        case .symbolicLink?:
            throw ScaffoldError(
                "Variants is a symbolic link (to \(url.resolvingSymlinksInPath().path)); add-variant and remove-variant write "
                    + "only inside the package's own Variants/ folder: make it a real folder; nothing was changed"
            )
        case .other?:
            throw ScaffoldError("Variants in \(package.path) is not a folder; nothing was changed")
        }
    }

    /// Fails unless `candidate`'s resolved parent is the resolved `Variants/` and its name is its own.
    private func requireInside(_ candidate: URL, named shown: String) throws(ScaffoldError) {
        let root = package.resolvingSymlinksInPath().standardizedFileURL.path
        let variants = url.resolvingSymlinksInPath().standardizedFileURL.path
        let parent = candidate.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        let name = candidate.lastPathComponent
        guard variants == root + "/Variants", parent == variants, name != ".", name != "..", !name.contains("/") else {
            throw ScaffoldError("\(shown) does not resolve to a folder directly inside \(root)/Variants; nothing was changed")
        }
    }
}

/// What a path names, without following a symbolic link at its end.
enum FileSystemEntry: Equatable {
    case directory
    case symbolicLink
    case other

    /// The kind of entry at `path`, or nil when nothing is there.
    static func kind(at path: String) -> FileSystemEntry? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
