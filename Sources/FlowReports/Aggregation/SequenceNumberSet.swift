/// A set of a session's sequence numbers, in memory proportional to how many it holds, whatever their values.
///
/// A session numbers its events densely from 0, so the set keeps a contiguous run (every number below ``floor``),
/// a 64-number window just above it, one bit each, for events delivered a little out of order, and a hash set for
/// any number further ahead. Numbers leave the hash set as the run reaches them. A session of two events numbered 0
/// and 1,048,575 costs one hash set entry, not a 128 KiB bitmap.
struct SequenceNumberSet: Sendable {
    /// Every number below `floor` is in the set.
    private var floor = 0
    /// Bit `i` set: `floor + i` is in the set. Bit 0 is always clear, as the run would have taken it.
    private var window: UInt64 = 0
    /// The numbers at or above `floor + 64` when they were added; each is at or above `floor`, and none has its
    /// window bit set.
    private var ahead: Set<Int> = []

    /// Adds `number` (not negative) and returns whether it was not there yet.
    mutating func insert(_ number: Int) -> Bool {
        guard number >= floor else { return false }
        let offset = number - floor
        guard offset < 64 else { return ahead.insert(number).inserted }
        let bit: UInt64 = 1 << UInt64(offset)
        if window & bit != 0 { return false }
        if !ahead.isEmpty, ahead.contains(number) { return false }
        window |= bit
        if offset == 0 { advance() }
        return true
    }

    /// Moves the run over the numbers just above it, from the window and then from the hash set.
    private mutating func advance() {
        while true {
            if window & 1 != 0 {
                let run = (~window).trailingZeroBitCount
                window = run == 64 ? 0 : window >> UInt64(run)
                floor += run
            } else if !ahead.isEmpty, ahead.remove(floor) != nil {
                window >>= 1
                floor += 1
            } else {
                return
            }
        }
    }
}
