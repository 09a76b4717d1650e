#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory, so that decoding threads read its bytes where
/// the page cache holds them, without copying them into buffers first.
///
/// The mapping lives as long as the object, which the chunks of the file share. It covers the
/// file as it was when mapped: bytes appended later are not read. Like any mapping, it assumes
/// that nobody truncates the file while it is read: the system would kill the process (SIGBUS)
/// for touching a page no longer backed by the file.
///
/// `@unchecked Sendable`: every property is immutable and the mapped bytes are read-only.
final class MappedFile: @unchecked Sendable {
    private let base: UnsafeRawPointer
    /// The file's size in bytes when it was mapped.
    let count: Int

    /// Maps the file at `path`, or returns nil when it is not a non-empty regular file that can
    /// be mapped (a `.gz` file, a pipe, an empty file...), which `FileChunkReader` reads instead.
    init?(path: String) {
        guard !path.hasSuffix(".gz") else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
              status.st_size > 0, let size = Int(exactly: status.st_size)
        else { return nil }
        let address: UnsafeMutableRawPointer? = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else { return nil }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        base = UnsafeRawPointer(address)
        count = size
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// Unmaps the whole pages inside `range`, once its bytes are decoded, so that the process's
    /// resident memory stays bounded: the pages stay in the page cache, and reading them again
    /// maps them again.
    func releasePages(in range: Range<Int>) {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + pageSize - 1) / pageSize * pageSize
        let end = range.upperBound / pageSize * pageSize
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }

    /// The bytes in `range`, valid while this object lives.
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self) + range.lowerBound, count: range.count)
    }
}
