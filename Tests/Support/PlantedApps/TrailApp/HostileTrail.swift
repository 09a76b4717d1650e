import Coordination
import VariantKit

/// Shows its review under a name, title, error and actions holding every character DOT and Mermaid give a
/// meaning to, terminal controls, a bidi override and a line separator; the screen's name and one action's
/// are 900 KB long.
package enum HostileTrail: TrailVariant {
    package static let id = "hostile"
    /// Every character the two grammars read, and what a terminal reads.
    package static let special = #"a"b\c\N\l #quot; x;y [s] (p) {b} |pipe| <br/> `md` %% end & -->"#
        + "\u{1B}[31m\u{7}\u{0}\u{9B}\u{202E}\u{2028}\nnext"
    package static let screen = "review " + special + String(repeating: "y", count: 900_000)
    package static let longAction = String(repeating: "z", count: 900_000)

    final class Names: TrailCoordinator {
        override func showReview() {
            let review = PlantedScreen(HostileTrail.screen, title: "title " + HostileTrail.special, actions: ["act " + HostileTrail.special, HostileTrail.longAction])
            review.content.error = "error " + HostileTrail.special
            review.onAction = { [unowned self] _, _ in finish() }
            navigator.push(review, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Names(navigator: navigator) }
}
