import Foundation
import Testing

/// `switchyard sql` and `report --counts` refuse bad input with one located `Error:` line and a non-zero exit.
@Suite("Warehouse commands: bad input")
struct WarehouseInputErrorTests {
    static let header = "experiment,variant,measure,step,name,reason,value,total\n"

    /// Runs `arguments` and returns its one error line, after checking the exit and that nothing was printed.
    static func error(_ arguments: [String], counts: String? = nil, name: String = "counts.csv") throws -> String {
        let cli = try CLI()
        if let counts { try counts.write(toFile: cli.path(name), atomically: true, encoding: .utf8) }
        let result = try cli.run(arguments)
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        return result.standardError.split(separator: "\n").first.map(String.init) ?? ""
    }

    static func countsError(_ counts: String, name: String = "counts.csv") throws -> String {
        let error = try error(["report", "--counts", name, "--config", Repository.experiments], counts: counts, name: name)
        #expect(error.hasPrefix("Error: \(name):"))
        return error
    }

    @Test("An unknown engine is refused, naming the engines there are")
    func unknownEngine() throws {
        let error = try Self.error(["sql", "--engine", "oracle", "--config", Repository.experiments])
        #expect(error == "Error: The value 'oracle' is invalid for '--engine <engine>'. Please provide one of 'duckdb', 'clickhouse' or 'spark'.")
    }

    @Test("An experiment the configuration does not list is refused, naming those it lists")
    func unknownExperiment() throws {
        let error = try Self.error(["sql", "--engine", "duckdb", "--experiment", "nope", "--config", Repository.experiments])
        #expect(error == "Error: experiment \"nope\" is not in \(Repository.experiments) (its experiments: onboarding-order)")
    }

    @Test("A counts file with a missing or an extra column is refused at its header")
    func columns() throws {
        #expect(try Self.countsError("experiment,variant,measure,step,name,reason,value\n")
            == "Error: counts.csv:1: missing column total (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(try Self.countsError(Self.header.dropLast() + ",users\n")
            == "Error: counts.csv:1: unexpected column users (expected experiment, variant, measure, step, name, reason, value, total)")
        #expect(try Self.countsError(#"{"experiment":"onboarding-order","variant":"A","measure":"users","step":0,"value":0,"total":1}"#,
                                     name: "counts.json")
            == "Error: counts.json:1: missing columns name, reason (expected experiment, variant, measure, step, name, reason, value, total)")
    }

    @Test("Negative and non-integer counts are refused at their line and column")
    func numbers() throws {
        #expect(try Self.countsError(Self.header + "onboarding-order,signup-before-profile,users,0,,,0,-4\n")
            == "Error: counts.csv:2: column total: expected 0 or more, got -4")
        #expect(try Self.countsError(Self.header + "onboarding-order,signup-before-profile,users,0,,,0,4.5\n")
            == "Error: counts.csv:2: column total: expected a whole number, got \"4.5\"")
        #expect(try Self.countsError(Self.header + "onboarding-order,signup-before-profile,goal,0,,,ten,4\n")
            == "Error: counts.csv:2: column value: expected a whole number, got \"ten\"")
    }

    @Test("A variant the configuration does not list is refused at its line")
    func unknownVariant() throws {
        #expect(try Self.countsError(Self.header + "onboarding-order,signup-never,users,0,,,0,4\n")
            == "Error: counts.csv:2: variant \"signup-never\" of experiment \"onboarding-order\" is not in the configuration "
            + "(its variations: signup-before-profile, signup-after-profile); were the counts made with another config?")
    }

    @Test("A counts file and event logs together are refused")
    func countsAndLogs() throws {
        let error = try Self.error(["report", "events.jsonl", "--counts", "counts.csv"])
        #expect(error == "Error: give either event logs or --counts, not both")
    }
}
