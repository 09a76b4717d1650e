import Foundation

/// The experiments of a config that run on a slot, for the advice printed after adding a variant.
enum ExperimentsOfSlot {
    /// The keys of the experiments in the config at `url` whose `slot` is `slot`; empty when the
    /// file is missing or not a config.
    static func keys(in url: URL, slot: String) -> [String] {
        experiments(in: url, slot: slot).compactMap { $0["key"] as? String }
    }

    /// The keys of those experiments whose `variations` already list `id`.
    static func keys(in url: URL, slot: String, listing id: String) -> [String] {
        experiments(in: url, slot: slot).compactMap { experiment in
            (experiment["variations"] as? [Any])?.contains { $0 as? String == id } == true ? experiment["key"] as? String : nil
        }
    }

    private static func experiments(in url: URL, slot: String) -> [[String: Any]] {
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let experiments = root["experiments"] as? [[String: Any]]
        else { return [] }
        return experiments.filter { $0["slot"] as? String == slot }
    }
}
