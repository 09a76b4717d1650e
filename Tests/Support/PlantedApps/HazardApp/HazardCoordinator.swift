import Coordination

/// The hazard app's flow; what `done`'s finish does is up to each variant's subclass.
package class HazardCoordinator: Coordinator {
    override package func start() {
        let start = PlantedScreen("start", actions: ["go"], allowsBack: false)
        start.onAction = { [unowned self] _, _ in
            let done = PlantedScreen("done", actions: ["finish"], allowsBack: false)
            done.onAction = { [unowned self] _, _ in finishFlow() }
            navigator.push(done, owner: self)
        }
        navigator.setRoot(start, owner: self)
    }

    func finishFlow() { finish() }
}
