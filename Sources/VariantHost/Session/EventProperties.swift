import FlowEvents

/// An event's properties as a `SessionRecorder` adds them: encoded straight into the log line
/// when the recorder writes lines itself, collected in a dictionary for any other sink.
///
/// When encoding, keys must be added in sorted order, the order the log writes them in.
struct EventProperties {
    /// Where the line is encoded, if it is.
    private let line: LineBuffer?
    /// The properties added, when not encoding.
    private(set) var dictionary: [String: String] = [:]
    private var isEmpty = true

    /// Properties encoded at the end of `line`.
    init(encodingInto line: LineBuffer) {
        self.line = line
    }

    /// Properties collected in a dictionary.
    init() {
        line = nil
    }

    mutating func add(_ key: String, _ value: String) {
        if let line {
            if !isEmpty { line.append(UInt8(ascii: ",")) }
            line.appendJSONString(key)
            line.append(UInt8(ascii: ":"))
            line.appendJSONString(value)
        } else {
            dictionary[key] = value
        }
        isEmpty = false
    }
}
