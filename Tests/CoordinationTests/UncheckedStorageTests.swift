@testable import Coordination
import Testing

/// Debug builds check what release builds take on trust in the tree's storage: the test suite runs
/// debug, so every other spec that walks a flow also checks these on every access.
#if DEBUG
@Suite("Unchecked storage, checked in debug builds")
struct UncheckedStorageTests {
    @Test("reading a back reference whose target was freed without clearing it stops the process")
    func danglingBackReference() async {
        await #expect(processExitsWith: .failure) {
            var reference = BackReference<Coordinator>(nil)
            do {
                let coordinator = Coordinator(navigator: Navigator(), name: "freed")
                reference = BackReference(coordinator)
            }
            _ = reference.target
        }
    }

    @Test("an access to the state that overlaps another stops the process")
    func overlappingAccess() async {
        await #expect(processExitsWith: .failure) {
            let storage = UncheckedStorage([1, 2, 3])
            storage.state.removeAll { _ in storage.state.isEmpty }
        }
    }

    @Test("a cleared back reference reads nil, and a live one its target")
    func clearedBackReference() {
        let coordinator = Coordinator(navigator: Navigator(), name: "live")
        #expect(BackReference(coordinator).target === coordinator)
        #expect(BackReference<Coordinator>(nil).target == nil)
    }
}
#endif
