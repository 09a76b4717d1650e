#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The event logs `report` and `compare` read, checked for what the reader cannot tell from a log.
enum EventLogInputs {
    /// Refuses devices and sockets: `/dev/zero` would be read forever. Regular files and pipes (`<(zcat log.gz)`)
    /// pass; a missing file, a directory or an unreadable one is left to the reader, which names the problem.
    static func check(_ paths: [String]) throws {
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFCHR, S_IFBLK, S_IFSOCK: throw CommandError("\(path): is a device, not an event log file")
            default: continue
            }
        }
    }
}
