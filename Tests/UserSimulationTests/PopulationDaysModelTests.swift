import Foundation
import SeededRandom
import Testing
@testable import UserSimulation

/// A behaviour model's `days`: read into ``PopulationDays``, every mistake at its JSON path, and the visits a user
/// draws from it.
@Suite("Behaviour model days: users who come back")
struct PopulationDaysModelTests {
    static func parse(days: String) -> (model: BehaviorModel?, issues: [String]) {
        let text = #"{"screens": {"signup": {"actions": {"continue": 1}}}, "days": \#(days)}"#
        do {
            return (try BehaviorModelLoader.parse(Data(text.utf8), file: "behavior.json"), [])
        } catch {
            return (nil, error.issues.map(\.description))
        }
    }

    @Test("count, historyDays, returnsPerDay, propensitySpread and per-variant returns are read; history and spread default to 0")
    func decoding() throws {
        let full = Self.parse(days: #"{"count": 14, "historyDays": 7, "returnsPerDay": 0.1, "propensitySpread": 0.8, "variants": {"b": {"returnsPerDay": 0.2}}}"#)
        #expect(full.issues == [])
        #expect(full.model?.days == PopulationDays(count: 14, historyDays: 7, returnsPerDay: 0.1, propensitySpread: 0.8, variantReturnsPerDay: ["b": 0.2]))
        #expect(Self.parse(days: #"{"count": 3, "returnsPerDay": 0}"#).model?.days == PopulationDays(count: 3, returnsPerDay: 0))
        #expect(full.model?.days?.returnsPerDay(runningVariants: ["a", "b"]) == 0.2)
        #expect(full.model?.days?.returnsPerDay(runningVariants: ["a"]) == 0.1)
    }

    @Test("Each mistake is reported at its path with what was expected")
    func mistakes() {
        #expect(Self.parse(days: "7").issues == [#"days: expected an object with "count" and "returnsPerDay""#])
        #expect(Self.parse(days: #"{"count": 400, "historyDays": -1, "returnsPerDay": 1.5, "propensitySpread": 1e999, "hours": 2}"#).issues == [
            "days.hours: unknown key; expected one of: count, historyDays, propensitySpread, returnsPerDay, variants",
            "days.count: 400 is out of range; expected 1 to 366",
            "days.historyDays: -1 is out of range; expected 0 to 366",
            "days.returnsPerDay: 1.5 is out of range; expected 0 to 1",
            "days.propensitySpread: a number beyond Double's range; expected 0 to 3",
        ])
        #expect(Self.parse(days: #"{"count": 2.5, "returnsPerDay": 0.1, "variants": {"b": {"returns": 1}}}"#).issues == [
            "days.count: 2.5 is not a whole number of days",
            "days.variants.b.returns: unknown key; expected one of: returnsPerDay",
            "days.variants.b.returnsPerDay: missing; expected a number from 0 to 1",
        ])
    }

    @Test("A user comes back at most once a day, on the experiment's days after their arrival's, and visited only on days before it")
    func visits() {
        let days = PopulationDays(count: 10, historyDays: 5, returnsPerDay: 1, propensitySpread: 0)
        var generator = SplitMix64(seed: 1, stream: 2)
        let arrival = 3 * UserVisits.dayMilliseconds + 5
        let visits = UserVisits(days: days, arrival: arrival, variants: [], using: &generator)
        // A chance of 1: every day.
        #expect(visits.before.map { $0 / UserVisits.dayMilliseconds - ($0 < 0 ? 1 : 0) } == [-5, -4, -3, -2, -1])
        #expect(visits.after.map { $0 / UserVisits.dayMilliseconds } == [4, 5, 6, 7, 8, 9])
        #expect(visits.propensity == 1)
        var never = SplitMix64(seed: 1, stream: 2)
        let none = UserVisits(days: PopulationDays(count: 10, historyDays: 5, returnsPerDay: 0), arrival: arrival, variants: [], using: &never)
        #expect(none.before.isEmpty && none.after.isEmpty)
    }
}
