import FuzzHarnesses

/// libFuzzer's entry point: runs one input through `ReportFuzzHarness`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ReportFuzzHarness.fuzzOne(data, size)
}
