import Foundation
import FuzzHarnesses
import Testing

/// Replays, without the fuzzer, what the fuzz targets start from and what they found, through the same harnesses.
@Suite("Fuzz inputs: seeds and every input a fuzzer found run through their harness without a trap")
struct FuzzRegressionTests {
    static let targets = ["config", "condition", "event-lines", "behavior-model", "gzip", "report"]

    @Test("every found input now runs to an answer quickly and breaks no invariant", arguments: targets)
    func regressions(target: String) throws {
        let harness = try #require(FuzzInputs.harness(of: target))
        for input in FuzzInputs.regressions(of: target) {
            let bytes = try [UInt8](Data(contentsOf: input))
            let started = ContinuousClock.now
            let outcome = harness.run(bytes)
            let elapsed = ContinuousClock.now - started
            // Most are errors or skips; a condition always evaluates to an answer, and a found invariant violation
            // may have been in reading a valid document.
            #expect(!outcome.isViolation, "\(input.lastPathComponent): \(outcome)")
            #expect(elapsed < .seconds(5), "\(input.lastPathComponent) took \(elapsed)")
        }
    }

    @Test("every seed runs through its harness and breaks no invariant", arguments: targets)
    func seeds(target: String) throws {
        let harness = try #require(FuzzInputs.harness(of: target))
        let seeds = FuzzInputs.seeds(of: target)
        #expect(!seeds.isEmpty)
        for input in seeds {
            let outcome = harness.run(try [UInt8](Data(contentsOf: input)))
            #expect(!outcome.isViolation, "\(input.lastPathComponent): \(outcome)")
        }
    }

    @Test("the bundled configuration and behaviour model are accepted, so the fuzzers start from valid documents")
    func bundledDocumentsAreAccepted() throws {
        for (target, name) in [("config", "experiments.json"), ("behavior-model", "behavior.json")] {
            let harness = try #require(FuzzInputs.harness(of: target))
            let input = try #require(FuzzInputs.seeds(of: target).first { $0.lastPathComponent == name })
            let outcome = harness.run(try [UInt8](Data(contentsOf: input)))
            guard case .accepted = outcome else {
                Issue.record("\(name): \(outcome)")
                continue
            }
        }
    }
}
