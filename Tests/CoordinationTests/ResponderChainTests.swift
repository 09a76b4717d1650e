import Coordination
import CoordinationTesting
import Testing

@Suite("Messages up the tree")
struct ResponderChainTests {
    @Test("a message from a child is handled by the nearest ancestor that handles it")
    func handledByAncestor() {
        let root = RootCoordinator(handlesHelp: true)
        _ = FlowRecording.walk(root, turns: [.perform("next"), .perform("help")])
        #expect(root.helpRequests == 1)
        #expect(root.helpDeliveries == [.handled(by: "root")])
    }

    @Test("a message nobody handles comes back as unhandled")
    func unhandled() {
        let root = RootCoordinator(handlesHelp: false)
        let recording = FlowRecording.walk(root, turns: [.perform("next"), .perform("help")])
        #expect(root.helpRequests == 0)
        #expect(root.helpDeliveries == [.unhandled])
        #expect(recording.user.rejections.isEmpty)
        #expect(MessageDelivery.unhandled.description == "no coordinator handled the message")
    }

    @Test("the delivery names the coordinator that handled the message")
    func deliveryNamesHandler() {
        final class Handler: Coordinator {
            override func handle(_ message: any FlowMessage) -> Bool { message is HelpRequested }
        }
        let handler = Handler(navigator: Navigator(), name: "handler")
        #expect(handler.send(HelpRequested()) == .handled(by: "handler"))
    }
}
