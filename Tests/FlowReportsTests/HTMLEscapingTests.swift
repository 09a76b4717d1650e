import Foundation
import FlowReports
import Testing

/// The HTML page must never let a user-supplied string become markup.
@Suite("HTML: every user-supplied string is escaped")
struct HTMLEscapingTests {
    static let html = HTMLRenderer().render(ReportFixtures.hostile)

    @Test("No hostile string appears raw, in text or in SVG")
    func nothingRaw() {
        #expect(!Self.html.contains("<script"))
        #expect(!Self.html.contains("<b>"))
        #expect(!Self.html.contains("<i>"))
        #expect(!Self.html.contains("<img"))
        #expect(!Self.html.contains("<svg onload"))
        #expect(!Self.html.contains("</text><script>"))
        #expect(!Self.html.contains("a\"b'c&d"))
    }

    @Test("Hostile strings appear escaped, including inside SVG titles")
    func escapedForms() {
        #expect(Self.html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(Self.html.contains("a&quot;b&#39;c&amp;d"))
        #expect(Self.html.contains("<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</title>"))
        #expect(Self.html.contains("x&quot;y&#39;z&amp;w.jsonl"))
    }

    @Test("The page loads nothing from elsewhere and needs no script")
    func selfContained() {
        #expect(!Self.html.contains(" src=\""))
        #expect(!Self.html.contains(" href=\""))
        #expect(!Self.html.contains("@import"))
        #expect(!Self.html.lowercased().contains("<script"))
    }

    @Test("The sample page has a funnel chart per arm, a forest plot per experiment with treatments, and one per metric and difference")
    func charts() {
        let html = HTMLRenderer().render(ReportFixtures.sample)
        #expect(html.components(separatedBy: "class=\"funnel\"").count - 1 == 6)
        // Two experiments' goals; back_navigations' absolute and relative differences; time_to_complete's absolute one
        // (the fixture gives it no relative difference).
        #expect(html.components(separatedBy: "class=\"forest\"").count - 1 == 2 + 2 + 1)
        #expect(html.contains("<title>Relative difference in back navigations per user from control</title>"))
    }
}
