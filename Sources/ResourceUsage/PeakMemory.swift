import Foundation

/// The process's peak resident memory, where the system reports it (`/proc/self/status` on Linux).
package enum PeakMemory {
    /// The peak resident set size (`VmHWM`) in MiB, or nil where `/proc` has no such line.
    package static func peakResidentMiB() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return line.split(separator: " ").compactMap { Double($0) }.first.map { $0 / 1024 }
        }
        return nil
    }

    /// Resets the peak to the current resident size (Linux `clear_refs` value 5), so the next
    /// reading covers only what runs after this call.
    package static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
