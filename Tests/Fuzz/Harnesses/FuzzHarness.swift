/// Drives one parser with arbitrary bytes: the code a libFuzzer target runs per input, and that the regression tests
/// run on every committed crash input and seed without the fuzzer.
public protocol FuzzHarness {
    /// The target's name in `Tests/Fuzz` (its seed, dictionary and regression folders), e.g. `config`.
    static var name: String { get }

    /// Feeds `input` to the code under test and reports what it made of it.
    static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome
}

extension FuzzHarness {
    /// Feeds the bytes of `input` to the code under test.
    public static func run(_ input: [UInt8]) -> FuzzOutcome {
        input.withUnsafeBufferPointer { run($0) }
    }

    /// The body of `LLVMFuzzerTestOneInput`: runs one input and traps on a broken invariant, so that libFuzzer
    /// records the input as a crash.
    public static func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        let outcome = run(UnsafeBufferPointer(start: data, count: size))
        if case .invariantViolated(let message) = outcome {
            fatalError("\(name): invariant violated: \(message)")
        }
        return 0
    }
}
