import Foundation

/// The high-water mark of this process's resident memory, as Linux keeps it in `/proc/self/status`.
package enum ResidentMemory {
    /// The largest resident size so far (or since the last ``resetHighWaterMark()``), in MiB;
    /// nil on a system without `/proc/self/status` (macOS).
    package static func highWaterMarkMiB() -> Double? {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let field = fields.first(where: { $0.starts(with: "VmHWM:") }) else { return nil }
        // "VmHWM:\t  123456 kB"
        let kibibytes = field.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first.flatMap { Double($0) }
        return kibibytes.map { $0 / 1024 }
    }

    /// Lowers the high-water mark to the current resident size (writing 5 to `/proc/self/clear_refs`), so the
    /// next reading covers only what runs after this call. Does nothing where the file cannot be written.
    package static func resetHighWaterMark() {
        guard let file = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return }
        defer { try? file.close() }
        try? file.write(contentsOf: Data("5".utf8))
    }
}
