/// The one place FlowReports touches memory through pointers: an array's elements lent in place, so that
/// tallying every user after a read does not copy each user's record (and retain everything in it). No other
/// file of the module holds a pointer.
///
/// Debug builds, which run the whole test suite, check every index against the elements lent; release builds
/// compile the checks (`assert`s) away.
enum RawMemory {}

extension RawMemory {
    /// An array's elements, read in place: an element's property is read without copying the element, as
    /// reading an array's element would when the reader then calls code the compiler cannot see through. Valid
    /// while the closure it was lent to runs (see `Array.withBorrowedElements(_:)`).
    struct BorrowedElements<Element>: RandomAccessCollection {
        private let buffer: UnsafeBufferPointer<Element>

        /// The elements of `buffer`, which must stay valid while the view is used.
        fileprivate init(_ buffer: UnsafeBufferPointer<Element>) {
            self.buffer = buffer
        }

        var startIndex: Int { 0 }
        var endIndex: Int { buffer.count }

        /// The element at `position`, borrowed in place.
        subscript(position: Int) -> Element {
            @inline(__always) unsafeAddress {
                assert(position >= 0 && position < buffer.count, "element \(position) of \(buffer.count)")
                return buffer.baseAddress.unsafelyUnwrapped + position
            }
        }
    }
}

extension Array {
    /// Lends the array's elements to `body`, to be read in place.
    func withBorrowedElements<Result>(_ body: (RawMemory.BorrowedElements<Element>) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(RawMemory.BorrowedElements($0)) }
    }
}
