import Foundation

/// The process's peak resident memory, where the system reports it.
enum PeakMemory {
    /// The peak resident set size (`VmHWM` in `/proc/self/status`) in MiB, or nil elsewhere.
    static func residentMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
        }
        return nil
    }
}
