/// Splits a chunk of whole lines at newlines and decodes each line, counting what it skips.
package enum LineChunkParser {
    /// Decodes the lines of `chunk`, handing each event to `emit` and recording skips in `summary`.
    ///
    /// Bytes after the chunk's last newline can only be the unterminated last line of a file;
    /// when they are not a valid event they count as a truncated last line.
    ///
    /// - Parameters:
    ///   - path: the file the chunk comes from, for skip locations.
    ///   - linesBefore: lines of the file before the chunk; 0 gives chunk-relative line numbers.
    ///   - dropped: types of events that are counted but not handed to `emit`; a canonical line of such
    ///     a type is checked making only the texts of its identity, and handed to `leaveOut` (an event with
    ///     its time, user, session, sequence number and type set). Lines the full parser reads are handed out whatever
    ///     their type, so the caller must still leave such events out.
    ///   - fields: the texts made of each canonical line (`EventLineDecoder.decodeCanonicalLine`).
    package static func parse(
        _ chunk: ByteView,
        decoder: EventLineDecoder,
        path: String,
        linesBefore: Int,
        dropping dropped: EventTypeMask = .none,
        fields: EventFieldSelection = .all,
        summary: inout ReadSummary,
        leaveOut: (FlowEvent) -> Void = { _ in },
        emit: (FlowEvent) throws -> Void
    ) rethrows {
        var lineStart = 0
        var lineNumber = linesBefore
        var canonicalEvent = FlowEvent.blank
        while lineStart < chunk.count {
            let lineEnd: Int
            let isTerminated: Bool
            if let newline = chunk.firstIndex(of: UInt8(ascii: "\n"), from: lineStart) {
                lineEnd = newline
                isTerminated = true
            } else {
                lineEnd = chunk.count
                isTerminated = false
            }
            lineNumber += 1
            let line = EventLineDecoder.contentWithoutCarriageReturn(
                chunk.bytes(lineStart..<lineEnd)
            )
            lineStart = lineEnd + 1
            // The common case: one event value refilled line after line and lent to `emit`.
            if line.count <= FlowEventReader.maximumLineLength {
                switch decoder.decodeCanonicalLine(line, into: &canonicalEvent, dropping: dropped, fields: fields) {
                case .event:
                    summary.noteEvent(at: canonicalEvent.time)
                    try emit(canonicalEvent)
                    continue
                case .dropped:
                    summary.noteEvent(at: canonicalEvent.time)
                    leaveOut(canonicalEvent)
                    continue
                case .notCanonical:
                    break
                }
            }
            let outcome = line.count > FlowEventReader.maximumLineLength
                ? LineOutcome.skipped(.oversizedLine)
                : EventLineDecoder.fullParserOutcome(of: line)
            switch outcome {
            case .event(let event):
                summary.noteEvent(at: event.time)
                try emit(event)
            case .skipped(let reason):
                let counted = reason == .malformed && !isTerminated ? SkipReason.truncatedLastLine : reason
                summary.recordSkip(counted, at: LineLocation(path: path, line: lineNumber))
            case .blank:
                break
            }
        }
        summary.lineCount += lineNumber - linesBefore
    }
}
