import SeededRandom
import FlowEvents

/// Writes events the way other tools might: keys shuffled, whitespace between tokens, `\u`
/// escapes (surrogate pairs for astral characters), null fields omitted, unknown keys added.
struct NoncanonicalLineWriter {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// One JSON line for `event`, without the newline.
    mutating func line(for event: FlowEvent) -> String {
        var members: [(String, String)] = [
            ("schema", "1"),
            ("time", quoted(timeText(event.time))),
            ("session", quoted(event.session)),
            ("user", quoted(event.user)),
            ("type", quoted(event.type.rawValue)),
        ]
        if let sequence = event.sequence {
            // Only an integer's digits: `4.0` is no JSON integer, and a line with it is skipped.
            members.append(("seq", "\(sequence)"))
        } else if Bool.random(using: &random) {
            members.append(("seq", "null"))
        }
        for (key, value) in [("experiment", event.experiment), ("variant", event.variant),
                             ("screen", event.screen), ("action", event.action)] {
            if let value {
                members.append((key, quoted(value)))
            } else if Bool.random(using: &random) {
                members.append((key, "null"))
            }
        }
        if !event.properties.isEmpty || Bool.random(using: &random) {
            let entries = event.properties.shuffled(using: &random).map { "\(quoted($0.key))\(space()):\(space())\(quoted($0.value))" }
            members.append(("properties", "{\(space())\(entries.joined(separator: "\(space()),\(space())"))\(space())}"))
        } else if Bool.random(using: &random) {
            members.append(("properties", "null"))
        }
        if Bool.random(using: &random) {
            members.append(("writer", #"{"name": "jq", "flags": [1, 2.5e3, true, null]}"#))
        }
        members.shuffle(using: &random)
        let body = members.map { "\(space())\(quoted($0.0))\(space()):\(space())\($0.1)" }.joined(separator: ",")
        return "\(space()){\(body)\(space())}\(space())"
    }

    /// The timestamp with 3, 6 or 9 fraction digits, or none when the milliseconds are zero, and a zone of `Z`,
    /// `+00:00` or `-00:00`.
    private mutating func timeText(_ time: EventTimestamp) -> String {
        let canonical = time.description
        let zone = ["Z", "Z", "+00:00", "-00:00"].randomElement(using: &random)!
        if canonical.hasSuffix(".000Z"), Bool.random(using: &random) {
            return String(canonical.dropLast(5)) + zone
        }
        return String(canonical.dropLast()) + ["", "000", "000000"].randomElement(using: &random)! + zone
    }

    private mutating func space() -> String {
        ["", "", " ", "  ", "\t"].randomElement(using: &random)!
    }

    /// `text` as a JSON string, each character escaped or not at random (control characters always).
    private mutating func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/": result += Bool.random(using: &random) ? "\\/" : "/"
            case "\n": result += Bool.random(using: &random) ? "\\n" : "\\u000A"
            default:
                if scalar.value < 0x20 || Bool.random(using: &random) {
                    result += escaped(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private func escaped(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { unit in
            let hex = String(unit, radix: 16, uppercase: unit % 2 == 0)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }
}
