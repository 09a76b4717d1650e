import FlowEvents
import Testing

@Suite("A property's text read as a number")
struct PropertyNumberReadingTests {
    /// What reading `text` gives, in the words of the vectors.
    private static func outcome(_ text: String?) -> (kind: String, value: Double?) {
        switch EventPropertyNumber.read(text) {
        case .success(let value): ("number", value)
        case .failure(.absent): ("absent", nil)
        case .failure(.notANumber): ("notANumber", nil)
        case .failure(.outOfRange): ("outOfRange", nil)
        }
    }

    @Test("every text of the reference vectors reads as Python's JSON grammar and float() say, to the bit")
    func referenceVectors() throws {
        let cases = try NumberVectors.load().read
        #expect(cases.count > 700)
        #expect(cases.contains { $0.expected == "outOfRange" } && cases.contains { $0.expected == "notANumber" })
        for item in cases {
            let (kind, value) = Self.outcome(item.text)
            #expect(kind == item.expected, "\(item.text.debugDescription)")
            if let bits = item.bits {
                #expect(value?.bitPattern == NumberVectors.double(bits: bits)?.bitPattern, "\(item.text.debugDescription) read as \(value.map(String.init(describing:)) ?? "nil")")
            }
        }
    }

    @Test(
        "JSON numbers are read, whatever their form",
        arguments: [
            ("4599", 4599.0), ("-4599", -4599.0), ("0", 0.0), ("12.5", 12.5), ("0.1", 0.1), ("1e-7", 1e-7),
            ("2.5E+3", 2500.0), ("1E5", 100_000.0), ("4599.00", 4599.0), ("9007199254740993", 9_007_199_254_740_992.0),
        ]
    )
    func numbers(text: String, expected: Double) {
        #expect(EventPropertyNumber.read(text) == .success(expected))
    }

    @Test(
        "text that is not exactly a JSON number is not a number, never 0",
        arguments: [
            "", " ", "abc", "NaN", "nan", "Infinity", "-Infinity", "inf", "0x10", "+1", " 1", "1 ", "\t1", "1\n",
            "007", "-", "1.", ".5", "1e", "1e+", "1_000", "1,5", "true", "null", "\"1\"", "١٢", "１",
        ]
    )
    func notNumbers(text: String) {
        #expect(EventPropertyNumber.read(text) == .failure(.notANumber))
    }

    @Test("a number beyond a double's range is out of range, of either sign")
    func outOfRange() {
        for text in ["1e400", "-1e400", "1.8e308", "1" + String(repeating: "0", count: 399), "-" + String(repeating: "9", count: 400),
                     "1e999999999999999999999"] {
            #expect(EventPropertyNumber.read(text) == .failure(.outOfRange), "\(text.prefix(20))")
        }
        #expect(EventPropertyNumber.read("1.7976931348623157e308") == .success(.greatestFiniteMagnitude))
    }

    @Test("a 300-digit integer is read, rounded to the nearest double; one too small for a double rounds to zero, keeping its sign")
    func longAndTiny() throws {
        let long = "1" + String(repeating: "0", count: 300)
        #expect(EventPropertyNumber.read(long) == .success(1e300))
        #expect(EventPropertyNumber.read("0." + String(repeating: "0", count: 400) + "1") == .success(0))
        let negativeTiny = try EventPropertyNumber.read("-1e-400").get()
        #expect(negativeTiny == 0 && negativeTiny.sign == .minus)
        #expect(EventPropertyNumber.read("-0").map(\.sign) == .success(.minus))
    }

    @Test("an absent property is absent, told apart from an empty one")
    func absent() {
        let properties = ["amount_cents": "4599", "note": ""]
        #expect(EventPropertyNumber.read("amount_cents", in: properties) == .success(4599))
        #expect(EventPropertyNumber.read("items", in: properties) == .failure(.absent))
        #expect(EventPropertyNumber.read("note", in: properties) == .failure(.notANumber))
        #expect(EventPropertyNumber.read(nil) == .failure(.absent))
    }
}
