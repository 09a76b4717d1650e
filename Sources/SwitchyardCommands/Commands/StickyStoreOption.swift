import ArgumentParser
import Experiments

/// `--sticky-store PATH`: keep users in the variation they were first bucketed into, across runs.
struct StickyStoreOption: ParsableArguments {
    @Option(name: .customLong("sticky-store"), help: ArgumentHelp(
        "A JSON file of sticky bucket assignments (GrowthBook's semantics), created if missing and shared safely between processes.",
        valueName: "path"
    ))
    var path: String?

    /// The store at `--sticky-store`, or nil when the option is absent.
    func open() throws -> FileStickyBucketStore? {
        guard let path else { return nil }
        do {
            return try FileStickyBucketStore(path: path)
        } catch {
            throw CommandError("--sticky-store \(error)")
        }
    }

    /// Writes what `store` recorded.
    static func flush(_ store: FileStickyBucketStore?) throws {
        do {
            try store?.flush()
        } catch {
            throw CommandError("--sticky-store \(error)")
        }
    }
}
