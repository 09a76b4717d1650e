import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the machine running the tests offers, for tests that need a full disk or an unreadable file.
enum SystemFacts {
    /// Whether `/dev/full`, whose every write fails with "No space left on device", is there as a device.
    static let hasDevFull = isCharacterDevice("/dev/full")

    /// Whether the tests run as root, who can read files whatever their permissions say.
    static let runsAsRoot = getuid() == 0

    /// Whether `path` is a character device (and not, say, a regular file that replaced one).
    static func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }
}
