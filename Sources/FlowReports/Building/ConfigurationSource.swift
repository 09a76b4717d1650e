/// Where a report's experiment configuration came from, so that the report can say when it had none.
public enum ConfigurationSource: Sendable, Hashable {
    /// The caller supplies configurations directly and wants no note about them.
    case unspecified
    /// Read from this file: experiments it does not list are noted.
    case file(String)
    /// No configuration was found, for this reason (e.g. "Configuration/experiments.json does not exist here").
    case notFound(String)
}
