import Foundation

/// The file `simulate` and `demo` log events to, checked before anything is simulated.
struct EventLogDestination {
    /// The file the log ends up in: the path given or, through symbolic links, the file it names.
    let file: String
    /// Whether the file holds events already.
    let holdsEvents: Bool

    /// Checks `path`: nothing there, or a regular file (through symbolic links), can hold the log. A directory,
    /// a device or a FIFO cannot: a log written aside would be renamed over it.
    init(path: String) throws {
        guard !path.isEmpty else { throw CommandError("cannot log events: the path is empty, expected an event log file") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // Nothing there, or a broken symbolic link: the log goes where the link points, keeping the link.
            guard let target = SymbolicLinks.finalTarget(path) else {
                throw CommandError("cannot log events: \(path): too many levels of symbolic links")
            }
            file = target
            holdsEvents = false
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw CommandError("cannot log events: \(path): is a directory, expected an event log file")
        default: throw CommandError("cannot log events: \(path): not a regular file")
        }
        file = SymbolicLinks.resolved(path)
        holdsEvents = status.st_size > 0
    }
}
