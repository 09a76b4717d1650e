import Coordination
import Experiments
import FlowEvents
import Foundation
import OnboardingApp
import SampleApps
import Synchronization
import Testing
import UserSimulation
import VariantHost
import VariantKit

/// Weak references to what each session's root coordinator was built on, in creation order.
private final class SessionObjects: Sendable {
    // Only ever read and written under the lock.
    private struct Session: @unchecked Sendable {
        weak var root: Coordinator?
        weak var navigator: Navigator?
    }

    private let sessions = Mutex<[Session]>([])

    /// How many earlier roots were still in memory, or still running, when each session started.
    private let leftovers = Mutex<[Int]>([])

    func sessionStarting() {
        let alive = sessions.withLock { sessions in
            sessions.count { $0.root != nil } + sessions.reduce(0) { $0 + ($1.root?.liveCoordinatorCount ?? 0) }
        }
        leftovers.withLock { $0.append(alive) }
    }

    func add(root: Coordinator, navigator: Navigator) {
        sessions.withLock { $0.append(Session(root: root, navigator: navigator)) }
    }

    var count: Int { sessions.withLock { $0.count } }
    var survivingRoots: Int { sessions.withLock { $0.count { $0.root != nil } } }
    var survivingNavigators: Int { sessions.withLock { $0.count { $0.navigator != nil } } }
    /// For every session, what was still alive of the earlier ones when it started.
    var leftoversAtEachStart: [Int] { leftovers.withLock { $0 } }
}

/// The bundled app, unchanged, except that it remembers every root coordinator it makes.
private enum TrackedApp: HostedApp {
    static let objects = SessionObjects()

    static var name: String { Onboarding.name }
    static var slots: [AppSlot] { Onboarding.slots }
    static var syntheticInput: SyntheticInput { Onboarding.syntheticInput }
    static var screenNames: [String] { Onboarding.screenNames }

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        objects.sessionStarting()
        let root = try Onboarding.makeRootCoordinator(for: selection, navigator: navigator)
        objects.add(root: root, navigator: navigator)
        return root
    }
}

@Suite("No leaks")
struct NoLeakTests {
    @Test("every simulated session leaves nothing behind: no running coordinator, no root, no navigator")
    func sessionsLeaveNothingBehind() async throws {
        let behaviorPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Configuration/onboarding/behavior.json").standardized.path
        let registry = try VariantRegistry(app: TrackedApp.self, variants: try #require(RegisteredApps.all.app(named: "onboarding")).variants)
        let variants = [["phone", "signup-before-profile"], ["phone", "signup-after-profile"],
                        ["tablet", "signup-before-profile"], ["tablet", "signup-after-profile"]]
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("leaks-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try JSONLinesFileSink(path: path)

        // One job: sessions run one after another, so each start sees only its predecessors.
        let tally = try await Simulation(users: 600, seed: 5, jobs: 1).run(
            registry: registry,
            behavior: BehaviorModelLoader.load(contentsOf: behaviorPath),
            assign: { user in
                zip(["app-shell", "auth-flow"], variants[user.index % variants.count]).map {
                    SlotAssignment(slot: SlotID(rawValue: $0), variant: VariantID(rawValue: $1), reason: .forced)
                }
            },
            log: log
        )

        #expect(tally.usersDone == 600)
        #expect(tally.completed > 0 && tally.abandoned > 0, "both endings are exercised")
        #expect(TrackedApp.objects.count == 600)
        #expect(TrackedApp.objects.leftoversAtEachStart.allSatisfy { $0 == 0 },
                "sessions that began with earlier roots alive: \(TrackedApp.objects.leftoversAtEachStart.enumerated().filter { $0.element != 0 }.prefix(5))")
        #expect(TrackedApp.objects.survivingRoots == 0)
        #expect(TrackedApp.objects.survivingNavigators == 0)
    }
}
