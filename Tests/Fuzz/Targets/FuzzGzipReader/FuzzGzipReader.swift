import FuzzHarnesses

/// libFuzzer's entry point: runs one input through `GzipReaderFuzzHarness`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    GzipReaderFuzzHarness.fuzzOne(data, size)
}
