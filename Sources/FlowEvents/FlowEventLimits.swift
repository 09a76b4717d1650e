/// The sizes an event may have: what the writer refuses to write, so that the reader never has to skip a line
/// the writer produced.
///
/// The reader's only hard limit is ``FlowEventReader/maximumLineLength``; these field limits keep every event far
/// below it even when every byte of every field needs a six-byte `\u` escape. Configs, behaviour models and the
/// command line are validated against the same numbers before anything is written.
public enum FlowEventLimits {
    /// The most UTF-8 bytes of each identifier or name: `session`, `user`, `experiment`, `variant`, `screen`,
    /// `action`, and each property key and value.
    public static let maximumFieldBytes = 1024
    /// The most properties an event may carry.
    public static let maximumProperties = 64

    /// What makes `event` larger than these limits allow, in words, or nil when it is within them.
    public static func violation(in event: FlowEvent) -> String? {
        let fields: [(String, String?)] = [
            ("session id", event.session), ("user id", event.user), ("experiment key", event.experiment),
            ("variant", event.variant), ("screen name", event.screen), ("action", event.action),
        ]
        for (name, value) in fields {
            if let value, let problem = tooLong(value, name) { return problem }
        }
        if event.properties.count > maximumProperties {
            return "it has \(event.properties.count) properties, more than \(maximumProperties)"
        }
        for (key, value) in event.properties {
            if let problem = tooLong(key, "property key") ?? tooLong(value, "value of property \"\(key.prefix(64))\"") {
                return problem
            }
        }
        return nil
    }

    /// The words for `value`, a `name`, being longer than ``maximumFieldBytes``, or nil.
    public static func tooLong(_ value: String, _ name: String) -> String? {
        let bytes = value.utf8.count
        guard bytes > maximumFieldBytes else { return nil }
        return "its \(name) is \(bytes) bytes long, more than the \(maximumFieldBytes) an event field may hold"
    }

    /// The length of the longest line in `bytes`, newline excluded.
    static func longestLine(in bytes: ByteView) -> Int {
        var longest = 0
        var start = 0
        while start < bytes.count {
            guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n"), from: start) else {
                return max(longest, bytes.count - start)
            }
            longest = max(longest, newline - start)
            start = newline + 1
        }
        return longest
    }
}
