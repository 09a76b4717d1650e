import Experiments
import Foundation

/// Locates and loads files under `Tests/ExperimentsTests/Resources` and `Configuration/` by path relative to this
/// source file, which works on Linux without bundle resources.
enum TestResources {
    /// `Tests/ExperimentsTests`.
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// The package root.
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// A file in `Tests/ExperimentsTests/Resources`.
    static func resource(_ name: String) -> URL {
        testsDirectory.appendingPathComponent("Resources").appendingPathComponent(name)
    }

    /// The onboarding app's bundled `Configuration/onboarding/experiments.json`.
    static let bundledConfiguration = packageRoot.appendingPathComponent("Configuration/onboarding/experiments.json")

    /// Parses a JSON resource with the module's own order-preserving parser; an unreadable file yields `null`,
    /// which makes the dependent tests fail visibly.
    static func json(_ name: String) -> JSONValue {
        guard let data = try? Data(contentsOf: resource(name)), let value = try? JSONParser.parse(data) else {
            return .null
        }
        return value
    }

    /// The variants of the sample app.
    static let sampleCatalog = VariantCatalog([
        "phone": "app-shell",
        "tablet": "app-shell",
        "signup-before-profile": "auth-flow",
        "signup-after-profile": "auth-flow",
    ])
}

extension JSONValue {
    /// The element at `index` of an array, or `null`.
    subscript(index: Int) -> JSONValue {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return .null }
        return elements[index]
    }

    /// The member `key` of an object, or `null`.
    subscript(key: String) -> JSONValue {
        objectValue?[key] ?? .null
    }

    /// The elements of an array, or none.
    var elements: [JSONValue] {
        arrayValue ?? []
    }

    /// An array of `[start, end]` pairs as bucket ranges.
    var bucketRanges: [BucketRange] {
        elements.map { BucketRange(start: $0[0].numberValue ?? .nan, end: $0[1].numberValue ?? .nan) }
    }
}
