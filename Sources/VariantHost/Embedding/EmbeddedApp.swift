import Coordination
import Experiments
import FlowEvents
import VariantKit

/// A hosted app inside a real app: its registered variants and its experiment config, checked
/// once at launch, then one call per flow from the user to a running, logged session.
///
/// ```swift
/// let onboarding = try EmbeddedApp(RegisteredApps.all.app(named: "onboarding")!, configuration: configPath)
/// let session = try onboarding.beginSession(user: userID, sink: eventSink) { selection, navigator in
///     try Onboarding.makeRootCoordinator(for: selection, navigator: navigator, services: services)
/// }
/// session.start()
/// ```
///
/// `beginSession` assigns the user with the config (the same assignment `switchyard assign` gives),
/// lets the app compose the chosen variants with its own screens, logs `session_started` and the
/// assignments, and returns a session that logs every signal, keeps `FlowSession.navigation`
/// observable and hands each screen its `ScreenSession`.
public struct EmbeddedApp: Sendable {
    /// The app and its variants, checked.
    public let registry: VariantRegistry
    /// The config that assigns the app's users.
    public let assigner: AppAssigner

    /// Checks `app`'s variants and loads its experiment config from `path`.
    ///
    /// - Throws: `EmbeddingError` naming what is wrong: the registration, or every problem of the
    ///   config, each located by its JSON path.
    public init(_ app: RegisteredApp, configuration path: String) throws(EmbeddingError) {
        do {
            registry = try VariantRegistry(app: app.app, variants: app.variants)
        } catch {
            throw .registry(error)
        }
        do {
            assigner = try AppAssigner(contentsOf: path, registry: registry)
        } catch {
            throw .configuration(error)
        }
    }

    /// Checks `app`'s variants and assigns every user the default variant of each slot, as with no config.
    ///
    /// - Throws: `EmbeddingError` naming what is wrong with the registration.
    public init(_ app: RegisteredApp) throws(EmbeddingError) {
        do {
            registry = try VariantRegistry(app: app.app, variants: app.variants)
        } catch {
            throw .registry(error)
        }
        do {
            assigner = try AppAssigner(defaultsOf: registry)
        } catch {
            throw .configuration(error)
        }
    }

    /// Assigns `user`, composes the chosen variants with `compose`, logs the session's start to
    /// `sink`, and returns the session, not yet started.
    ///
    /// - Parameters:
    ///   - user: the user's identifier, which assignment hashes.
    ///   - attributes: the user's targeting attributes (country, platform, ...).
    ///   - session: the session's identifier in the log.
    ///   - stickyBuckets: keeps the variation a user was first given across launches, if set.
    ///   - sink: where the session's events go; flushed when the flow ends.
    ///   - clock: the events' timestamps.
    ///   - onLogFailure: hears a failure to write the log, after which the flow goes on unlogged.
    ///   - compose: makes the root coordinator of the chosen variants on `navigator`, with the
    ///     app's own screens and services; what it throws is reported as `HostError.composition`.
    /// - Throws: `HostError` if the assignment names an unregistered variant or the variants do not compose.
    public func beginSession(
        user: String,
        attributes: Attributes = Attributes(),
        session: String,
        stickyBuckets: (any StickyBucketStore)? = nil,
        sink: any FlowEventSink,
        clock: any EventClock = SystemClock(),
        onLogFailure: ((EventSinkError) -> Void)? = nil,
        compose: (VariantSelection, Navigator) throws -> Coordinator
    ) throws(HostError) -> FlowSession {
        let assignment = assigner.assign(user: user, attributes: attributes, stickyBuckets: stickyBuckets)
        let selection: VariantSelection
        do {
            selection = try registry.selection(for: assignment.slots)
        } catch {
            throw .registry(error)
        }
        let root: Coordinator
        do {
            root = try compose(selection, Navigator())
        } catch let error as CompositionError {
            throw .composition(error)
        } catch {
            throw .composition(CompositionError("\(error)"))
        }
        return HostedSession(session: session, user: user, assignments: assignment.slots, attributes: attributes)
            .begin(root: root, sink: sink, clock: clock, onLogFailure: onLogFailure)
    }
}

/// Why an app's flows cannot be embedded.
public enum EmbeddingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The app's registered variants are inconsistent.
    case registry(RegistryError)
    /// The experiment config cannot be read or is invalid.
    case configuration(ConfigError)

    /// What is wrong, in the words the CLI uses.
    public var description: String {
        switch self {
        case .registry(let error): error.description
        case .configuration(let error): error.description
        }
    }
}
