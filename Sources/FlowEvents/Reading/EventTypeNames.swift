/// Looks up an `EventType` by the bytes of its raw value without creating a `String`.
enum EventTypeNames {
    private struct Name {
        var bytes: [UInt8]
        var type: EventType
    }

    /// Every event type's name, grouped by the name's length (index) so a lookup compares few.
    private static let namesByLength: [[Name]] = {
        let names = EventType.allCases.map { Name(bytes: Array($0.rawValue.utf8), type: $0) }
        let longest = names.map(\.bytes.count).max() ?? 0
        return (0...longest).map { length in names.filter { $0.bytes.count == length } }
    }()

    /// The event type whose raw value is `name`, or nil when there is none.
    static func type(named name: ByteView) -> EventType? {
        guard name.count < namesByLength.count else { return nil }
        for candidate in namesByLength[name.count] {
            let matches = candidate.bytes.withByteView { candidateBytes in
                name.hasPrefix(candidateBytes, at: 0)
            }
            if matches { return candidate.type }
        }
        return nil
    }
}
