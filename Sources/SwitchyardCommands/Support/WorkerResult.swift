import Foundation

/// What an exploration worker hands back to its command: the value its work gave, or the error it threw, in words.
struct WorkerResult<Value: Codable>: Codable {
    /// The value, when the work gave one.
    var value: Value?
    /// The error's message, when the work threw.
    var failure: String?

    /// The result `bytes` encode; nil for anything else (a worker that ended before writing all of it).
    init?(decoding bytes: [UInt8]) {
        guard let result = try? JSONDecoder().decode(Self.self, from: Data(bytes)) else { return nil }
        self = result
    }

    /// The result of work that gave `value`.
    init(value: Value) {
        self.value = value
    }

    /// The result of work that threw `error`.
    init(failure error: any Error) {
        failure = "\(error)"
    }

    /// The result as bytes; nil when `Value` cannot be encoded.
    var encoded: [UInt8]? {
        (try? JSONEncoder().encode(self)).map(Array.init)
    }
}
