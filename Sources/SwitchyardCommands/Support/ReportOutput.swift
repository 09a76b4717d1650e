import FlowReports
import Foundation

/// Writes a rendered report where the user asked: standard output, or a file replaced
/// atomically (see `OutputFile`) so that a failed run never leaves a partial report looking complete.
enum ReportOutput {
    static func write(_ report: Report, options: ReportOptionGroup) throws {
        let useColors = options.out == nil && options.format == .table && StandardIO.outputIsTerminal
            && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
        let text = options.format.renderer(colors: useColors).render(report)
        guard let path = options.out else {
            // By bytes: CSV ends in CRLF, which `hasSuffix("\n")` does not see as ending in a line feed (one character).
            try StandardIO.writeResult(text.utf8.last == UInt8(ascii: "\n") ? text : text + "\n")
            return
        }
        guard !path.isEmpty else { throw CommandError("cannot write the report: --out is empty, expected a file path") }
        if let input = report.inputs.first(where: { SameFile.check(path, $0) }) {
            throw CommandError("cannot write the report to \(path): it is the event log \(input), which it would replace")
        }
        do {
            try OutputFile.write(Array(text.utf8), to: path)
        } catch {
            throw CommandError("cannot write the report to \(path): \(error)")
        }
        StandardIO.writeError(TerminalText.message("Report written to \(path)") + "\n")
    }
}
