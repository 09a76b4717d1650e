/// Sorts integer columns without comparing them: a report's per-user counts and durations.
enum IntegerSort {
    /// `values` in ascending order, the same as `values.sorted()`.
    ///
    /// Non-negative values are sorted by their bytes, least significant first (a radix sort), in linear time; a
    /// byte every value shares costs no pass, so counts below 256 take one pass and millisecond durations of a
    /// day three. Any negative value falls back to `sorted()`.
    static func ascending(_ values: [Int64]) -> [Int64] {
        guard values.count > 64 else { return values.sorted() }
        var allBits: Int64 = 0
        var commonBits: Int64 = -1
        for value in values {
            allBits |= value
            commonBits &= value
        }
        guard allBits >= 0 else { return values.sorted() }
        var sorted = values
        var scratch = values
        var shift: Int64 = 0
        while shift < 64, allBits >> shift != 0 {
            // Bytes on which every value agrees leave the order as it is.
            if (allBits ^ commonBits) >> shift & 0xFF != 0 {
                distribute(sorted, byByteAt: shift, into: &scratch)
                swap(&sorted, &scratch)
            }
            shift += 8
        }
        return sorted
    }

    /// Copies `values` into `sorted`, stably ordered by their byte at `shift` (a counting sort on that byte).
    private static func distribute(_ values: [Int64], byByteAt shift: Int64, into sorted: inout [Int64]) {
        var starts = [Int](repeating: 0, count: 257)
        for value in values {
            starts[Int(value >> shift & 0xFF) + 1] += 1
        }
        for byte in 0..<256 {
            starts[byte + 1] += starts[byte]
        }
        for value in values {
            let byte = Int(value >> shift & 0xFF)
            sorted[starts[byte]] = value
            starts[byte] += 1
        }
    }
}
