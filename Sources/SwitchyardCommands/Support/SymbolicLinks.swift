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
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, let resolved = SystemCalls.realPath(path) else {
            return path
        }
        return resolved
    }

    /// The file `path` names through any chain of symbolic links, whether or not that file exists yet: for a
    /// broken link, the file the link names, so that writing it creates the file instead of replacing the link.
    /// Nil for a chain of more than 40 links (a loop).
    static func finalTarget(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            guard let target = SystemCalls.symbolicLinkTarget(current) else { return current }
            if target.hasPrefix("/") {
                current = target
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + target
            } else {
                current = target
            }
        }
        return nil
    }
}
