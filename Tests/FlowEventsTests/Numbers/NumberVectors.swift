import Foundation

/// The reference vectors of `Reference/generate_number_vectors.py`: texts with what Python's JSON
/// grammar and `float()` make of them, and doubles with their canonical text.
struct NumberVectors: Decodable {
    struct ReadCase: Decodable {
        /// The property's text.
        let text: String
        /// `number`, `notANumber` or `outOfRange`.
        let expected: String
        /// The double's bits, big-endian hex, for a number.
        let bits: String?
    }

    struct WriteCase: Decodable {
        /// The double's bits, big-endian hex.
        let bits: String
        /// Its canonical text.
        let text: String
    }

    let read: [ReadCase]
    let write: [WriteCase]

    static func load(filePath: String = #filePath) throws -> NumberVectors {
        let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Resources/number-vectors.json")
        return try JSONDecoder().decode(NumberVectors.self, from: Data(contentsOf: url))
    }

    /// The double whose big-endian bits `hex` spells.
    static func double(bits hex: String) -> Double? {
        UInt64(hex, radix: 16).map(Double.init(bitPattern:))
    }
}
