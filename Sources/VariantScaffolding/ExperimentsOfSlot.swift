import Foundation

/// The experiments of a config that run on a slot, for the advice printed after adding a variant.
enum ExperimentsOfSlot {
    /// The keys of the experiments in the config at `url` whose `slot` is `slot`; empty when the
    /// file is missing or not a config.
    static func keys(in url: URL, slot: String) -> [String] {
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let experiments = root["experiments"] as? [[String: Any]]
        else { return [] }
        return experiments.compactMap { $0["slot"] as? String == slot ? $0["key"] as? String : nil }
    }
}
