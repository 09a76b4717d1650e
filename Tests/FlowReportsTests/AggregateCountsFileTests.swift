import FlowReports
import Testing

/// Reading back the output of the aggregate query as each engine exports it, and refusing what is not.
@Suite("Counts files: CSV and JSON as engines export them")
struct AggregateCountsFileTests {
    static let header = "experiment,variant,measure,step,name,reason,value,total\n"

    static func problem(_ text: String) -> String? {
        do {
            _ = try AggregateCountsFile(text: text, path: "counts")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("CSV columns in any order, quoted fields with commas, quotes and line breaks")
    func csv() throws {
        let text = "total,value,reason,name,step,measure,variant,experiment\r\n"
            + "3,0,\"\",\"it's \"\"done\"\", a\nb\",0,back,B,exp\r\n"
        let file = try AggregateCountsFile(text: text, path: "counts.csv")
        #expect(file.rows == [AggregateRow(experiment: "exp", variant: "B", measure: .back, name: "it's \"done\", a\nb", total: 3)])
    }

    @Test("JSON Lines and JSON arrays; whole numbers as numbers or as strings of digits")
    func json() throws {
        let line = #"{"experiment":"e","variant":"A","measure":"goal","step":0,"name":"","reason":"","value":"1500","total":2}"#
        let lines = try AggregateCountsFile(text: line + "\n\n" + line + "\n", path: "counts.json")
        #expect(lines.rows.count == 2)
        #expect(lines.rows.first == AggregateRow(experiment: "e", variant: "A", measure: .goal, value: 1500, total: 2))
        let array = try AggregateCountsFile(text: "[" + line + "]", path: "counts.json")
        #expect(array.rows == Array(lines.rows.prefix(1)))
    }

    @Test("Missing and extra columns, bad numbers and unknown measures are refused at their line")
    func refusals() {
        #expect(Self.problem("experiment,variant,measure,step,name,reason,value\n")
            == "counts:1: missing column total (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(Self.problem(Self.header.dropLast() + ",extra\n")
            == "counts:1: unexpected column extra (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0,-1\n") == "counts:2: column total: expected 0 or more, got -1")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0,1\ne,A,users,0,,,0,2.5\n")
            == "counts:3: column total: expected a whole number, got \"2.5\"")
        #expect(Self.problem(Self.header + "e,A,users,0,,,0\n") == "counts:2: 7 fields, but the header has 8")
        #expect(Self.problem(Self.header + "e,A,visits,0,,,0,1\n")?.hasPrefix("counts:2: column measure: unknown measure \"visits\"") == true)
        #expect(Self.problem(#"{"experiment":"e","variant":"A","measure":"users","step":true,"name":"","reason":"","value":0,"total":1}"#)
            == "counts:1: column step: expected a whole number, got a boolean")
        #expect(Self.problem("") == "counts:1: empty counts file (expected a header line: experiment, variant, measure, step, name, reason, value, total)")
    }
}
