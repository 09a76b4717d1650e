import Experiments
import Foundation

/// Reads a text file named on the command line, such as `run --input` or `report --counts`, failing in words a
/// user can act on. The bytes are read by `BoundedFile`, as every configuration and behaviour model is.
enum InputFile {
    /// The largest file read unless a caller says otherwise: `BoundedFile.maximumSize`, 16 MiB, far more than any
    /// file of answers, and a bound for `/dev/zero` and the like.
    static let maximumSize = BoundedFile.maximumSize

    /// The UTF-8 text of the file at `path`.
    ///
    /// - Parameters:
    ///   - option: the option that named the file, e.g. `--input`, for the error message.
    ///   - expected: what the file should be, e.g. `a text file of answers`, for the error message.
    ///   - maximumSize: the largest file read, in bytes.
    /// - Throws: `CommandError` reading `OPTION PATH: REASON`, e.g. `--input answers.txt: no such file`.
    static func text(at path: String, option: String, expected: String, maximumSize: Int = maximumSize) throws -> String {
        let bytes: Data
        do {
            bytes = try BoundedFile.contents(atPath: path, expected: expected, maximumSize: maximumSize)
        } catch {
            throw CommandError("\(option) \(path): \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandError("\(option) \(path): not UTF-8 text, expected \(expected)")
        }
        return text
    }
}
