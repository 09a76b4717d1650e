/// A location inside a JSON document, printed like `experiments[1].weights` or `condition["father.age"].$gt`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the document root.
    public var components: [Component]

    /// The document root.
    public static let root = JSONPath(components: [])

    /// Creates a path from its steps.
    public init(components: [Component]) {
        self.components = components
    }

    /// This path extended by the object member `key`.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// This path extended by the array element `index`.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    /// This path followed by `other`.
    public func appending(_ other: JSONPath) -> JSONPath {
        JSONPath(components: components + other.components)
    }

    /// Dotted notation; keys that are not plain identifiers are quoted in brackets. The root prints as `(root)`.
    public var description: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainKey(key):
                text += text.isEmpty ? key : "." + key
            case .key(let key):
                text += "[\"" + key.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\"") + "\"]"
            }
        }
        return text
    }

    private static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == "$"
        }
    }
}
