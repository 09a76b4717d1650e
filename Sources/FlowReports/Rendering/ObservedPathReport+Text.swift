extension ObservedPathReport {
    /// The path in words: `welcome > signup > profile > home (goal)`, or `... > signup (left)`, each screen's name
    /// cut to ``TerminalText/nameLimit`` characters.
    var text: String {
        text(nameLimit: TerminalText.nameLimit)
    }

    /// The path in words, each screen's name cut to `nameLimit` characters (``TerminalText/capped(_:to:)``).
    func text(nameLimit: Int) -> String {
        let screens = screens.map { TerminalText.capped($0, to: nameLimit) }
        return (screens.isEmpty ? "(no screen)" : screens.joined(separator: " > ")) + (reachedGoal ? " (goal)" : " (left)")
    }
}
