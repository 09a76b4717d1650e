/// An event's properties as a `SessionRecorder` adds them: encoded straight into the log line
/// when the recorder writes lines itself, collected in a dictionary for any other sink.
///
/// When encoding, keys must be added in sorted order, the order the log writes them in.
package struct EventProperties {
    /// Where the line is encoded, if it is.
    @usableFromInline let line: LineBuffer?
    /// The properties added, when not encoding.
    @usableFromInline package internal(set) var dictionary: [String: String] = [:]
    @usableFromInline var isEmpty = true

    /// Properties encoded at the end of `line`.
    package init(encodingInto line: LineBuffer) {
        self.line = line
    }

    /// Properties collected in a dictionary.
    package init() {
        line = nil
    }

    /// Adds a property whose key is fixed in the source: plain ASCII that JSON needs no escape
    /// for, so it is copied into the line as it is.
    @inlinable
    package mutating func add(_ key: StaticString, _ value: String) {
        if let line {
            appendKey(key, to: line)
            line.appendJSONString(value)
        } else {
            dictionary[key.description] = value
        }
        isEmpty = false
    }

    /// Adds a property whose value is the decimal text of `value`, as `String(value)` writes it,
    /// encoded without making that string. The key is as for `add(_:_:)`.
    @inlinable
    package mutating func add(_ key: StaticString, _ value: Int) {
        if let line {
            appendKey(key, to: line)
            line.append(UInt8(ascii: "\""))
            line.appendDecimal(value)
            line.append(UInt8(ascii: "\""))
        } else {
            dictionary[key.description] = String(value)
        }
        isEmpty = false
    }

    /// Adds a property whose value is the text of `value` as `String(value)` writes it, such as an
    /// assignment's bucket: hash buckets (a multiple of 1/10,000 between 0 and 1, exclusive) are
    /// encoded without making that string. The key is as for `add(_:_:)`.
    @inlinable
    package mutating func add(_ key: StaticString, _ value: Double) {
        if let line {
            appendKey(key, to: line)
            line.append(UInt8(ascii: "\""))
            if !line.appendTenThousandths(value) {
                line.append(Array(String(value).utf8))
            }
            line.append(UInt8(ascii: "\""))
        } else {
            dictionary[key.description] = String(value)
        }
        isEmpty = false
    }

    @inlinable
    func appendKey(_ key: StaticString, to line: LineBuffer) {
        assert(Self.needsNoEscape(key), "property key \(key) needs escaping")
        if !isEmpty { line.append(UInt8(ascii: ",")) }
        line.append(UInt8(ascii: "\""))
        line.append(key)
        line.append(#"":"#)
    }

    /// Adds a property whose key is data, such as a slot identifier, escaped as JSON needs.
    @inlinable
    package mutating func add(key: String, value: String) {
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

    @usableFromInline
    static func needsNoEscape(_ key: StaticString) -> Bool {
        key.hasPointerRepresentation
            && ByteView(key).allSatisfy { byte in
                (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
            }
    }
}
