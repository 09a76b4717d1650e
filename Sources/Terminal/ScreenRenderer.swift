import Coordination

/// Renders a screen's content as plain text for a terminal.
package enum ScreenRenderer {
    /// The text of `screen`: title, body, error, fields (passwords hidden) and, unless
    /// `withChoices` is false, the choices, back among them when `canGoBack` (`FlowSession.canGoBack`).
    package static func render(_ screen: any Screen, withChoices: Bool = true, canGoBack: Bool = false) -> String {
        let content = screen.content
        var lines = ["", "== \(content.title) ==  [\(screen.name)]"]
        lines += content.body.map { "  \($0)" }
        if let error = content.error {
            lines.append("  ! \(error)")
        }
        for field in content.fields {
            lines.append("  \(field.label): \(displayedValue(of: field))")
        }
        if withChoices { lines.append(choicesLine(for: content, canGoBack: canGoBack)) }
        return lines.joined(separator: "\n")
    }

    /// The line listing the actions by number, then back when the user can go back, and quit.
    package static func choicesLine(for content: ScreenContent, canGoBack: Bool) -> String {
        var choices = content.actions.enumerated().map { "\($0 + 1)) \($1.title)" }
        if canGoBack { choices.append("b) Back") }
        choices.append("q) Quit")
        return "  " + choices.joined(separator: "   ")
    }

    /// The prompt for a field: its label, with the value kept when the answer is empty.
    package static func prompt(for field: ScreenField) -> String {
        var prompt = "  \(field.label)"
        if case .choice(let options, let allowsMultiple) = field.kind {
            prompt += " (\(options.joined(separator: "/"))\(allowsMultiple ? ", comma-separated" : ""))"
        }
        if !field.value.isEmpty, field.kind != .password {
            prompt += " [\(field.value)]"
        }
        return prompt + ": "
    }

    private static func displayedValue(of field: ScreenField) -> String {
        if field.value.isEmpty { return "(empty)" }
        return field.kind == .password ? String(repeating: "*", count: field.value.count) : field.value
    }
}
