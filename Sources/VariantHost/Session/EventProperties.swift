import FlowEvents

/// An event's properties as a `SessionRecorder` adds them: encoded straight into the log line
/// when the recorder writes lines itself, collected in a dictionary for any other sink.
///
/// When encoding, keys must be added in sorted order, the order the log writes them in.
struct EventProperties {
    private(set) var encodes: Bool
    /// The line so far, when encoding.
    var line: [UInt8] = []
    /// The properties added, when not encoding.
    private(set) var dictionary: [String: String] = [:]
    private var isEmpty = true

    /// Properties encoded after the end of `line`.
    init(encodingAfter line: [UInt8]) {
        encodes = true
        self.line = line
    }

    /// Properties collected in a dictionary.
    init() {
        encodes = false
    }

    mutating func add(_ key: String, _ value: String) {
        if encodes {
            if !isEmpty { line.append(UInt8(ascii: ",")) }
            JSONLineEncoder.appendString(key, to: &line)
            line.append(UInt8(ascii: ":"))
            JSONLineEncoder.appendString(value, to: &line)
        } else {
            dictionary[key] = value
        }
        isEmpty = false
    }
}
