#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two paths name one file, however they are spelled (relative, absolute, through links).
enum SameFile {
    /// True when both paths exist and are the same file.
    static func check(_ first: String, _ second: String) -> Bool {
        var firstStatus = stat()
        var secondStatus = stat()
        guard stat(first, &firstStatus) == 0, stat(second, &secondStatus) == 0 else { return false }
        return firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
    }
}
