/// Word-at-a-time byte tests for the canonical scanner (SWAR: eight bytes per 64-bit operation).
enum ByteComparison {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit set in the lowest byte of `word` (first in memory, little-endian) that is
    /// `"`, `\` or below 0x20, and possibly in later bytes; zero when no byte is.
    ///
    /// Only the lowest set bit is exact: a borrow can flag a byte after the first match, never
    /// one before it.
    @inline(__always)
    static func quoteBackslashOrControlFlags(_ word: UInt64) -> UInt64 {
        zeroByteFlags(word ^ (ones &* 0x22)) | zeroByteFlags(word ^ (ones &* 0x5C)) | byteBelowFlags(word, 0x20)
    }

    /// The high bit of every byte of `word`: non-zero when one of them is not ASCII.
    @inline(__always)
    static func highBits(_ word: UInt64) -> UInt64 {
        word & highs
    }

    @inline(__always)
    private static func zeroByteFlags(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// Bytes at or above 0x80 never count as below `limit` (at most 0x80).
    @inline(__always)
    private static func byteBelowFlags(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }
}
