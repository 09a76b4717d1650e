import Coordination
import Experiments
import FlowEvents
import FlowMapping
import Foundation
import UserSimulation
import VariantHost
import VariantKit

/// The conformance suite: one call checks a registered app and every variant registered for it
/// against what every hosted flow must hold (`ConformanceFailure.Check`).
///
/// A team's tests run it over every app their registry holds, so an app or a variant added later
/// is checked without a new test:
///
/// ```swift
/// import ShopApps
/// import Testing
/// import VariantConformance
///
/// @Test(arguments: RegisteredApps.all.map(\.app.name))
/// func conforms(app: String) async throws {
///     let report = await VariantConformance.check(try #require(RegisteredApps.all.app(named: app)))
///     #expect(report.passed, "\(report)")
/// }
/// ```
///
/// Each variant is explored in a session beside the default variants of the app's other slots, from
/// the start, through every action each screen offers with each class of the app's synthetic input
/// (valid, and each invalid value), and back; every state reached is also abandoned.
public enum VariantConformance {
    /// Checks `registered` and all its variants.
    ///
    /// - Parameters:
    ///   - registered: the app and its variants, as a registry lists them.
    ///   - maxStates: how many states to explore per combination of variants before giving up on
    ///     finding a finish.
    ///   - seed: the seed of the two simulations compared for determinism.
    public static func check(_ registered: RegisteredApp, maxStates: Int = 2_000, seed: UInt64 = 1) async -> ConformanceReport {
        let app = registered.app
        var report = ConformanceReport(app: app.name, combinations: [], statesExplored: 0, failures: [])
        let registry: VariantRegistry
        do {
            registry = try VariantRegistry(app: app, variants: registered.variants)
        } catch {
            report.failures.append(ConformanceFailure(check: .registry, variants: [], message: error.description))
            return report
        }
        report.failures += screenNameFailures(of: app)

        var fieldsOnReachableScreens: Set<ScreenField.ID> = []
        for combination in registry.combinationsCoveringEveryVariant {
            let ids = combination.map { $0.id }
            report.combinations.append(ids)
            let exploration = FlowExploration(app: app, selection: VariantSelection(combination), maxStates: maxStates)
            report.statesExplored += exploration.states.count
            for problem in exploration.problems {
                report.failures.append(ConformanceFailure(check: check(for: problem.kind), variants: ids, message: problem.description))
            }
            if !exploration.canFinish {
                let limit = exploration.reachedLimit ? " within \(maxStates) states (the limit)" : ""
                report.failures.append(ConformanceFailure(check: .finishReachable, variants: ids, message:
                    "no path from the start finishes the flow\(limit) under \(app.name)'s synthetic input: "
                        + "check that each screen's valid input is accepted (\(String(reflecting: app)).syntheticInput) "
                        + "and that the last coordinator finishes"))
            }
            for state in exploration.states {
                for field in state.content?.fields ?? [] { fieldsOnReachableScreens.insert(field.id) }
            }
        }
        for (field, values) in app.syntheticInput.fields.sorted(by: { $0.key < $1.key })
        where !values.invalid.isEmpty && !fieldsOnReachableScreens.contains(field) {
            report.failures.append(ConformanceFailure(check: .failurePathsReachable, variants: [], message:
                "the synthetic input gives invalid values for field \"\(field)\", but no screen any variant reaches has "
                    + "that field: rename it to the field's id as the screen shows it, or remove it"))
        }
        if let failure = await determinismFailure(of: registry, seed: seed) {
            report.failures.append(failure)
        }
        return report
    }

    private static func screenNameFailures(of app: any HostedApp.Type) -> [ConformanceFailure] {
        var seen: Set<String> = []
        let repeated = app.screenNames.filter { !seen.insert($0).inserted }
        guard !repeated.isEmpty else { return [] }
        return [ConformanceFailure(check: .screenNames, variants: [], message:
            "\(String(reflecting: app)).screenNames declares \(Set(repeated).sorted().joined(separator: ", ")) more than once: "
                + "each screen is declared once")]
    }

    private static func check(for kind: ExplorationProblem.Kind) -> ConformanceFailure.Check {
        switch kind {
        case .composition: .registry
        case .variantMissing: .variantOnEvents
        case .undeclaredScreen: .screenNames
        case .coordinatorsAfterFinish, .coordinatorsAfterAbandon, .coordinatorRetained, .coordinatorsAfterBack: .noCoordinatorLeft
        case .replayDiverged: .deterministic
        }
    }

    /// Simulates the same users twice with one seed, each variant assigned in turn, and compares the logs.
    private static func determinismFailure(of registry: VariantRegistry, seed: UInt64) async -> ConformanceFailure? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let combinations = registry.combinationsCoveringEveryVariant.map { combination in
            combination.map { SlotAssignment(slot: SlotID($0.slot), variant: VariantID($0.id), reason: .forced) }
        }
        var logs: [Data] = []
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for run in 0..<2 {
                let path = folder.appendingPathComponent("run-\(run).jsonl").path
                let sink = try JSONLinesFileSink(path: path)
                let simulation = Simulation(users: 200, seed: seed, jobs: 2)
                _ = try await simulation.run(
                    registry: registry,
                    behavior: BehaviorModel(screens: [:]),
                    assign: { user in combinations[user.index % combinations.count] },
                    log: sink
                )
                try sink.flush()
                logs.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        } catch {
            return ConformanceFailure(check: .deterministic, variants: [], message: "a simulation of \(registry.app.name) failed: \(error)")
        }
        guard logs[0] != logs[1] else { return nil }
        return ConformanceFailure(check: .deterministic, variants: [], message:
            "two simulations of 200 users with seed \(seed) wrote different logs: a coordinator or service reads the clock, "
                + "a random source or shared state; draw from the session's inputs instead")
    }
}
