/// The number after `name` on the command line (`--runs 2000`), or `value` when the flag is absent or not followed by a
/// number.
package func numericOption(_ name: String, default value: Double, arguments: [String] = CommandLine.arguments) -> Double {
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count, let parsed = Double(arguments[flag + 1]) else {
        return value
    }
    return parsed
}
