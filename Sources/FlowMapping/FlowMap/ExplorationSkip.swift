import VariantKit

/// A combination a supervising process found its coordinators trap or stall on, and which the next
/// exploring process therefore maps as failed instead of exploring it again (see `ExplorationWatch`).
package struct ExplorationSkip: Hashable, Sendable {
    /// How the exploration failed.
    package enum Kind: String, Hashable, Sendable {
        /// A coordinator trapped: the process died of `detail`, a signal.
        case trap
        /// The exploration made no progress for `detail` seconds.
        case stall
    }

    /// How it failed.
    package var kind: Kind
    /// The signal, or the seconds stalled.
    package var detail: Int
    /// The app's name.
    package var app: String
    /// The combination, as `SlotVariant.describe` writes it.
    package var combination: String
    /// The path being replayed, as a route.
    package var path: String
    /// What the process wrote about it (a `Fatal error:` line), if anything.
    package var message: String?

    /// Describes a failed exploration.
    package init(kind: Kind, detail: Int, app: String, combination: String, path: String, message: String?) {
        self.kind = kind
        self.detail = detail
        self.app = app
        self.combination = combination
        self.path = path
        self.message = message
    }

    /// The label an exploration of `combination` of `app` is watched under.
    package static func watchLabel(app: String, combination: [SlotVariant]) -> String {
        "\(app)\t\(SlotVariant.describe(combination))"
    }

    /// The skip a watch line (`switchyard-exploration<TAB>kind<TAB>detail<TAB>app<TAB>combination<TAB>path`)
    /// describes, with `message`; nil for any other line.
    package init?(watchLine line: Substring, message: String?) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, fields[0] == ExplorationWatch.linePrefix, let kind = Kind(rawValue: fields[1]),
              let detail = Int(fields[2])
        else { return nil }
        self.init(kind: kind, detail: detail, app: fields[3], combination: fields[4],
                  path: fields.count > 5 ? fields[5] : "", message: message)
    }

    /// The skip as one line of the environment variable that hands skips to an exploring process.
    package var encoded: String {
        [kind.rawValue, String(detail), app, combination, path, message ?? ""].map { $0.replacingTabsAndNewlines() }
            .joined(separator: "\t")
    }

    /// The skips `encoded` lines hold.
    package static func decode(_ text: String) -> [ExplorationSkip] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, let kind = Kind(rawValue: fields[0]), let detail = Int(fields[1]) else { return nil }
            return ExplorationSkip(kind: kind, detail: detail, app: fields[2], combination: fields[3], path: fields[4],
                                   message: fields[5].isEmpty ? nil : fields[5])
        }
    }

    /// The path as turns, for a lint; empty when it does not read as a route.
    var turns: [ExploredTurn] {
        guard !path.isEmpty, let route = try? FlowRoute(parsing: path) else { return [] }
        return route.steps.map { step in
            switch step {
            case .perform(let action, let input): .perform(action: action, input: input, fields: [:])
            case .back: .back
            }
        }
    }
}

extension String {
    fileprivate func replacingTabsAndNewlines() -> String {
        String(map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }
}
