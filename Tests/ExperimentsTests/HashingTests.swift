import Experiments
import Testing

@Suite("GrowthBook hashing and bucketing")
struct HashingTests {
    @Test("FNV-1a matches the published 32-bit test vectors for ASCII")
    func fnvVectors() {
        #expect(FNV1a.hash("") == 0x811C_9DC5)
        #expect(FNV1a.hash("a") == 0xE40C_292C)
        #expect(FNV1a.hash("foobar") == 0xBF9C_F968)
    }

    @Test("non-ASCII characters are hashed as UTF-16 code units, astral ones as two surrogates")
    func utf16CodeUnits() {
        var accented = FNV1a()
        accented.combine(codeUnit: 0x00E9)
        #expect(FNV1a.hash("é") == accented.value)
        var emoji = FNV1a()
        emoji.combine(codeUnit: 0xD83D)
        emoji.combine(codeUnit: 0xDE00)
        #expect(FNV1a.hash("😀") == emoji.value)
        var cjk = FNV1a()
        for unit in "中文".utf16 { cjk.combine(codeUnit: unit) }
        #expect(FNV1a.hash("中文") == cjk.value)
    }

    @Test("hash versions 1 and 2 follow GrowthBook's formulas; other versions have no hash", arguments: ["", "a", "user-42", "Zoë", "😀 ok", String(repeating: "long-", count: 100)])
    func formulas(value: String) {
        let seed = "onboarding-order"
        #expect(GrowthBookHash.hash(seed: seed, value: value, version: 1) == Double(FNV1a.hash(value + seed) % 1000) / 1000)
        #expect(GrowthBookHash.hash(seed: seed, value: value, version: 2) == Double(FNV1a.hash(String(FNV1a.hash(seed + value))) % 10000) / 10000)
        #expect(GrowthBookHash.hash(seed: seed, value: value, version: 3) == nil)
        #expect(GrowthBookHash.hash(seed: seed, value: value, version: 0) == nil)
        for version in [1, 2, 3] {
            let prepared = PreparedHashSeed(seed).bucketNumber(value: value, version: version).flatMap { number in
                PreparedHashSeed.resolution(version: version).map { Double(number) / Double($0) }
            }
            #expect(prepared == GrowthBookHash.hash(seed: seed, value: value, version: version))
        }
    }

    @Test("decimal digits are folded exactly as String(number) would be", arguments: [0, 7, 10, 99, 100, 12_345, 999_999_999, 1_000_000_000, UInt32.max])
    func decimalDigits(number: UInt32) {
        var direct = FNV1a()
        direct.combine(decimalDigitsOf: number)
        #expect(direct.value == FNV1a.hash(String(number)))
    }

    @Test("every number below 100,000, and every five-digit tail of a ten-digit number, folds as String(number)")
    func decimalDigitsExhaustively() {
        var mismatches: [UInt32] = []
        for low in UInt32(0)..<100_000 {
            for number in [low, 4_200_000_000 + low, 1_000_000_000 + low, 100_000 + low] {
                var direct = FNV1a()
                direct.combine(decimalDigitsOf: number)
                if direct.value != FNV1a.hash(String(number)) { mismatches.append(number) }
            }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test("long ASCII ids, and ids mixing ASCII runs with other characters, hash as their UTF-16 code units", arguments: [
        "user-1234567", "abcdefgh", "abcdefghi", "abcdefghijklmnop", "abcdefg\u{e9}hijklmnopq", "0123456789abcdef😀xyz", "\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{7f}\u{80}",
    ])
    func wordAtATimeASCII(value: String) {
        var perUnit = FNV1a()
        for unit in value.utf16 { perUnit.combine(codeUnit: unit) }
        #expect(FNV1a.hash(value) == perUnit.value)
    }

    @Test("coverage clamps to 0...1 and invalid weights fall back to equal weights")
    func bucketRanges() {
        #expect(Bucketing.ranges(variationCount: 2, coverage: 2) == Bucketing.ranges(variationCount: 2, coverage: 1))
        #expect(Bucketing.ranges(variationCount: 2, coverage: -1) == [BucketRange(start: 0, end: 0), BucketRange(start: 0.5, end: 0.5)])
        #expect(Bucketing.ranges(variationCount: 2, weights: [0.9, 0.9]) == Bucketing.ranges(variationCount: 2))
        #expect(Bucketing.ranges(variationCount: 3, weights: [0.5, 0.5]) == Bucketing.ranges(variationCount: 3))
        #expect(Bucketing.ranges(variationCount: 2, weights: [1.2, -0.2]) == Bucketing.ranges(variationCount: 2))
        #expect(Bucketing.ranges(variationCount: 2, coverage: .nan) == Bucketing.ranges(variationCount: 2, coverage: 0))
    }

    @Test("a bucket outside every range chooses no variation")
    func chooseVariation() {
        let ranges = Bucketing.ranges(variationCount: 2, coverage: 0.5)
        #expect(Bucketing.chooseVariation(bucket: 0.1, ranges: ranges) == 0)
        #expect(Bucketing.chooseVariation(bucket: 0.3, ranges: ranges) == nil)
        #expect(Bucketing.chooseVariation(bucket: 0.6, ranges: ranges) == 1)
    }

    @Test("choosing a variation by bucket number agrees with choosing by bucket, for every number of both hash versions", arguments: [
        Bucketing.ranges(variationCount: 2), Bucketing.ranges(variationCount: 3), Bucketing.ranges(variationCount: 7, coverage: 0.37),
        Bucketing.ranges(variationCount: 3, coverage: 0.999, weights: [0.1, 0.333, 0.567]), Bucketing.ranges(variationCount: 2, coverage: 0),
        [BucketRange(start: 0, end: 0.3), BucketRange(start: 0.2, end: 0.7), BucketRange(start: 0.7, end: 1.5)],
        [BucketRange(start: -1, end: 0.0001), BucketRange(start: 0.5, end: 0.5), BucketRange(start: 0.6, end: 0.4)],
        [BucketRange(start: .nan, end: 0.5), BucketRange(start: 0.25, end: .nan), BucketRange(start: 0.9999, end: .infinity)],
    ])
    func bucketNumberRanges(ranges: [BucketRange]) {
        for resolution: UInt32 in [1_000, 10_000] {
            let numberRanges = BucketNumberRanges(ranges, resolution: resolution)
            let mismatches = (0..<resolution).filter { number in
                numberRanges.chooseVariation(number) != Bucketing.chooseVariation(bucket: Double(number) / Double(resolution), ranges: ranges)
            }
            #expect(mismatches.isEmpty, "resolution \(resolution), first mismatches: \(mismatches.prefix(5))")
        }
    }

    @Test("numbers are stringified for hashing exactly as JavaScript's String(number)", arguments: [
        (1.0, "1"), (-0.5, "-0.5"), (1e21, "1e+21"), (1e-7, "1e-7"), (123_456_789_012.0, "123456789012"),
        (0.000001, "0.000001"), (1.5e300, "1.5e+300"), (100.0, "100"),
    ])
    func javaScriptNumbers(number: Double, expected: String) {
        #expect(JavaScriptNumberFormat.string(number) == expected)
    }
}
