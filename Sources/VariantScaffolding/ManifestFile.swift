import Foundation

/// Package.swift, replaced whole: the new text is written to a temporary sibling, synced, and renamed
/// over the manifest. The rename is the moment a variant command takes effect: a command stopped
/// before it leaves the old manifest, one stopped after it the new one, never a mix.
enum ManifestFile {
    /// The temporary sibling's name starts with this; a leftover one is removed by the next command.
    static let temporaryPrefix = ".Package.swift.switchyard-"
    static let temporarySuffix = ".tmp"

    /// Replaces `<package>/Package.swift` with `text`.
    ///
    /// - Throws: `ScaffoldError` when it cannot; the manifest is then unchanged and no temporary file is left.
    static func replace(in package: URL, with text: String) throws(ScaffoldError) {
        try requireReplaceable(in: package)
        let manifest = package.appendingPathComponent("Package.swift").path
        var status = stat()
        let mode = stat(manifest, &status) == 0 ? status.st_mode & 0o777 : 0o644
        let temporary = package.appendingPathComponent("\(temporaryPrefix)\(ProcessInfo.processInfo.processIdentifier)\(temporarySuffix)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_TRUNC, mode)
        guard descriptor >= 0 else {
            throw ScaffoldError("cannot create \(temporary): \(String(cString: strerror(errno))); nothing was changed")
        }
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += count
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, manifest) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw ScaffoldError("cannot write \(manifest): \(String(cString: strerror(failure))); nothing was changed")
        }
        syncFolder(package.path)
    }

    /// Fails unless `<package>/Package.swift` is a regular file: a link is not replaced by a file, nor followed out of the package.
    static func requireReplaceable(in package: URL) throws(ScaffoldError) {
        let manifest = package.appendingPathComponent("Package.swift").path
        guard FileSystemEntry.kind(at: manifest) == .other else {
            throw ScaffoldError("\(manifest) is not a regular file (a link or a folder); nothing was changed")
        }
    }

    /// Syncs a folder, so that a rename in it survives a power loss, not only a killed process.
    static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
