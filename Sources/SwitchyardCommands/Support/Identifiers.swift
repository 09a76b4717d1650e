/// Random identifiers for sessions and anonymous users.
enum Identifiers {
    /// A random identifier such as `s-3f9a0c12e4b7`.
    static func random(prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() & 0xFFFF_FFFF_FFFF
        let hex = String(value, radix: 16)
        return "\(prefix)-\(String(repeating: "0", count: 12 - hex.count))\(hex)"
    }
}
