import Experiments
import VariantKit

/// A route as `map --route` takes it: text (`get_started > create_account[valid]`), or a JSON array whose
/// elements are steps as text or objects (`{"action": "create_account", "input": "valid"}`,
/// `{"action": "create_account", "field": "email", "value": "taken@example.com"}`, `{"back": true}`).
enum RouteText {
    /// The route `text` writes.
    ///
    /// - Throws: `CommandError` naming the step, or the JSON line and column, that is malformed.
    static func parse(_ text: String) throws -> FlowRoute {
        guard text.drop(while: \.isWhitespace).first == "[" else {
            do {
                return try FlowRoute(parsing: text)
            } catch {
                throw CommandError("--route \(text): \(error)")
            }
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(text)
        } catch {
            throw CommandError("--route: not a JSON array of steps: \(error)")
        }
        guard case .array(let elements) = document, !elements.isEmpty else {
            throw CommandError("--route: expected a non-empty JSON array of steps")
        }
        var steps: [FlowRoute.Step] = []
        for (index, element) in elements.enumerated() {
            steps.append(try step(element, at: index))
        }
        return FlowRoute(steps: steps)
    }

    private static func step(_ element: JSONValue, at index: Int) throws -> FlowRoute.Step {
        func fail(_ problem: String) -> CommandError {
            CommandError("--route: step \(index + 1) (JSON path [\(index)]): \(problem)")
        }
        switch element {
        case .string(let text):
            do {
                let parsed = try FlowRoute(parsing: text)
                guard parsed.steps.count == 1 else { throw fail("\"\(text)\" holds \(parsed.steps.count) steps; give one per element") }
                return parsed.steps[0]
            } catch let error as CommandError {
                throw error
            } catch {
                throw fail("\(error)")
            }
        case .object(let object):
            if object["back"] == .bool(true) {
                guard object.count == 1 else { throw fail("a back step has no other member") }
                return .back
            }
            guard case .string(let action)? = object["action"], !action.isEmpty else {
                throw fail("expected \"action\": a non-empty string, or \"back\": true")
            }
            let known: Set<String> = ["action", "input", "field", "value"]
            if let unknown = object.keys.first(where: { !known.contains($0) }) {
                throw fail("unknown member \"\(unknown)\"; expected action, input, field, value")
            }
            switch (object["input"], object["field"], object["value"]) {
            case (nil, nil, nil), (.string("none")?, nil, nil): return .perform(action: action, input: .none)
            case (.string("valid")?, nil, nil): return .perform(action: action, input: .valid)
            case (nil, .string(let field)?, .string(let value)?) where !field.isEmpty:
                return .perform(action: action, input: .invalid(field: field, value: value))
            default:
                throw fail("expected \"input\": \"valid\" or \"none\", or \"field\" and \"value\" strings")
            }
        default:
            throw fail("expected a step as a string or an object")
        }
    }
}
