import Coordination
import VariantKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The flow as designed: finishing ends it.
package enum SoundHazard: HazardVariant {
    package static let id = "sound"
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { HazardCoordinator(navigator: navigator) }
}

/// Finishing traps.
package enum TrappingHazard: HazardVariant {
    package static let id = "trapping"
    final class Traps: HazardCoordinator {
        override func finishFlow() { fatalError("planted trap on finish") }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Traps(navigator: navigator) }
}

/// Finishing never returns.
package enum StallingHazard: HazardVariant {
    package static let id = "stalling"
    final class Stalls: HazardCoordinator {
        override func finishFlow() {
            while true { sleep(1) }
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Stalls(navigator: navigator) }
}
