@testable import FlowReports
import Testing

/// Numbers read the same on every machine and never trap.
@Suite("Number formatting: locale-independent and total")
struct NumberFormatTests {
    @Test("Fixed decimals round half away from zero", arguments: [
        (2.345, 1, "2.3"), (0.05, 1, "0.1"), (-0.04, 1, "0.0"), (-1.25, 1, "-1.3"), (1234.5, 0, "1235"), (7, 2, "7.00"),
    ])
    func fixed(value: Double, places: Int, expected: String) {
        #expect(ReportNumberFormat.fixed(value, places: places) == expected)
    }

    @Test("Non-finite and huge numbers are written, not trapped on")
    func nonFinite() {
        #expect(ReportNumberFormat.fixed(.nan, places: 1) == "NaN")
        #expect(ReportNumberFormat.fixed(-.infinity, places: 1) == "-inf")
        #expect(ReportNumberFormat.fixed(1e300, places: 2) == "1e+300")
        #expect(ReportNumberFormat.percent(.infinity) == "inf%")
        #expect(ReportNumberFormat.duration(seconds: .nan) == "NaNs")
        #expect(ReportNumberFormat.duration(seconds: -5) == "-5.0s")
    }

    @Test("Percentages have one decimal; differences are signed percentage points")
    func percentages() {
        #expect(ReportNumberFormat.percent(0.4567) == "45.7%")
        #expect(ReportNumberFormat.percentagePoints(0.021) == "+2.1 pp")
        #expect(ReportNumberFormat.percentagePoints(-0.0004) == "0.0 pp")
        #expect(ReportNumberFormat.percentagePointInterval(ConfidenceInterval(lower: -0.012, upper: 0.034)) == "[-1.2, +3.4] pp")
    }

    @Test("p-values have three decimals, or read < 0.001", arguments: [
        (0.0123, "0.012"), (0.0004, "< 0.001"), (0.001, "0.001"), (1, "1.000"),
    ])
    func pValues(p: Double, expected: String) {
        #expect(ReportNumberFormat.pValue(p) == expected)
    }

    @Test("Durations use the largest sensible units", arguments: [
        (12.34, "12.3s"), (245, "4m 05s"), (7620, "2h 07m"), (273_600, "3d 04h"),
    ])
    func durations(seconds: Double, expected: String) {
        #expect(ReportNumberFormat.duration(seconds: seconds) == expected)
    }

    @Test("Counts are grouped by thousands and confidence levels drop trailing zeros")
    func countsAndLevels() {
        #expect(ReportNumberFormat.count(1_234_567) == "1,234,567")
        #expect(ReportNumberFormat.count(-1000) == "-1,000")
        #expect(ReportNumberFormat.confidenceLevel(alpha: 0.05) == "95%")
        #expect(ReportNumberFormat.confidenceLevel(alpha: 0.005) == "99.5%")
    }
}
