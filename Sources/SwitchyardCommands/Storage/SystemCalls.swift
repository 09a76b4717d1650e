#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the commands make through pointers, the one place SwitchyardCommands touches memory
/// through them: the buffers the commands hand to `read(2)`, `write(2)`, `send(2)` and `readlink(2)`, the path
/// `realpath(3)` allocates, the argument and environment vectors of `posix_spawn(2)`, the `prctl(2)` looked up by
/// name, and the C copy of a path that a signal handler removes. No other file of the module holds a pointer.
///
/// Nothing here indexes memory by hand, so there are no bounds of its own to check: each system call is
/// lent a Swift array's buffer, whole, for the length of the call, a C string is made by `strdup(3)` and freed
/// after the one call it is lent to, and a path's C copy is only made, read, handed to `unlink(2)` and freed by
/// its owner's `deinit`.
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

    /// Writes all of `bytes` to the file open as `descriptor`, as many `write(2)` calls as it takes (one interrupted by
    /// a signal is made again): nil, or the `errno` of the write that failed.
    static func writeAll(_ bytes: [UInt8], toFile descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = write(bytes[written...], toFile: descriptor)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
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

    /// Sends as many of `bytes` as `send(2)` takes in one call on the socket open as `descriptor`, never raising
    /// SIGPIPE (on Darwin the socket is made with `SO_NOSIGPIPE`): how many it sent, or -1 with `errno` set (`EPIPE`
    /// when the other end is closed).
    static func send(_ bytes: ArraySlice<UInt8>, toSocket descriptor: Int32) -> Int {
        bytes.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            #if canImport(Darwin)
            return systemSend(descriptor, base, bytes.count, 0)
            #else
            return systemSend(descriptor, base, bytes.count, Int32(MSG_NOSIGNAL))
            #endif
        }
    }

    /// Starts the executable at `path` with `posix_spawn(2)`, in this process's group and session, so that a
    /// terminal's Ctrl-C reaches it as it reaches this process: its `arguments` (the first is its name), its
    /// `environment` (`NAME=value` entries), every signal unblocked and `defaultSignals` at their default action,
    /// standard input shared, standard output on `/dev/null`, and each `source` descriptor of `descriptors` open
    /// in it as its `target`. Returns the child's process id, or the `errno` of the failure.
    static func spawn(
        _ path: String, arguments: [String], environment: [String], descriptors: [(source: Int32, target: Int32)],
        defaultSignals: [Int32]
    ) -> (pid: pid_t, failure: Int32) {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // Sources are moved above every target first, so that no dup2 overwrites a source a later one reads.
        let ceiling = (descriptors.map(\.target).max() ?? 2) + 1
        var moved: [Int32] = []
        defer { for descriptor in moved { close(descriptor) } }
        for (source, _) in descriptors {
            let high = fcntl(source, F_DUPFD_CLOEXEC, ceiling)
            guard high >= 0 else { return (0, errno) }
            moved.append(high)
        }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        for (high, target) in zip(moved, descriptors.map(\.target)) {
            posix_spawn_file_actions_adddup2(&actions, high, target)
        }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in defaultSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argumentVector: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let environmentVector: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for string in argumentVector { free(string) }
            for string in environmentVector { free(string) }
        }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, path, &actions, &attributes, argumentVector, environmentVector)
        return (pid, failure)
    }

    #if os(Linux)
    /// Asks the kernel to send this process `signal` when the thread that started it ends (with its process),
    /// with `prctl(PR_SET_PDEATHSIG)`; false when it cannot. `prctl` is variadic, which Swift does not import: it
    /// is called through its address, as a function of five machine words, which is how Linux's calling
    /// conventions (x86-64, AArch64) pass its integer arguments either way.
    static func setParentDeathSignal(_ signal: Int32) -> Bool {
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let setParentDeathSignal: Int32 = 1 // PR_SET_PDEATHSIG, from <linux/prctl.h>
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return false }
        return unsafeBitCast(symbol, to: Prctl.self)(setParentDeathSignal, UInt(signal), 0, 0, 0) == 0
    }
    #endif

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

private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, bytes, count, flags)
}
