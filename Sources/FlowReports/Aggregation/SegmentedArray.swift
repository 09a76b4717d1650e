/// A growable array kept in segments of a fixed size: appending never moves the elements already stored.
///
/// A plain array that grows one element at a time to millions copies itself at every doubling, into memory the
/// system must map and zero anew, and holds both copies meanwhile. The records of a large log's users are
/// appended that way for the whole read, on the one thread that counts; kept in segments, each record is
/// written once, where it stays, and no memory is touched but what is used.
struct SegmentedArray<Element>: RandomAccessCollection {
    /// Elements per segment, a power of two: a segment of user records is a megabyte or two.
    private static var segmentShift: Int { 13 }
    private static var segmentMask: Int { (1 << segmentShift) - 1 }

    /// Every segment is full but the last, each allocated at its full size when it was started.
    private var segments: [[Element]] = []
    private(set) var count = 0

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Appends `element` at position `count`.
    mutating func append(_ element: consuming Element) {
        if count & Self.segmentMask == 0 {
            segments.append([])
            segments[segments.count - 1].reserveCapacity(1 << Self.segmentShift)
        }
        segments[segments.count - 1].append(element)
        count += 1
    }

    /// The element at `position`, read and changed in place.
    subscript(position: Int) -> Element {
        _read {
            yield segments[position >> Self.segmentShift][position & Self.segmentMask]
        }
        _modify {
            yield &segments[position >> Self.segmentShift][position & Self.segmentMask]
        }
    }
}

extension SegmentedArray: Sendable where Element: Sendable {}
