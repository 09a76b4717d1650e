import FuzzHarnesses

/// libFuzzer's entry point: runs one input through `ConditionFuzzHarness`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ConditionFuzzHarness.fuzzOne(data, size)
}
