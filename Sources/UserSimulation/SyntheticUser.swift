import Experiments

/// Who a synthetic user is: their number, id and drawn attributes, before any assignment.
package struct SyntheticUser: Sendable, Hashable {
    /// The user's position in the simulated population, from 0.
    package var index: Int
    /// The user id events are logged under and experiments hash.
    package var id: String
    /// The user's targeting attributes: those drawn from the behaviour model, such as
    /// `deviceClass`, and `id`, as experiments expect it.
    package var attributes: Attributes

    /// Creates a synthetic user; `attributes` gains `id` unless it holds one.
    package init(index: Int, id: String, attributes: Attributes) {
        self.index = index
        self.id = id
        self.attributes = attributes
        if !attributes.contains("id") { self.attributes["id"] = .string(id) }
    }
}
