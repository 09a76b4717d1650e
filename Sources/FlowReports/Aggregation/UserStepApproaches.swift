/// The screens one user was shown on the way to each configured step: after reaching the step before (from their
/// exposure, for the first step) and before reaching the step, updated one `screen_shown` event at a time in the
/// user's time order.
///
/// A screen shown in the millisecond a step was reached is on the way to the next step: the step's own screen is where
/// the user goes on from. The screens of the latest millisecond are held until a later millisecond settles them, since
/// an event later in that millisecond may still complete a step; so no line order within a millisecond changes them.
/// Memory is bounded by ``maximumPairs``, whatever the user's events.
struct UserStepApproaches: Sendable {
    /// At most this many (step, screen) pairs are kept per user; screens past them are not counted.
    static let maximumPairs = 256

    /// The latest millisecond a screen was shown in, as an offset from the user's anchor; -1 before any.
    private var instant: Int64 = -1
    /// The first screen of that millisecond; -1 before any.
    private var instantFirst: Int32 = -1
    /// The millisecond's other distinct screens: empty, without storage, for almost every millisecond.
    private var instantMore: [Int32] = []
    /// The settled pairs, each a step index (high 32 bits) and a screen id (low 32 bits), distinct.
    private var pairs: [UInt64] = []

    /// Adds `screen`, shown at `offset`; `stepOffsets` are the offsets of the steps reached so far, in step order.
    mutating func show(_ screen: Int32, at offset: Int64, stepOffsets: [Int64], stepCount: Int) {
        if offset != instant {
            settle(stepOffsets: stepOffsets, stepCount: stepCount)
            instant = offset
            instantFirst = screen
            if !instantMore.isEmpty { instantMore = [] }
            return
        }
        if screen != instantFirst, !instantMore.contains(screen), instantMore.count < Self.maximumPairs {
            instantMore.append(screen)
        }
    }

    /// Calls `body` with each (step index, screen) pair once every event is counted, the latest millisecond's screens
    /// filed as a later millisecond would file them; reads in place, allocating nothing.
    func forEachPair(stepOffsets: [Int64], stepCount: Int, _ body: (_ step: Int, _ screen: Int32) -> Void) {
        for pair in pairs {
            body(Int(pair >> 32), Int32(truncatingIfNeeded: pair & 0xFFFF_FFFF))
        }
        guard instantFirst >= 0 else { return }
        let step = Self.step(after: instant, stepOffsets: stepOffsets)
        guard step < stepCount else { return }
        var room = Self.maximumPairs - pairs.count
        for index in -1..<instantMore.count where room > 0 {
            let screen = index < 0 ? instantFirst : instantMore[index]
            guard !pairs.contains(Self.pair(step: step, screen: screen)) else { continue }
            body(step, screen)
            room -= 1
        }
    }

    /// The step a screen shown at `offset` leads to: the first one not reached by the end of that millisecond.
    private static func step(after offset: Int64, stepOffsets: [Int64]) -> Int {
        var step = 0
        while step < stepOffsets.count, stepOffsets[step] <= offset { step += 1 }
        return step
    }

    private static func pair(step: Int, screen: Int32) -> UInt64 {
        UInt64(step) << 32 | UInt64(UInt32(bitPattern: screen))
    }

    /// Files the latest millisecond's screens under the step they lead to: the first step not reached by the end of
    /// that millisecond. Called once a later millisecond begins, when the steps of that one can no longer change.
    private mutating func settle(stepOffsets: [Int64], stepCount: Int) {
        guard instantFirst >= 0 else { return }
        let step = Self.step(after: instant, stepOffsets: stepOffsets)
        guard step < stepCount else { return }
        insert(step: step, screen: instantFirst)
        for screen in instantMore {
            insert(step: step, screen: screen)
        }
    }

    private mutating func insert(step: Int, screen: Int32) {
        let pair = Self.pair(step: step, screen: screen)
        guard pairs.count < Self.maximumPairs, !pairs.contains(pair) else { return }
        // One allocation for a typical user's handful of pairs, rather than one per doubling.
        if pairs.isEmpty { pairs.reserveCapacity(8) }
        pairs.append(pair)
    }
}
