@testable import FlowEvents
import Testing

@Suite("Numbers written into event properties")
struct EventPropertyNumberTests {
    /// The property line `value` gives when encoded, and the one its `String` gives.
    private func encoded(_ add: (inout EventProperties) -> Void, _ text: String) -> (written: String, expected: String) {
        let line = LineBuffer(capacity: 1)
        var properties = EventProperties(encodingInto: line)
        add(&properties)
        let expected = LineBuffer(capacity: 1)
        var textProperties = EventProperties(encodingInto: expected)
        textProperties.add("n", text)
        return (String(decoding: line.bytes, as: UTF8.self), String(decoding: expected.bytes, as: UTF8.self))
    }

    @Test("an integer is written as its String", arguments: [0, 1, 9, 10, 42, 99, 100, 12_345, -1, -90, Int.max, Int.min])
    func integers(value: Int) {
        let (written, expected) = encoded({ $0.add("n", value) }, String(value))
        #expect(written == expected)
    }

    @Test("every hash bucket, a multiple of 1/10,000 between 0 and 1, is written as its String")
    func buckets() {
        for numerator in 0...10_000 {
            let bucket = Double(numerator) / 10_000
            let (written, expected) = encoded({ $0.add("n", bucket) }, String(bucket))
            #expect(written == expected, "\(numerator)/10000")
        }
    }

    @Test(
        "any other number is written as its String",
        arguments: [-0.0, -0.5, 1.5, 0.00005, 0.12345, 1e-7, 0.1 + 0.2, 3.0, .infinity, -.infinity, .nan, .leastNonzeroMagnitude]
    )
    func otherDoubles(value: Double) {
        let (written, expected) = encoded({ $0.add("n", value) }, String(value))
        #expect(written == expected)
    }

    @Test("numbers collected for a plain sink are their Strings")
    func collected() {
        var properties = EventProperties()
        properties.add("bucket", 0.036)
        properties.add("index", 3)
        #expect(properties.dictionary == ["bucket": "0.036", "index": "3"])
    }
}
