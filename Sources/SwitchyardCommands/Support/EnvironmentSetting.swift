/// A number read from an environment variable, checked as an option's value is: a value that is not a number,
/// not finite, or outside its range is one error naming the variable, the value and the range accepted, never a
/// trap later when the number is converted or used.
enum EnvironmentSetting {
    /// The number of seconds `variable` holds in `environment`, or `defaultValue` when it is unset or empty.
    ///
    /// - Throws: `CommandError` reading `VARIABLE is "VALUE"; expected a number of seconds from LOW to HIGH`.
    static func seconds(
        _ variable: String, in environment: [String: String], default defaultValue: Double, range: ClosedRange<Double>
    ) throws -> Double {
        guard let text = environment[variable], !text.isEmpty else { return defaultValue }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            let shown = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
            throw CommandError(
                "\(variable) is \"\(shown.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())\"; "
                    + "expected a number of seconds from \(format(range.lowerBound)) to \(format(range.upperBound))"
            )
        }
        return value
    }

    /// `value` without a fractional part when it has none: `86400`, `0.25`.
    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
