import FlowEvents
import SeededRandom
import Testing

@Suite("Numbers written as a property's canonical text")
struct PropertyNumberWritingTests {
    @Test("every double of the reference vectors is written as Python's shortest digits give it, without an exponent")
    func referenceVectors() throws {
        let cases = try NumberVectors.load().write
        #expect(cases.count > 500)
        for item in cases {
            let value = try #require(NumberVectors.double(bits: item.bits))
            #expect(EventPropertyNumber.text(value) == item.text, "\(value)")
        }
    }

    @Test(
        "whole values are written as integers, one text for one number",
        arguments: [(4599.0, "4599"), (-3.0, "-3"), (0.0, "0"), (-0.0, "0"), (1e21, "1000000000000000000000"), (100.0, "100")]
    )
    func wholeValues(value: Double, text: String) {
        #expect(EventPropertyNumber.text(value) == text)
    }

    @Test(
        "decimals are written positionally with their shortest digits",
        arguments: [(0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"), (-12.5, "-12.5"), (1e-7, "0.0000001"), (1.5e-7, "0.00000015")]
    )
    func decimals(value: Double, text: String) {
        #expect(EventPropertyNumber.text(value) == text)
    }

    @Test("NaN and the infinities have no text")
    func notNumbers() {
        #expect(EventPropertyNumber.text(.nan) == nil)
        #expect(EventPropertyNumber.text(.infinity) == nil)
        #expect(EventPropertyNumber.text(-.infinity) == nil)
    }

    @Test("integers are written exactly, as their decimal digits", arguments: [0, 1, -1, 4599, Int.max, Int.min])
    func integers(value: Int) {
        #expect(EventPropertyNumber.text(value) == String(value))
        #expect(EventPropertyNumber.read(EventPropertyNumber.text(value)) == .success(Double(value)))
    }

    @Test("every finite double reads back from its text as itself, to the bit")
    func roundTrip() throws {
        var generator = SplitMix64(seed: 33)
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = try #require(EventPropertyNumber.text(value))
            let back = try EventPropertyNumber.read(text).get()
            // -0.0 is written as 0: the one value whose sign does not come back.
            #expect(back.bitPattern == (value == 0 ? 0.0 : value).bitPattern, "\(value) -> \(text)")
            #expect(!text.contains("e"))
            checked += 1
        }
    }
}
