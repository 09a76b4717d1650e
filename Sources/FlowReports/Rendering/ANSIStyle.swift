/// The few ANSI SGR styles the terminal table uses.
enum ANSIStyle: String {
    case bold = "1"
    case green = "32"
    case red = "31"
    case yellow = "33"
    case dim = "2"
    case boldYellow = "1;33"
    case boldRed = "1;31"

    /// `text` wrapped in this style and a reset.
    func apply(to text: String) -> String {
        "\u{1B}[\(rawValue)m\(text)\u{1B}[0m"
    }
}
