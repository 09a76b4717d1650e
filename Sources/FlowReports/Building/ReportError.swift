/// Why a report could not be built from the inputs and options.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `--experiment` names an experiment that neither the log's exposures nor the configuration know.
    case unknownExperiment(String, known: [String])
    /// `--control` names a variant (or file) that is not an arm of the experiment.
    case unknownControl(String, experiment: String, arms: [String])
    /// `compare` needs at least two logs.
    case tooFewLogs(Int)
    /// Some users' events arrived out of order, and the first `events` events of the log were not handed to
    /// ``ExperimentLogAccumulator/reread(_:)`` again: a mistake of the caller, not of the log.
    case logNotReread(events: Int)

    /// The error in words, for the command line.
    public var description: String {
        switch self {
        case let .unknownExperiment(key, known):
            let list = known.isEmpty ? "the logs contain no exposure events" : "known: \(known.joined(separator: ", "))"
            return "no experiment '\(key)' in the logs or the configuration (\(list))"
        case let .unknownControl(control, experiment, arms):
            return "no arm '\(control)' in experiment '\(experiment)' (arms: \(arms.joined(separator: ", ")))"
        case let .tooFewLogs(count):
            return "compare needs two logs, got \(count)"
        case let .logNotReread(events):
            return "events arrived out of order, but the log's first \(events) events were not read again to recount them"
        }
    }
}
