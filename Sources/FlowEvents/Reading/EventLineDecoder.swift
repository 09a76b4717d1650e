import JSONCore

/// Decodes lines of an event log: the canonical scanner first, the full JSON parser when the
/// scanner does not understand a line.
///
/// One decoder serves one thread: it keeps caches of recently seen texts for the scanner.
///
/// Package-visible so that the fuzz harnesses (Tests/Fuzz) can drive both readings of a line.
package struct EventLineDecoder {
    private let caches: ScannerCaches

    /// Creates a decoder with empty caches, sized for lines of about `byteCount` bytes in all (any
    /// number of lines can be decoded; the size only bounds what is worth caching).
    package init(forBytes byteCount: Int = .max) {
        caches = ScannerCaches(forBytes: byteCount)
    }

    /// What `line` (without its newline) holds; a trailing carriage return is ignored.
    func outcome(of line: ByteView) -> LineOutcome {
        let content = Self.contentWithoutCarriageReturn(line)
        if content.count > FlowEventReader.maximumLineLength { return .skipped(.oversizedLine) }
        if let event = canonicalEvent(in: content) { return .event(event) }
        return Self.fullParserOutcome(of: content)
    }

    /// `line` without a trailing carriage return, for files with CRLF line endings.
    @inline(__always)
    static func contentWithoutCarriageReturn(_ line: ByteView) -> ByteView {
        guard let last = line.last, last == UInt8(ascii: "\r") else { return line }
        return line.bytes(0..<line.count - 1)
    }

    /// The event of a line in the exact layout `JSONLineEncoder` writes, or nil for any other line.
    @inline(__always)
    package func canonicalEvent(in line: ByteView) -> FlowEvent? {
        var scanner = CanonicalLineScanner(line: line, caches: caches)
        return scanner.scanEvent()
    }

    /// Overwrites `event` with the texts `fields` selects of a canonical line whose type is not in `dropped`;
    /// only checks a canonical line whose type is; declines any other line, which then needs
    /// `fullParserOutcome(of:)`.
    ///
    /// A decoder must be used with one selection of fields only: its caches hold what it made.
    @inline(__always)
    func decodeCanonicalLine(
        _ line: ByteView, into event: inout FlowEvent, dropping dropped: EventTypeMask, fields: EventFieldSelection
    ) -> CanonicalScanOutcome {
        var scanner = CanonicalLineScanner(line: line, caches: caches)
        return scanner.scanEvent(into: &event, dropping: dropped, fields: fields)
    }

    /// Overwrites `event` with the event of a canonical line and returns true; returns false
    /// for any other line, which then needs `fullParserOutcome(of:)`.
    @inline(__always)
    func decodeCanonicalLine(_ line: ByteView, into event: inout FlowEvent) -> Bool {
        var scanner = CanonicalLineScanner(line: line, caches: caches)
        return scanner.scanEvent(into: &event)
    }

    /// What `line` holds according to the full JSON parser alone: the reference reading, which
    /// the canonical scanner must agree with on every line it accepts.
    package static func fullParserOutcome(of line: ByteView) -> LineOutcome {
        if line.allSatisfy(isJSONWhitespace) { return .blank }
        // An event line needs two levels of nesting; a key given twice is kept twice (the mapper reads the
        // last, as JavaScript's `JSON.parse` does).
        guard let value = try? JSONTextParser.parse(line, maximumDepth: 32, refusesDuplicateKeys: false, skipsByteOrderMark: false)
        else { return .skipped(.malformed) }
        return JSONEventMapper.outcome(for: value)
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
