import FlowEvents
@testable import FlowReports
import SeededRandom
import Testing

/// The set of a session's sequence numbers answers as a set does, whatever order and spacing the numbers come in;
/// its cost follows how many numbers it holds (checked end to end by `BoundedAggregationTests`).
@Suite("A session's sequence numbers, kept by count, not by value")
struct SequenceNumberSetTests {
    /// Inserts each of `numbers` in turn and says which were new.
    static func inserting(_ numbers: [Int], into set: inout SequenceNumberSet) -> [Bool] {
        numbers.map { set.insert($0) }
    }

    @Test("Numbers in order: each new once, every repeat a duplicate, however far the run goes")
    func inOrder() {
        var set = SequenceNumberSet()
        let numbers = Array(0..<10_000)
        #expect(Self.inserting(numbers, into: &set).allSatisfy { $0 })
        #expect(Self.inserting(numbers, into: &set).allSatisfy { !$0 })
    }

    @Test("Sparse numbers (0 and 1,048,575, 2^40, Int.max) are each new once")
    func sparse() {
        var set = SequenceNumberSet()
        let numbers = [0, 1_048_575, 1 << 40, Int.max, 63, 64, 65]
        #expect(Self.inserting(numbers, into: &set).allSatisfy { $0 })
        #expect(Self.inserting(numbers, into: &set).allSatisfy { !$0 })
    }

    @Test("Numbers far ahead join the run once it reaches them, and stay duplicates")
    func aheadThenRun() {
        var set = SequenceNumberSet()
        #expect(Self.inserting(Array(stride(from: 199, through: 100, by: -1)), into: &set).allSatisfy { $0 })
        #expect(Self.inserting(Array(0..<100), into: &set).allSatisfy { $0 })
        #expect(Self.inserting(Array(0..<200), into: &set).allSatisfy { !$0 })
        #expect(Self.inserting([200], into: &set) == [true])
    }

    @Test("Any order and repetition of numbers answers as a Set<Int> does", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func agreesWithASet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var set = SequenceNumberSet()
        var reference = Set<Int>()
        var disagreements = 0
        for _ in 0..<5_000 {
            let spread = [8, 100, 3_000, 1 << 30][random.next(below: 4)]
            let number = random.next(below: spread)
            if set.insert(number) != reference.insert(number).inserted { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }
}

/// One user's sessions are told apart by id, at the same cost per event however many sessions the user has.
@Suite("Delivered events of a user with many sessions")
struct ManySessionDeliveryTests {
    static func event(session: Int, sequence: Int) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: 0), session: "s\(session)", sequence: sequence, user: "anonymous",
            type: .screenShown
        )
    }

    @Test("A user of 20,000 sessions: each session's numbers are its own; a repeat in any session is a duplicate")
    func manySessions() {
        var delivered = DeliveredEvents()
        var new = 0
        for session in 0..<20_000 where delivered.insert(Self.event(session: session, sequence: 0), ofUser: 0) { new += 1 }
        #expect(new == 20_000)
        let later = [(7, 1), (19_999, 0), (0, 0)].map { delivered.insert(Self.event(session: $0.0, sequence: $0.1), ofUser: 0) }
        #expect(later == [true, false, false])
        #expect(delivered.duplicates == 2)
    }
}
