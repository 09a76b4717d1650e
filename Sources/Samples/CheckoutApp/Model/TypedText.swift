extension StringProtocol {
    /// The text without the whitespace at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// Whether the text is a number of ASCII digits within `count`.
    func isASCIIDigits(count: ClosedRange<Int>) -> Bool {
        count.contains(self.count) && allSatisfy { $0.isASCII && $0.isNumber }
    }
}
