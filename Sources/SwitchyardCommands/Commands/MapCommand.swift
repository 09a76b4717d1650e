import ArgumentParser
import Experiments
import FlowMapping
import Foundation
import VariantHost
import VariantKit

/// `switchyard map`: every state each variant's flow can reach, explored from the real coordinators,
/// drawn as JSON, DOT or Mermaid, with the lints it shows.
struct MapCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "map",
        abstract: "Explore every screen each variant can reach from the real coordinators; print the map as JSON, DOT or Mermaid, with its lints.",
        discussion: """
            Each combination of variants is explored from the start: every action each screen offers, with each class of \
            input the app's synthetic input names (valid, and each invalid value), and back; every state is also abandoned. \
            States are told apart by what the user sees. Without --variant, the default of every slot is explored, then each \
            other variant beside the defaults; with --variant, each variant chosen for a slot (slot=id, or id), and the \
            default of every other slot. Two maps that differ in one slot are drawn together, what only one of them has \
            in colour. Lints (dead ends, cycles with no way out, funnel steps a variation never logs or never logs in \
            order, screens no variant shows, coordinators left running) are written to standard error, and make the exit \
            status 1, as does a map \
            the state limit cut short; the map is printed all the same. See docs/Map.md for the JSON schema.
            """
    )

    /// The state limit of each combination when --max-states is not given.
    static let defaultMaxStates = 2_000

    /// The formats `map` prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, dot, mermaid
    }

    @OptionGroup var appOptions: AppOptions

    @Option(name: .customLong("variant"), help: ArgumentHelp(
        "A variant to explore, as slot=id or id; repeat it, also for two variants of one slot (see `switchyard variants`).",
        valueName: "slot=id"
    ))
    var variants: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("Stop exploring a combination after this many states.", valueName: "n"))
    var maxStates = MapCommand.defaultMaxStates

    @Option(help: ArgumentHelp("The output format: json, dot or mermaid.", valueName: "format"))
    var format: Format = .json

    @Option(help: ArgumentHelp(
        "The experiment config whose funnels the map checks (default: Configuration/<app>/experiments.json when it exists).",
        valueName: "path"
    ))
    var config: String?

    @Option(help: ArgumentHelp(
        "Check a route against every map and replay it, e.g. 'get_started > create_account[valid]', or a JSON array of steps.",
        valueName: "route"
    ))
    var route: [String] = []

    @Option(help: ArgumentHelp("Write the map to this file instead of standard output.", valueName: "path"))
    var out: String?

    func validate() throws {
        guard maxStates >= 1 else { throw ValidationError("--max-states must be at least 1, got \(maxStates)") }
        guard maxStates <= 1_000_000 else {
            throw ValidationError("--max-states must be at most 1000000, got \(maxStates): a map that large cannot be drawn")
        }
    }

    /// What exploring gives `map`, handed from its worker: the map as printed, the lines for standard error, and the
    /// error that ends the command, if any.
    struct Outcome: Codable, Sendable {
        var text: String
        var messages: [String]
        var failure: String?
    }

    func run() async throws {
        let plainIDs = variants.filter { !$0.contains("=") }
        let registry = try CommandInputs.registry(app: appOptions.app, configPath: config, variants: plainIDs)
        let choices: VariantChoices
        do {
            choices = try VariantChoices(variants, registry: registry)
        } catch {
            throw CommandError(error.description)
        }
        let routes = try route.map { try RouteText.parse($0) }
        let funnels = try MapFunnels.load(configPath: config, registry: registry)
        // The coordinators run in a watched worker, so one that traps costs its combination; the map is written here.
        let outcome = try await ExplorationSupervisor.explore { skips in
            await explore(registry: registry, choices: choices, routes: routes, funnels: funnels, skipping: skips)
        }
        if let out {
            do {
                try OutputFile.write(Array(outcome.text.utf8), to: out)
            } catch {
                throw CommandError("--out \(out): \(error)")
            }
        } else {
            try StandardIO.writeResult(outcome.text)
        }
        for message in outcome.messages {
            StandardIO.writeError(message + "\n")
        }
        if let failure = outcome.failure { throw CommandError(failure) }
    }

    /// Explores the combinations `choices` make, mapping those of `skips` as failed, checks `routes` on every map,
    /// and renders the map in the format asked for.
    private func explore(
        registry: VariantRegistry, choices: VariantChoices, routes: [FlowRoute], funnels: [FunnelExpectation], skipping skips: [ExplorationSkip]
    ) async -> Outcome {
        let combinations = choices.combinations(in: registry)
        let baselines = Dictionary(uniqueKeysWithValues: choices.bySlot.map { ($0.slot, $0.variants[0]) })
        let map = await FlowMap.explore(
            combinations, of: registry, maxStates: maxStates, funnels: funnels, baselines: baselines,
            jobs: ProcessInfo.processInfo.activeProcessorCount, skips: skips
        )
        var checks: [RouteCheck] = []
        for route in routes {
            for index in map.maps.indices {
                checks.append(RouteCheck(route, maps: map.maps, index: index, app: registry.app, selection: VariantSelection(combinations[index])))
            }
        }
        let text: String
        switch format {
        case .json: text = FlowMapJSON.render(map, routes: checks)
        case .dot: text = FlowMapDOT.render(map)
        case .mermaid: text = FlowMapMermaid.render(map)
        }
        let messages = [MapSummary.line(for: map)] + checks.map { MapSummary.line(for: $0, in: map) }
        let refused = checks.filter { $0.failure != nil }.count
        guard !map.lints.isEmpty || refused > 0 else { return Outcome(text: text, messages: messages) }
        var lines = map.lints.map(\.description)
        if refused > 0 { lines.append("\(refused) of \(checks.count) route checks refused (above)") }
        let failure = lines.count == 1
            ? lines[0] : "\(map.lints.count) lint\(map.lints.count == 1 ? "" : "s") found:\n" + lines.joined(separator: "\n")
        return Outcome(text: text, messages: messages, failure: failure)
    }
}
