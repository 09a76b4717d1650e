import CZlib
import Foundation

/// Files a harness writes for the code under test to read: one directory per process, made once, whose files
/// each run overwrites. Plain `open`/`write`, never an atomic or synced write: a run must cost microseconds.
///
/// Each thread writes files of its own (their names begin with the thread's id): `swift test` runs harnesses
/// on several threads of one process at once, and two runs sharing a file would read each other's bytes.
///
/// The directory is in memory (`/dev/shm`) where there is one: on a disk's file system, truncating and rewriting
/// a file costs the journal and block allocation on every run, far more than reading it back.
final class FuzzFiles: Sendable {
    /// The files of this process.
    static let shared = FuzzFiles()

    /// The directory's path.
    let directory: String

    private init() {
        let memory = "/dev/shm"
        let parent = access(memory, W_OK) == 0 ? memory + "/" : NSTemporaryDirectory()
        directory = parent + "switchyard-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzFiles.shared.directory) }
    }

    /// Writes `bytes` as they are to `name`, replacing what it held, and returns its path.
    func write(_ bytes: [UInt8], to name: String) -> String {
        let path = directory + "/t\(Self.threadID())-" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return path }
        defer { close(descriptor) }
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                guard result > 0 else { return }
                written += result
            }
        }
        return path
    }

    /// The calling thread's id, unique among the process's live threads.
    private static func threadID() -> UInt {
        #if canImport(Glibc)
        UInt(pthread_self())
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    /// Writes `bytes` gzip-compressed (one gzip member, as `gzip -1` writes it) to `name`, replacing what it held,
    /// and returns its path.
    func writeCompressed(_ bytes: [UInt8], to name: String) -> String {
        write(GzipCompression.compressed(bytes), to: name)
    }
}

/// Compresses bytes into one gzip member in memory.
enum GzipCompression {
    /// `bytes` as a gzip member, compressed at level 1; empty if zlib fails, which it does only out of memory.
    static func compressed(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 + 16: the largest window, with a gzip wrapper; memory level 8 as zlib's default.
        guard deflateInit2_(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return []
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, UInt(bytes.count)))
        return bytes.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: bound) { output, count in
                // zlib reads through a mutable pointer without writing.
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                count = deflate(&stream, Z_FINISH) == Z_STREAM_END ? output.count - Int(stream.avail_out) : 0
            }
        }
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
