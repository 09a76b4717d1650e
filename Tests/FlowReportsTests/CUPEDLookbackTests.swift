import FlowEvents
@testable import FlowReports
import Testing

/// Which events a user's CUPED covariate counts: those of the `lookbackDays` whole UTC days before the day of their
/// first exposure and of that day before the exposure (``PreExposureCovariates``).
@Suite("Report mode: CUPED's lookback window in UTC days")
struct CUPEDLookbackTests {
    static let hour = 3_600.0
    static let day = CUPEDLog.day

    /// Treatment's mean covariate minus control's when one of B's two users orders once, `seconds` after the
    /// origin, before or after their exposure at `exposure` (seconds after the origin), with `lookbackDays`; A's
    /// two users have no history. 0.5 when the order counts, 0 when it does not.
    /// With `orderLineFirst`, an order at the exposure's millisecond is logged on the line before the exposure.
    static func preExposureDifference(
        orderAt seconds: Double, exposure: Double, lookbackDays: Int, orderLineFirst: Bool = false
    ) throws -> Double? {
        let orderFirst = seconds < exposure || seconds == exposure && orderLineFirst
        var script = EventScript()
        for (user, variant) in [("a1", "A"), ("a2", "A"), ("b1", "B"), ("b2", "B")] {
            if user == "b1", orderFirst { CUPEDLog.order(user, at: seconds, amount: 1, into: &script) }
            script.expose(user, to: variant, in: CUPEDLog.experiment, at: exposure)
            if user == "b1", !orderFirst { CUPEDLog.order(user, at: seconds, amount: 1, into: &script) }
            // Orders after exposure that vary, so that the metric can be compared.
            CUPEDLog.order(user, at: exposure + (user.hasSuffix("1") ? 60 : 120), amount: 1, into: &script)
            if user == "a2" || user == "b1" { CUPEDLog.order(user, at: exposure + 180, amount: 1, into: &script) }
        }
        let options = try CUPEDLog.options(metrics: ["orders"], lookbackDays: lookbackDays)
        let report = try ReportBuilder.report(events: script.events, options: options, inputs: [])
        return report.experiments.first?.metrics.first?.cuped?.preExposureDifference
    }

    /// The origin, 2026-11-22T09:00:00Z, is 9 hours into its UTC day.
    static let intoDay = 9 * hour

    @Test("exposed at 09:00 with a 3-day lookback: from 00:00 three days before to the exposure's millisecond, not included")
    func edges() throws {
        let cases: [(label: String, seconds: Double, counts: Bool)] = [
            ("exactly 3 days before", -3 * Self.day, true),
            ("00:00:00.000 of the third day before", -3 * Self.day - Self.intoDay, true),
            ("23:59:59.999 of the fourth day before", -3 * Self.day - Self.intoDay - 0.001, false),
            ("exactly 4 days before", -4 * Self.day, false),
            ("20 days before", -20 * Self.day, false),
            ("00:00 of the exposure's day", -Self.intoDay, true),
            ("1 ms before the exposure", -0.001, true),
            ("the exposure's millisecond", 0, false),
            ("after the exposure", 600, false),
        ]
        for (label, seconds, counts) in cases {
            let difference = try Self.preExposureDifference(orderAt: seconds, exposure: 0, lookbackDays: 3)
            #expect(difference == (counts ? 0.5 : 0), "\(label)")
        }
        // Within a millisecond the exposure comes first, whichever line comes first.
        #expect(try Self.preExposureDifference(orderAt: 0, exposure: 0, lookbackDays: 3, orderLineFirst: true) == 0)
    }

    @Test("exposed at 00:00:00.000 UTC: the whole lookback days before, none of the exposure's day")
    func exposureAtMidnight() throws {
        let midnight = -Self.intoDay
        #expect(try Self.preExposureDifference(orderAt: midnight - 3 * Self.day, exposure: midnight, lookbackDays: 3) == 0.5)
        #expect(try Self.preExposureDifference(orderAt: midnight - 3 * Self.day - 0.001, exposure: midnight, lookbackDays: 3) == 0)
        #expect(try Self.preExposureDifference(orderAt: midnight - 0.001, exposure: midnight, lookbackDays: 3) == 0.5)
    }

    @Test("a 1-day lookback reaches the day before only; 365 days reach a year back")
    func lookbackLengths() throws {
        #expect(try Self.preExposureDifference(orderAt: -Self.day - Self.intoDay, exposure: 0, lookbackDays: 1) == 0.5)
        #expect(try Self.preExposureDifference(orderAt: -Self.day - Self.intoDay - 0.001, exposure: 0, lookbackDays: 1) == 0)
        #expect(try Self.preExposureDifference(orderAt: -365 * Self.day - Self.intoDay, exposure: 0, lookbackDays: 365) == 0.5)
        #expect(try Self.preExposureDifference(orderAt: -366 * Self.day, exposure: 0, lookbackDays: 365) == 0)
    }

    @Test("an order before exposure is never part of the metric, only of the covariate")
    func historyIsNotTheMetric() throws {
        let log = CUPEDLog(users: CUPEDLog.correlated.users.map { user in
            var user = user
            user.history += [7, 7]
            return user
        })
        let orders = try #require(try log.metrics(["orders"], lookbackDays: 14)["orders"])
        let expected = CUPEDReference(arms: log.values { Double($0.count) }, binary: false)
        #expect(orders.controlMean == expected.means[0] && orders.treatmentMean == expected.means[1])
        #expect(CUPEDReportTests.close(orders.cuped?.preExposureDifference, expected.preExposureDifference))
    }

    /// The experiment's notes when two users per arm are exposed at the origin (09:00 on 2026-11-22) after a log that
    /// begins `seconds` after the origin, with a lookback of 3 days.
    static func notes(logBeginsAt seconds: Double) throws -> [String] {
        var script = EventScript()
        script.show("welcome", to: "early", at: seconds)
        for (user, variant) in [("a1", "A"), ("a2", "A"), ("b1", "B"), ("b2", "B")] {
            script.expose(user, to: variant, in: CUPEDLog.experiment, at: 0)
            CUPEDLog.order(user, at: user.hasSuffix("1") ? 60 : 120, amount: 1, into: &script)
        }
        CUPEDLog.order("b1", at: 180, amount: 1, into: &script)
        let options = try CUPEDLog.options(metrics: ["orders"], lookbackDays: 3)
        return try #require(try ReportBuilder.report(events: script.events, options: options, inputs: []).experiments.first).notes
    }

    @Test("a lookback that reaches before the log's first event is said, with the day from which users have it whole")
    func lookbackBeforeTheLog() throws {
        // The log begins at 09:00 on 2026-11-20: lookbacks from 00:00 on 2026-11-21 on lie within it, so users exposed
        // from 2026-11-24 on have theirs whole; these, exposed on 2026-11-22, look back from 2026-11-19.
        let cut = try Self.notes(logBeginsAt: -2 * Self.day)
        #expect(cut.contains(
            "CUPED's 3-day lookback reaches before the log's first event (2026-11-20T09:00:00.000Z) for users exposed before 2026-11-24: "
                + "their history is what the log holds of it"
        ), "\(cut)")
        // A log that begins at 00:00:00.000 on 2026-11-19 holds the whole lookback; one a millisecond later does not.
        #expect(!(try Self.notes(logBeginsAt: -3 * Self.day - Self.intoDay)).contains { $0.contains("lookback reaches before") })
        #expect(try Self.notes(logBeginsAt: -3 * Self.day - Self.intoDay + 0.001).contains { $0.contains("exposed before 2026-11-23") })
    }
}
