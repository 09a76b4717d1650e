import Coordination

/// A person walking a flow in the terminal, or a script standing in for one.
///
/// Each screen is printed, then the user picks an action by number or identifier, `b` for
/// back or `q` to quit; an action that submits a form then asks for each field, an empty
/// answer keeping the value shown. End of input quits the flow. Interactive users are asked
/// again after a mistake; in a script, the first mistake stops the walk and is reported in
/// `inputError` with its line number, so scripts fail loudly instead of drifting.
package final class TerminalUser: FlowUser {
    /// A line of scripted input the flow could not take.
    package struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The 1-based line of input, if known.
        package var line: Int?
        /// What was wrong and what was expected.
        package var message: String

        package var description: String {
            line.map { "input line \($0): \(message)" } ?? message
        }
    }

    private let readLine: () -> String?
    private let write: (String) -> Void
    private let isInteractive: Bool
    private var linesRead = 0
    /// The first scripted mistake, which ended the walk.
    package private(set) var inputError: InputError?

    /// Creates a terminal user reading lines with `readLine` and printing with `write`.
    ///
    /// - Parameter isInteractive: whether a person is typing (ask again after a mistake) or
    ///   the input is a script (stop at the first mistake).
    package init(isInteractive: Bool, readLine: @escaping () -> String?, write: @escaping (String) -> Void) {
        self.isInteractive = isInteractive
        self.readLine = readLine
        self.write = write
    }

    /// Asks for a turn on `screen`, offering back when its content allows it; `FlowRunner` asks
    /// `nextTurn(on:canGoBack:)`, which knows whether there is a screen to go back to.
    package func nextTurn(on screen: any Screen) -> UserTurn {
        nextTurn(on: screen, canGoBack: screen.content.allowsBack)
    }

    /// Asks for a turn on `screen`, offering back only when `canGoBack`: never on the flow's first screen.
    package func nextTurn(on screen: any Screen, canGoBack: Bool) -> UserTurn {
        guard inputError == nil else { return .quit }
        write(ScreenRenderer.render(screen, canGoBack: canGoBack) + "\n")
        let content = screen.content
        let expected = (content.actions.indices.map { String($0 + 1) } + (canGoBack ? ["b"] : []) + ["q"]).joined(separator: ", ")
        while true {
            guard let answer = ask("> ") else { return endOfInput() }
            let choice = answer.trimmingSpaces()
            switch choice {
            case "b" where canGoBack: return .back
            case "b":
                if reject("\(ScreenInputError.backUnavailable(screen: screen.name)); expected one of: \(expected)") { return .quit }
                continue
            case "q": return .quit
            default: break
            }
            let action = Int(choice).flatMap { content.actions.indices.contains($0 - 1) ? content.actions[$0 - 1] : nil }
                ?? content.actions.first { $0.id == choice }
            guard let action else {
                if reject("unknown choice \"\(choice)\" on \(screen.name); expected one of: \(expected)") { return .quit }
                continue
            }
            guard action.submitsForm else { return .perform(action.id) }
            var values: [ScreenField.ID: String] = [:]
            for field in content.fields {
                guard let value = ask(ScreenRenderer.prompt(for: field), secret: field.kind == .password) else { return endOfInput() }
                if !value.isEmpty { values[field.id] = value }
            }
            return .perform(action.id, fields: values)
        }
    }

    package func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError) {
        _ = reject(error.description)
    }

    /// Shows the screen the flow completed on, such as a confirmation, without choices.
    package func flowEnded(_ outcome: FlowOutcome, on screen: (any Screen)?) {
        guard outcome.isCompleted, inputError == nil, let screen else { return }
        write(ScreenRenderer.render(screen, withChoices: false) + "\n")
    }

    /// Asks for a line; a scripted answer is echoed after the prompt, hidden for a `secret`.
    private func ask(_ prompt: String, secret: Bool = false) -> String? {
        write(prompt)
        guard let line = readLine() else { return nil }
        linesRead += 1
        if !isInteractive { write((secret ? String(repeating: "*", count: line.count) : line) + "\n") }
        return line
    }

    /// Reports a mistake; returns whether the walk must stop.
    private func reject(_ message: String) -> Bool {
        if isInteractive {
            write("  ! \(message)\n")
            return false
        }
        inputError = InputError(line: linesRead, message: message)
        return true
    }

    private func endOfInput() -> UserTurn {
        write("\n(end of input: leaving the flow)\n")
        return .quit
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
