import Foundation

/// The number of cores this process may use, the default for `--jobs`.
enum ProcessInfoCores {
    static var active: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
