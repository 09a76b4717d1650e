/// Reads a line laid out exactly as `JSONLineEncoder` writes it, without building a JSON tree.
///
/// This is the hot path: it recognises only the canonical key order, no whitespace, string
/// values without escapes and string-valued properties. Any other line it declines, and the
/// line goes to the full parser, which decides whether the line is valid; so the scanner
/// never has to judge a line malformed, only to be sure that what it accepts is read exactly
/// as the full parser would read it.
///
/// Texts and property objects are looked up in caches shared across the lines of a chunk, so
/// that repeated values are neither validated nor allocated again.
struct CanonicalLineScanner {
    private let bytes: ByteView
    private let shortStrings: ShortStringCache
    private let longStrings: ByteKeyedCache<String>
    private let propertyObjects: ByteKeyedCache<[String: String]>
    private let timestamps: CanonicalTimestampParser
    private var index = 0
    /// Whether a scanner that keeps some fields only reads a line whole (a line without `seq`): its property
    /// objects then bypass the cache, which holds objects with the selected properties only.
    private var isReadingWhole = false

    /// Creates a scanner of one `line` (no newline) that looks texts up in `caches`, which the
    /// caller must keep alive while it uses the scanner.
    init(line: ByteView, caches: ScannerCaches) {
        bytes = line
        shortStrings = caches.shortStrings
        longStrings = caches.longStrings
        propertyObjects = caches.propertyObjects
        timestamps = caches.timestamps
    }

    /// The event of the line, or nil when the line is not canonical.
    mutating func scanEvent() -> FlowEvent? {
        var event = FlowEvent.blank
        return scanEvent(into: &event) ? event : nil
    }

    /// Overwrites every field of `event` with the line's and returns true, or returns false,
    /// leaving `event` partly overwritten, when the line is not canonical.
    ///
    /// Filling one event in place line after line, rather than returning a new one, spares a
    /// copy of every event: the optimizer does not remove the one `FlowEvent.init` implies.
    @inline(__always)
    mutating func scanEvent(into event: inout FlowEvent) -> Bool {
        guard expect(#"{"schema":1,"time":""#), let time = scanTimestamp() else { return false }
        event.schemaVersion = FlowEvent.currentSchemaVersion
        event.time = time
        guard expect(#","session":"#), let session = scanString() else { return false }
        event.session = session
        guard case .some(let sequence) = scanOptionalSequence() else { return false }
        event.sequence = sequence
        guard expect(#","user":"#), let user = scanString() else { return false }
        event.user = user
        guard expect(#","experiment":"#), case .some(let experiment) = scanOptionalString() else { return false }
        event.experiment = experiment
        guard expect(#","variant":"#), case .some(let variant) = scanOptionalString() else { return false }
        event.variant = variant
        guard expect(#","type":""#), let type = scanEventType() else { return false }
        event.type = type
        guard expect(#","screen":"#), case .some(let screen) = scanOptionalString() else { return false }
        event.screen = screen
        guard expect(#","action":"#), case .some(let action) = scanOptionalString() else { return false }
        event.action = action
        guard expect(#","properties":{"#), let properties = scanProperties() else { return false }
        event.properties = properties
        return expect("}") && index == bytes.count
    }

    /// As `scanEvent(into:)`, but a line whose type is in `dropped` is only checked, as thoroughly as a
    /// kept one, and only its time and the texts of its identity made (`EventIdentity`: user, session, sequence number):
    /// the reader counts such events without handing them out. Of a kept line, only the texts `fields`
    /// selects are made; the others are checked and left empty.
    ///
    /// A line without a sequence number is read whole, whatever `dropped` and `fields` say: all its fields
    /// are its identity. A dropped line's strings must be ASCII; a line with other text goes to the full
    /// parser instead, which reads it as the scanner would (and its event is then left out by the caller's filter).
    @inline(__always)
    mutating func scanEvent(
        into event: inout FlowEvent, dropping dropped: EventTypeMask, fields: EventFieldSelection
    ) -> CanonicalScanOutcome {
        if dropped.isEmpty, fields.keepsEverything { return scanEvent(into: &event) ? .event : .notCanonical }
        guard expect(#"{"schema":1,"time":""#), let time = scanTimestamp(),
              expect(#","session":""#), let session = scanStringBody(),
              case .some(let sequence) = scanOptionalSequence()
        else { return .notCanonical }
        guard let sequence else {
            index = 0
            isReadingWhole = fields.propertyKeys != nil
            return scanEvent(into: &event) ? .event : .notCanonical
        }
        guard expect(#","user":""#), let user = scanStringBody(),
              expect(#","experiment":"#), case .some(let experiment) = scanOptionalStringBody(),
              expect(#","variant":"#), case .some(let variant) = scanOptionalStringBody(),
              expect(#","type":""#), let type = scanEventType()
        else { return .notCanonical }
        if dropped.contains(type) {
            guard session.isASCII, user.isASCII, experiment?.isASCII ?? true, variant?.isASCII ?? true,
                  expect(#","screen":"#), case .some(let screen) = scanOptionalStringBody(), screen?.isASCII ?? true,
                  expect(#","action":"#), case .some(let action) = scanOptionalStringBody(), action?.isASCII ?? true,
                  expect(#","properties":{"#), checkASCIIProperties(),
                  let sessionText = string(session), let userText = string(user)
            else { return .notCanonical }
            event.time = time
            event.session = sessionText
            event.sequence = sequence
            event.user = userText
            event.type = type
            return .dropped
        }
        event.schemaVersion = FlowEvent.currentSchemaVersion
        event.time = time
        event.sequence = sequence
        if fields.keepsSession {
            guard let sessionText = string(session) else { return .notCanonical }
            event.session = sessionText
        } else {
            guard session.isASCII || isValidText(session) else { return .notCanonical }
            event.session = ""
        }
        guard let userText = string(user) else { return .notCanonical }
        event.user = userText
        if fields.keepsAttribution(of: type) {
            guard case .some(let experimentText) = optionalString(experiment) else { return .notCanonical }
            event.experiment = experimentText
            guard case .some(let variantText) = optionalString(variant) else { return .notCanonical }
            event.variant = variantText
        } else {
            guard experiment.map(isValidText) ?? true, variant.map(isValidText) ?? true else { return .notCanonical }
            event.experiment = nil
            event.variant = nil
        }
        event.type = type
        guard expect(#","screen":"#), case .some(let screen) = scanOptionalString() else { return .notCanonical }
        event.screen = screen
        guard expect(#","action":"#), case .some(let action) = scanOptionalString() else { return .notCanonical }
        event.action = action
        guard expect(#","properties":{"#),
              let properties = fields.propertyKeys == nil ? scanProperties() : scanProperties(keeping: fields)
        else { return .notCanonical }
        event.properties = properties
        return expect("}") && index == bytes.count ? .event : .notCanonical
    }

    /// Checks the members of the properties object, whose `{` was consumed, through the line's end, as
    /// `scanProperties()` and the closing `}` of `scanEvent(into:)` do, requiring every text to be ASCII.
    private mutating func checkASCIIProperties() -> Bool {
        if !expect("}") {
            guard bytes.count - 1 > index else { return false }
            while true {
                guard expect("\""), let key = scanStringBody(), key.isASCII,
                      expect(":\""), let value = scanStringBody(), value.isASCII
                else { return false }
                if expect(",") { continue }
                guard expect("}") else { return false }
                break
            }
            guard index == bytes.count - 1 else { return false }
        }
        return expect("}") && index == bytes.count
    }

    /// `.some(nil)` for `null`, `.some(body)` for a string's body, nil when neither.
    private mutating func scanOptionalStringBody() -> (range: Range<Int>, isASCII: Bool)?? {
        if expect("null") { return .some(nil) }
        guard expect("\"") else { return nil }
        return scanStringBody().map { .some($0) }
    }

    /// The string of a body found by `scanStringBody()`, through the caches; nil when it is not valid UTF-8.
    private func string(_ body: (range: Range<Int>, isASCII: Bool)) -> String? {
        let text = bytes.bytes(body.range)
        let isASCII = body.isASCII
        let make = { (text: ByteView) -> String? in
            isASCII ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }
        if text.count <= ShortStringCache.maximumLength { return shortStrings.string(for: text, orMake: make) }
        return longStrings.value(for: text, orMake: make)
    }

    /// Whether a body found by `scanStringBody()` is valid UTF-8, without making its string.
    private func isValidText(_ body: (range: Range<Int>, isASCII: Bool)) -> Bool {
        body.isASCII || String(validating: bytes.bytes(body.range), as: UTF8.self) != nil
    }

    /// `.some(nil)` for no body, `.some(text)` for a body's string, nil when it is not valid UTF-8.
    private func optionalString(_ body: (range: Range<Int>, isASCII: Bool)?) -> String?? {
        guard let body else { return .some(nil) }
        return string(body).map { .some($0) }
    }

    /// Consumes `literal` if the bytes at the current position are exactly it.
    @inline(__always)
    private mutating func expect(_ literal: StaticString) -> Bool {
        guard bytes.hasPrefix(ByteView(literal), at: index) else { return false }
        index += literal.utf8CodeUnitCount
        return true
    }

    /// Finds the closing quote of a string whose opening quote was consumed; nil when the
    /// string has an escape or a control character, or never closes.
    ///
    /// Inlined into each of the dozen places a line's strings are read: the call cost as much as the scan.
    @inline(__always)
    private mutating func scanStringBody() -> (range: Range<Int>, isASCII: Bool)? {
        let start = index
        var highBits: UInt64 = 0
        // Eight bytes at a time: the lowest flagged byte of a word is the first quote, backslash
        // or control character, so a whole string usually takes one or two loads.
        while bytes.count - index >= 8 {
            let word = bytes.load(UInt64.self, at: index)
            let flags = ByteComparison.quoteBackslashOrControlFlags(word)
            if flags == 0 {
                highBits |= ByteComparison.highBits(word)
                index += 8
                continue
            }
            let offset = flags.trailingZeroBitCount >> 3
            highBits |= ByteComparison.highBits(word) & ((1 << UInt64(offset * 8)) &- 1)
            index += offset
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            return (start..<index - 1, highBits == 0)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<index - 1, highBits == 0)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            highBits |= UInt64(byte & 0x80)
            index += 1
        }
        return nil
    }

    /// Reads a string value, quotes included, through the caches; nil when the scanner does not take it.
    private mutating func scanString() -> String? {
        guard expect("\""), let body = scanStringBody() else { return nil }
        return string(body)
    }

    /// `.some(nil)` for `null`, `.some(text)` for a string, nil when neither.
    private mutating func scanOptionalString() -> String?? {
        if expect("null") { return .some(nil) }
        return scanString().map { .some($0) }
    }

    /// `.some(nil)` when no `,"seq":` member follows; `.some(n)` for one written as `JSONLineEncoder` writes it
    /// (decimal digits without a leading zero, at most `FlowEvent.maximumSequence`); nil for any other.
    private mutating func scanOptionalSequence() -> Int?? {
        guard expect(#","seq":"#) else { return .some(nil) }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // 16 digits hold 2^53 − 1 and cannot overflow.
            guard index - start < 16 else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0"), value <= FlowEvent.maximumSequence else { return nil }
        return .some(value)
    }

    /// Reads the timestamp after its opening quote, through its closing quote.
    private mutating func scanTimestamp() -> EventTimestamp? {
        // The canonical form is read where it lies: its 24 bytes, once parsed, are known to need no other check.
        if bytes.count - index > 24, bytes[index + 24] == UInt8(ascii: "\""),
           let time = timestamps.canonicalTimestamp(bytes.bytes(index..<index + 24)) {
            index += 25
            return time
        }
        guard let body = scanStringBody() else { return nil }
        return timestamps.timestamp(bytes.bytes(body.range))
    }

    /// Reads the event type name after its opening quote, through its closing quote.
    private mutating func scanEventType() -> EventType? {
        guard let body = scanStringBody() else { return nil }
        return EventTypeNames.type(named: bytes.bytes(body.range))
    }

    /// Reads the members of the properties object, whose `{` was consumed, through its `}`.
    ///
    /// Properties are the last field, so in a canonical line their members run to the line's
    /// closing `}}`. That text is looked up whole in the cache first: bytes identical to an
    /// object read before need no further look. Only an object not seen recently is checked
    /// and built member by member.
    private mutating func scanProperties() -> [String: String]? {
        if expect("}") { return [:] }
        let start = index
        let objectEnd = bytes.count - 1  // just past the properties' `}`, if the line is canonical
        guard objectEnd > start else { return nil }
        let objectText = bytes.bytes(start..<objectEnd)
        if !isReadingWhole, let cached = propertyObjects.cachedValue(for: objectText) {
            index = objectEnd
            return cached
        }
        var memberCount = 0
        while true {
            guard expect("\""), scanStringBody() != nil, expect(":\""), scanStringBody() != nil else { return nil }
            memberCount += 1
            if expect(",") { continue }
            guard expect("}") else { return nil }
            break
        }
        guard index == objectEnd, let properties = buildProperties(from: start, memberCount: memberCount) else { return nil }
        if !isReadingWhole { propertyObjects.store(properties, for: objectText) }
        return properties
    }

    /// As `scanProperties()`, but only the members whose keys `fields` keeps are made; the others are checked.
    ///
    /// The cache holds what this method returns: a scanner that keeps some properties must not share its
    /// caches with one that keeps others.
    private mutating func scanProperties(keeping fields: EventFieldSelection) -> [String: String]? {
        if expect("}") { return [:] }
        let start = index
        let objectEnd = bytes.count - 1
        guard objectEnd > start else { return nil }
        let objectText = bytes.bytes(start..<objectEnd)
        if let cached = propertyObjects.cachedValue(for: objectText) {
            index = objectEnd
            return cached
        }
        var properties: [String: String] = [:]
        while true {
            guard expect("\""), let key = scanStringBody(), expect(":\""), let value = scanStringBody() else { return nil }
            if fields.keepsProperty(bytes.bytes(key.range)) {
                guard let keyText = string(key), let valueText = string(value) else { return nil }
                properties[keyText] = valueText
            } else {
                guard isValidText(key), isValidText(value) else { return nil }
            }
            if expect(",") { continue }
            guard expect("}") else { return nil }
            break
        }
        guard index == objectEnd else { return nil }
        propertyObjects.store(properties, for: objectText)
        return properties
    }

    /// Builds the properties dictionary from members already checked by `scanProperties()`.
    private func buildProperties(from start: Int, memberCount: Int) -> [String: String]? {
        var scanner = self
        scanner.index = start
        var properties = [String: String](minimumCapacity: memberCount)
        for _ in 0..<memberCount {
            guard let key = scanner.scanString(), scanner.expect(":"), let value = scanner.scanString() else { return nil }
            properties[key] = value
            _ = scanner.expect(",")
        }
        return properties
    }
}
