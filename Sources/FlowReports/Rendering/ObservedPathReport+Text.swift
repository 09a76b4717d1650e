extension ObservedPathReport {
    /// The path in words: `welcome > signup > profile > home (goal)`, or `... > signup (left)`.
    var text: String {
        (screens.isEmpty ? "(no screen)" : screens.joined(separator: " > ")) + (reachedGoal ? " (goal)" : " (left)")
    }
}
