import Foundation
import Testing

/// A host with the planted trail app, whose prefill variant saves the code before the form on one path: the HTML
/// report explores its map and names the step that variant can skip, and its decomposition stays exact.
@Suite("The HTML report names the funnel steps a variant's explored map can skip")
struct SkippableStepEndToEndTests {
    static let trail = ["PLANTED_HOST_TRAIL_APP": "1"]

    static let config = """
        { "version": 1, "app": "trail", "slots": [{ "id": "trail", "default": "sound" }],
          "experiments": [{ "key": "trail-order", "slot": "trail", "status": "active", "variations": ["sound", "prefill"],
            "funnel": { "steps": [
              { "name": "Saw form", "type": "screen_shown", "screen": "form" },
              { "name": "Saved code", "type": "mutation", "properties": { "operation": "save_code", "outcome": "succeeded" } },
              { "name": "Reached review", "type": "screen_shown", "screen": "review" } ],
              "conversionWindowSeconds": 3600, "goal": { "name": "Confirmed", "type": "flow_completed" } } }] }
        """

    /// 40 users an arm; of prefill's, 15 save on intro as its prefill path does, then see the form and finish.
    static func log() -> String {
        var lines: [String] = []
        func line(_ user: String, _ second: Int, _ type: String, variant: String? = nil, screen: String? = nil, operation: String? = nil) {
            var fields = [#""schema":1"#, #""time":"2026-11-22T09:00:\#(String(format: "%02d", second)).000Z""#, #""session":"s-\#(user)""#,
                          #""user":"\#(user)""#, #""type":"\#(type)""#]
            if let variant { fields += [#""experiment":"trail-order""#, #""variant":"\#(variant)""#] }
            if let screen { fields.append(#""screen":"\#(screen)""#) }
            if let operation { fields.append(#""properties":{"operation":"\#(operation)","outcome":"succeeded"}"#) }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        for index in 0..<40 {
            for variant in ["sound", "prefill"] {
                let user = "\(variant)-\(index)"
                let savesFirst = variant == "prefill" && index < 15
                line(user, 0, "session_started")
                line(user, 0, "exposure", variant: variant)
                line(user, 0, "screen_shown", screen: "intro")
                if savesFirst { line(user, 1, "mutation", screen: "intro", operation: "save_code") }
                line(user, 2, "screen_shown", screen: "form")
                guard index < 30 else { continue }
                if !savesFirst { line(user, 3, "mutation", screen: "form", operation: "save_code") }
                line(user, 4, "screen_shown", screen: "review")
                line(user, 5, "flow_completed", screen: "review")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("prefill can skip the form (saving on intro) and the save (after the form): the HTML says so; its funnel counts the users who skip up to the form")
    func namedInHTML() throws {
        let cli = try CLI()
        try Self.config.write(toFile: cli.path("trail.json"), atomically: true, encoding: .utf8)
        try Self.log().write(toFile: cli.path("trail.jsonl"), atomically: true, encoding: .utf8)
        let html = try cli.run(
            product: "planted-host", ["report", "trail.jsonl", "--config", "trail.json", "--format", "html", "--out", "r.html"],
            environment: Self.trail
        )
        try #require(html.status == 0, "\(html.standardError)")
        let page = try String(contentsOfFile: cli.path("r.html"), encoding: .utf8)
        #expect(page.contains("prefill can skip step 1 &quot;Saw form&quot;, step 2 &quot;Saved code&quot;: its explored flow map"))
        #expect(!page.contains("sound can skip"))
        // Without exploring the maps nothing is said; the counts are the same.
        let json = try cli.run(product: "planted-host", ["report", "trail.jsonl", "--config", "trail.json", "--format", "json"], environment: Self.trail)
        try #require(json.status == 0, "\(json.standardError)")
        #expect(!json.standardOutput.contains("skippable_steps"))
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let arms = try #require((report["experiments"] as? [[String: Any]])?.first?["arms"] as? [[String: Any]])
        let prefill = try #require(arms.first { $0["variant"] as? String == "prefill" })
        #expect((prefill["steps"] as? [[String: Any]])?.map { $0["users"] as? Int } == [40, 15, 15])
    }
}
