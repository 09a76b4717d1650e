/// GrowthBook's `paddedVersionString`, which makes semantic versions comparable as plain strings.
///
/// `v1.2.3-rc.1+build` → `    1-    2-    3-rc-    1`: a leading `v` and `+build` metadata are dropped, the rest is
/// split on `-` and `.`, a bare `major.minor.patch` gets a `~` part so it sorts after its pre-releases, and numeric
/// parts are left-padded with spaces to five characters.
@usableFromInline package enum PaddedVersion {
    /// The padded form of a version operand: numbers are first formatted as JavaScript would, and anything empty or
    /// non-string becomes `"0"`.
    @usableFromInline package static func string(for value: JSONValue) -> String {
        switch value {
        case .number(let number):
            string(for: JavaScriptNumberFormat.string(number))
        case .string(let text) where !text.isEmpty:
            string(for: text)
        default:
            string(for: "0")
        }
    }

    /// The padded form of the version string `version`.
    @usableFromInline package static func string(for version: String) -> String {
        let stripped = removingBuildMetadata(from: version.hasPrefix("v") ? String(version.dropFirst()) : version)
        var parts = stripped.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "." }.map(String.init)
        if parts.count == 3 {
            parts.append("~")
        }
        return parts.map { part in
            guard isDigits(part) else { return part }
            let length = part.unicodeScalars.count
            return length >= 5 ? part : String(repeating: " ", count: 5 - length) + part
        }.joined(separator: "-")
    }

    /// Removes `+…` through the end, mirroring Python's `re.sub(r"\+.*$", "", s)`: `.` stops at a newline and `$`
    /// also matches before a final newline, so a `+` only counts when no other newline follows it.
    private static func removingBuildMetadata(from version: String) -> String {
        var scalars = Array(version.unicodeScalars)
        let newline: Unicode.Scalar = "\n"
        for position in scalars.indices where scalars[position] == "+" {
            let rest = scalars[(position + 1)...]
            guard let firstNewline = rest.firstIndex(of: newline) else {
                scalars.removeSubrange(position...)
                return String(String.UnicodeScalarView(scalars))
            }
            if firstNewline == scalars.count - 1 {
                scalars.removeSubrange(position..<firstNewline)
                return String(String.UnicodeScalarView(scalars))
            }
        }
        return version
    }

    /// Python's `str.isdigit`: non-empty and every scalar has a decimal or digit numeric type.
    private static func isDigits(_ part: String) -> Bool {
        !part.isEmpty && part.unicodeScalars.allSatisfy { scalar in
            let type = scalar.properties.numericType
            return type == .decimal || type == .digit
        }
    }
}
