import FlowEvents
import Foundation

/// Renders a report as its JSON shape (see ``Report``): pretty-printed with sorted keys, so equal reports give
/// byte-identical output.
///
/// Non-finite numbers, which JSON cannot hold, are written as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
public struct JSONRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    /// The complete output for `report`, ending in a newline.
    public func render(_ report: Report) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN"
        )
        do {
            return String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
        } catch {
            // Unreachable with the strategy above; still reported as JSON rather than trapping.
            var message: [UInt8] = []
            JSONLineEncoder.appendString("\(error)", to: &message)
            return #"{"error":"# + String(decoding: message, as: UTF8.self) + "}\n"
        }
    }
}
