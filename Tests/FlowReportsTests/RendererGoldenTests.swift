import FlowReports
import Testing

/// Every format's exact output for a fixed report, compared with files under `Golden/`.
///
/// Regenerate with `UPDATE_GOLDEN=1 swift test` and review the diff.
@Suite("Renderers: golden output")
struct RendererGoldenTests {
    static let cases: [(format: ReportFormat, colors: Bool, file: String)] = [
        (.table, false, "sample.txt"),
        (.table, true, "sample-color.txt"),
        (.markdown, false, "sample.md"),
        (.json, false, "sample.json"),
        (.csv, false, "sample.csv"),
        (.html, false, "sample.html"),
    ]

    @Test("Each format renders the sample report exactly as its golden file", arguments: cases.map(\.file))
    func sample(file: String) throws {
        let testCase = try #require(Self.cases.first { $0.file == file })
        let output = testCase.format.renderer(colors: testCase.colors).render(ReportFixtures.sample)
        try Golden.check(output, against: testCase.file)
    }

    @Test("Each format renders the hostile report exactly as its golden file", arguments: ReportFormat.allCases)
    func hostile(format: ReportFormat) throws {
        let output = format.renderer(colors: false).render(ReportFixtures.hostile)
        let fileExtension = switch format {
        case .table: "txt"
        case .markdown: "md"
        case .json, .csv, .html: format.rawValue
        }
        try Golden.check(output, against: "hostile.\(fileExtension)")
    }

    @Test("Rendering is deterministic")
    func deterministic() {
        for format in ReportFormat.allCases {
            let renderer = format.renderer(colors: true)
            #expect(renderer.render(ReportFixtures.sample) == renderer.render(ReportFixtures.sample))
        }
    }
}
