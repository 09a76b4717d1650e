/// The code units partitioned into classes that every instruction of a ``RegexProgram`` treats alike: two units of
/// one class are consumed by exactly the same instructions. A ``RegexDFA`` has one transition per class, rather than
/// one per code unit.
struct RegexUnitClasses: Sendable {
    /// The most classes a partition may have (class numbers are bytes).
    static let maximumCount = 256

    /// How many classes there are.
    let count: Int
    /// A member of each class, by class number.
    let representatives: [UInt16]
    /// The class of each ASCII unit.
    private let asciiClasses: [UInt8]
    /// The units from 128 up, as intervals: `intervalStarts[i]` is the first unit of interval `i`, of class
    /// `intervalClasses[i]`. The first interval starts at 128.
    private let intervalStarts: [UInt16]
    private let intervalClasses: [UInt8]

    /// The partition for `program`, or nil if it has more than ``maximumCount`` classes.
    init?(_ program: RegexProgram) {
        // The sets the program's instructions consume.
        var sets: [RegexUnitSet] = program.sets
        for case .unit(let unit) in program.instructions { sets.append(RegexUnitSet(unit: unit)) }
        // Interval boundaries: where some set starts or stops, and 128, where the ASCII table stops.
        var boundaries: Set<Int> = [0, 128]
        for set in sets {
            for range in set.ranges {
                boundaries.insert(Int(range.lowerBound))
                if range.upperBound < 0xFFFF { boundaries.insert(Int(range.upperBound) + 1) }
            }
        }
        let starts = boundaries.sorted()
        // Intervals that belong to the same sets share a class.
        var classBySignature: [[Bool]: UInt8] = [:]
        var representatives: [UInt16] = []
        var classOfInterval: [UInt8] = []
        for start in starts {
            let unit = UInt16(start)
            let signature = sets.map { $0.contains(unit) }
            if let known = classBySignature[signature] {
                classOfInterval.append(known)
                continue
            }
            guard representatives.count < Self.maximumCount else { return nil }
            let number = UInt8(representatives.count)
            classBySignature[signature] = number
            representatives.append(unit)
            classOfInterval.append(number)
        }
        var ascii = [UInt8](repeating: 0, count: 128)
        var intervalStarts: [UInt16] = []
        var intervalClasses: [UInt8] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : 0x10000
            if start < 128 {
                for unit in start..<min(end, 128) { ascii[unit] = classOfInterval[index] }
            } else {
                intervalStarts.append(UInt16(start))
                intervalClasses.append(classOfInterval[index])
            }
        }
        self.count = representatives.count
        self.representatives = representatives
        self.asciiClasses = ascii
        self.intervalStarts = intervalStarts
        self.intervalClasses = intervalClasses
    }

    /// The class of `unit`.
    @inline(__always)
    func classOf(_ unit: UInt16) -> Int {
        if unit < 128 { return Int(asciiClasses[Int(unit)]) }
        // The last interval starting at or below `unit`; the first starts at 128.
        var low = 0
        var high = intervalStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if intervalStarts[middle] <= unit { low = middle } else { high = middle }
        }
        return Int(intervalClasses[low])
    }
}
