#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a signal handler may write, and the one place FlowMapping touches memory through pointers: the records ``ExplorationWatch`` keeps for a
/// signal handler to write, and the `write(2)` calls that write them and the text around them. No other
/// file of the module holds a pointer (it writes event lines through FlowEvents' `LineBuffer`).
///
/// Everything here may run inside a signal handler: it allocates nothing and calls nothing but `write(2)`.
/// Debug builds, which run the whole test suite, check every byte written into a record against its
/// capacity; release builds compile the checks (`assert`s) away.
enum SignalSafeOutput {
    /// Bytes at a fixed address for the life of the process, written by one thread and written out by a
    /// signal handler or a watchdog thread, neither of which may allocate.
    struct SignalSafeBytes {
        private let base: UnsafeMutablePointer<UInt8>
        /// How many bytes there are.
        let capacity: Int

        /// Allocates `capacity` bytes, all zero, never freed: the records live as long as the process.
        init(capacity: Int) {
            precondition(capacity > 0, "SignalSafeBytes needs at least one byte")
            base = .allocate(capacity: capacity)
            base.initialize(repeating: 0, count: capacity)
            self.capacity = capacity
        }

        /// The byte at `offset`.
        subscript(offset: Int) -> UInt8 {
            get {
                assert(offset >= 0 && offset < capacity, "byte \(offset) of \(capacity)")
                return base[offset]
            }
            nonmutating set {
                assert(offset >= 0 && offset < capacity, "byte \(offset) of \(capacity)")
                base[offset] = newValue
            }
        }

        /// Writes the first `count` bytes to the file open as `descriptor`, with one `write(2)`.
        func write(first count: Int, toFile descriptor: Int32) {
            assert(count >= 0 && count <= capacity, "\(count) bytes of \(capacity)")
            _ = systemWrite(descriptor, base, count)
        }
    }

    /// Writes `text` to the file open as `descriptor`, with one `write(2)`.
    static func write(_ text: StaticString, toFile descriptor: Int32) {
        assert(text.hasPointerRepresentation, "a literal of one Unicode scalar has no bytes to write")
        _ = systemWrite(descriptor, text.utf8Start, text.utf8CodeUnitCount)
    }

    /// Writes `byte` to the file open as `descriptor`, with one `write(2)`.
    static func write(byte: UInt8, toFile descriptor: Int32) {
        var byte = byte
        _ = systemWrite(descriptor, &byte, 1)
    }

    /// Writes the decimal digits of `value` (not negative) to the file open as `descriptor`, formatted on the
    /// stack and written with one `write(2)`; a value of more than ten digits loses its leading ones.
    static func write(decimal value: Int, toFile descriptor: Int32) {
        assert(value >= 0, "negative value \(value)")
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var rest = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[9 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0 && count < 10
            _ = systemWrite(descriptor, buffer.baseAddress.unsafelyUnwrapped + (10 - count), count)
        }
    }
}

/// The system's `write(2)`, under a name apart from SignalSafeOutput's methods of the same name.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
