#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Following symbolic links to the file they name, so that a file replaced through a link keeps the link.
enum SymbolicLinks {
    /// The file `path` names when it is a symbolic link, or `path` itself when it is not (or the link is broken).
    static func resolved(_ path: String) -> String {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
