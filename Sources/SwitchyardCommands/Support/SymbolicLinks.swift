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

    /// The file `path` names through any chain of symbolic links, whether or not that file exists yet: for a
    /// broken link, the file the link names, so that writing it creates the file instead of replacing the link.
    /// Nil for a chain of more than 40 links (a loop).
    static func finalTarget(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { return current }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
