import BenchmarkSupport
import FlowEvents

/// Writes a realistic event log: sessions of an onboarding flow, three experiments, typical properties.
enum BenchmarkLog {
    private static let screens = ["welcome", "signup", "profile", "permissions", "plan", "payment", "done"]
    private static let actions = ["continue", "skip", "submit", "back", "choose-plan", "accept"]
    private static let experiments: [(key: String, variants: [String])] = [
        ("onboarding-order", ["signup-before-profile", "signup-after-profile"]),
        ("paywall-copy", ["control", "urgency"]),
        ("permission-priming", ["none", "explainer-screen"]),
    ]

    /// Writes about `eventCount` events to `path` with `JSONLineEncoder`; returns the bytes written.
    static func write(eventCount: Int, to path: String) throws -> Int {
        let sink = try JSONLinesFileSink(path: path, bufferLimit: 1 << 20)
        var generator = WyRandGenerator(seed: 2026)
        var written = 0
        var bytes = 0
        var sessionNumber = 0
        var time = EventTimestamp(millisecondsSince1970: 1_795_000_000_000)
        while written < eventCount {
            sessionNumber += 1
            let session = "s-\(sessionNumber)"
            let user = "u-\(generator.next() % 200_000)"
            let experiment = experiments[Int(generator.next() % 3)]
            let variant = experiment.variants[Int(generator.next() % 2)]
            var events = [FlowEvent(
                time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                type: .sessionStarted, properties: ["slot.onboarding": variant, "platform": "ios"]
            )]
            events.append(FlowEvent(
                time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                type: .exposure, properties: ["experiment": experiment.key]
            ))
            let steps = 3 + Int(generator.next() % 12)
            for step in 0..<steps {
                time.millisecondsSince1970 += Int64(200 + generator.next() % 5000)
                let screen = screens[step % screens.count]
                switch generator.next() % 5 {
                case 0:
                    events.append(FlowEvent(
                        time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                        type: .action, screen: screen, action: actions[Int(generator.next() % 6)],
                        properties: ["duration_ms": String(generator.next() % 9000)]
                    ))
                case 1:
                    events.append(FlowEvent(
                        time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                        type: .mutation, screen: screen, properties: ["outcome": "succeeded", "service": "profile"]
                    ))
                case 2:
                    events.append(FlowEvent(
                        time: time, session: session, user: user, variant: "default",
                        type: .back, screen: screen, properties: ["to": screens[max(step - 1, 0) % screens.count]]
                    ))
                default:
                    events.append(FlowEvent(
                        time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                        type: .screenShown, screen: screen
                    ))
                }
            }
            events.append(FlowEvent(
                time: time, session: session, user: user, experiment: experiment.key, variant: variant,
                type: generator.next() % 3 == 0 ? .flowAbandoned : .flowCompleted, screen: "done"
            ))
            for event in events.prefix(eventCount - written) {
                var line: [UInt8] = []
                JSONLineEncoder.append(event, to: &line)
                bytes += line.count
                try sink.append(encodedLines: line)
                written += 1
            }
        }
        try sink.flush()
        return bytes
    }
}
