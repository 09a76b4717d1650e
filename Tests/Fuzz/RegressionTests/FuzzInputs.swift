import Foundation
import FuzzHarnesses

/// The committed inputs of each fuzz target: its seeds and the inputs the fuzzers found, read from `Tests/Fuzz`
/// by path relative to this source file.
enum FuzzInputs {
    /// `Tests/Fuzz`.
    static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The harness of the target named `target`.
    static func harness(of target: String) -> (any FuzzHarness.Type)? {
        switch target {
        case ConfigFuzzHarness.name: ConfigFuzzHarness.self
        case ConditionFuzzHarness.name: ConditionFuzzHarness.self
        case EventLinesFuzzHarness.name: EventLinesFuzzHarness.self
        case BehaviorModelFuzzHarness.name: BehaviorModelFuzzHarness.self
        case GzipReaderFuzzHarness.name: GzipReaderFuzzHarness.self
        case ReportFuzzHarness.name: ReportFuzzHarness.self
        default: nil
        }
    }

    /// The inputs the fuzzers found for `target` (crashes, hangs, out-of-memory), fixed since.
    static func regressions(of target: String) -> [URL] {
        files(in: fuzzDirectory.appendingPathComponent("Regressions").appendingPathComponent(target))
    }

    /// The seed corpus of `target`, including the bundled configuration files the run script seeds with.
    static func seeds(of target: String) -> [URL] {
        let configuration = fuzzDirectory.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Configuration")
        let bundled: [URL] = switch target {
        case ConfigFuzzHarness.name: [configuration.appendingPathComponent("onboarding/experiments.json")]
        case BehaviorModelFuzzHarness.name: [configuration.appendingPathComponent("onboarding/behavior.json")]
        default: []
        }
        return files(in: fuzzDirectory.appendingPathComponent("Seeds").appendingPathComponent(target)) + bundled
    }

    private static func files(in directory: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
    }
}
