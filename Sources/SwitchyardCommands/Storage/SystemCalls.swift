#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the commands make through pointers, the one place SwitchyardCommands touches memory
/// through them: the buffers the commands hand to `read(2)`, `write(2)` and `readlink(2)`, the path
/// `realpath(3)` allocates, and the C copy of a path that a signal handler removes. No other file of the
/// module holds a pointer.
///
/// Nothing here indexes memory by hand, so there are no bounds of its own to check: each system call is
/// lent a Swift array's buffer, whole, for the length of the call, and a path's C copy is only made, read,
/// handed to `unlink(2)` and freed by its owner's `deinit`.
enum SystemCalls {
    /// Reads into `buffer`, from its start, with one `read(2)` from the file open as `descriptor`: how many
    /// bytes it read, 0 at the end of the file, or -1 with `errno` set.
    static func read(fromFile descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { room in
            guard let base = room.baseAddress else { return 0 }
            return systemRead(descriptor, base, room.count)
        }
    }

    /// Writes as many of `bytes` as `write(2)` takes in one call to the file open as `descriptor`: how many
    /// it wrote, or -1 with `errno` set.
    static func write(_ bytes: ArraySlice<UInt8>, toFile descriptor: Int32) -> Int {
        bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            return systemWrite(descriptor, base, bytes.count)
        }
    }

    /// The absolute path `path` names, every symbolic link and `.` and `..` resolved, with `realpath(3)`;
    /// nil when a part of it does not exist or cannot be read.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path the symbolic link `path` holds, read with `readlink(2)`; nil when `path` is no symbolic link
    /// or cannot be read.
    static func symbolicLinkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A C copy of a path, which frees it when dropped; its address can be handed to an atomic, so that a
    /// signal handler can remove the file it names without allocating, and taken back to be freed.
    struct CStringCopy: ~Copyable {
        /// The copy's address, never 0.
        private let address: UInt

        /// Copies `string` with `strdup`; nil when memory runs out.
        init?(_ string: String) {
            guard let copy = strdup(string) else { return nil }
            address = UInt(bitPattern: copy)
        }

        /// Takes back the copy whose address `releaseAddress()` gave, to free it when dropped; nil for 0, which
        /// names none.
        init?(reclaiming address: UInt) {
            guard address != 0 else { return nil }
            self.address = address
        }

        deinit {
            free(UnsafeMutablePointer<CChar>(bitPattern: address))
        }

        /// Gives the copy up, unfreed: its address, which `init(reclaiming:)` takes back.
        consuming func releaseAddress() -> UInt {
            let address = address
            discard self
            return address
        }

        /// Removes the file the copy at `address` names (nothing for 0), with `unlink(2)`, which a signal
        /// handler may call; the copy stays where it is.
        static func unlinkFile(named address: UInt) {
            if let path = UnsafePointer<CChar>(bitPattern: address) {
                unlink(path)
            }
        }
    }
}

// The system's calls, under names apart from SystemCalls's methods of the same names.

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
