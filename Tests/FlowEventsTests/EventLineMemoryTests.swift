@testable import FlowEvents
import Foundation
import Testing

/// The safe API of FlowEvents' one storage type: what its views and slots read and write. Its debug checks
/// trap, which a test cannot observe; every test here runs with them on.
@Suite("EventLineMemory: borrowed views and owned slots")
struct EventLineMemoryTests {
    @Test("a byte view reads bytes, ranges, words, prefixes and searches of its bytes only")
    func byteViewReads() {
        let bytes = Array("0123456789abcdef\nxyz".utf8)
        bytes.withByteView { view in
            #expect(view.count == bytes.count)
            #expect(Array(view) == bytes)
            #expect(Array(view.bytes(10..<16)) == Array("abcdef".utf8))
            #expect(view.load(UInt64.self, at: 3) == bytes[3..<11].reversed().reduce(0) { $0 << 8 | UInt64($1) })
            #expect(view.load(UInt16.self, at: 18) == UInt16(UInt8(ascii: "z")) << 8 | UInt16(UInt8(ascii: "y")))
            #expect(view.hasPrefix(ByteView("456"), at: 4))
            #expect(!view.hasPrefix(ByteView("xyz!"), at: 17))
            #expect(view.firstIndex(of: UInt8(ascii: "\n"), from: 0) == 16)
            #expect(view.firstIndex(of: UInt8(ascii: "\n"), from: 17) == nil)
            #expect(view.bytes(17..<20).hasSameBytes(as: ByteView("xyz")))
            #expect(view.copied() == bytes)
        }
    }

    @Test("a string's UTF-8 is lent in place or from a copy, the same bytes either way")
    func stringUTF8() {
        let native = "héllo, wörld"
        let bridged = NSString(string: "héllo, wörld") as String
        for text in [native, bridged, "", "short"] {
            #expect(ByteView.withUTF8(of: text) { $0.copied() } == Array(text.utf8))
        }
    }

    @Test("a collection is lent as a view only when it stores its bytes contiguously")
    func collectionsLentWhenContiguous() {
        #expect([UInt8](repeating: 7, count: 5).withByteViewIfAvailable { $0.count } == 5)
        #expect((0..<UInt8(5)).withByteViewIfAvailable { $0.count } == nil)
    }

    @Test("slots of bytes write through their room and read back through their views; a range moves to the start")
    func byteSlots() {
        let slots = FixedSlots<UInt8>(count: 32, repeating: 0)
        let room = slots.room(4..<20)
        room[0] = UInt8(ascii: "<")
        room.store(UInt64(0x4847_4645_4443_4241), at: 1)
        room.copy(ByteView("xyz"), at: 9)
        #expect(room.copy(contentsOf: ">".utf8, at: 12) == 1)
        #expect(slots.bytes(4..<17).copied() == Array("<ABCDEFGHxyz>".utf8))
        slots.moveToStart(4..<17)
        #expect(slots.bytes(0..<13).copied() == Array("<ABCDEFGHxyz>".utf8))
        #expect(slots.view[0] == UInt8(ascii: "<"))
    }

    @Test("slots of any element are read and written in place, through any view of them")
    func elementSlots() {
        let slots = FixedSlots<String?>(count: 4, repeating: nil)
        let view = slots.view
        view[2] = "two"
        view[2]?.append("!")
        #expect(slots.view[2] == "two!")
        #expect(view[0] == nil && view[3] == nil)
        #expect(slots.count == 4 && view.count == 4)
    }

    /// An object whose release a test can see through a weak reference.
    final class Held {}

    @Test("the owner of slots releases their elements when it goes, and not before")
    func ownerReleasesElements() {
        weak var released: Held?
        /// Puts a new object in slots that go when this returns; whether the slots held it until then.
        func holdInSlots() -> Bool {
            let slots = FixedSlots<Held?>(count: 2, repeating: nil)
            slots.view[1] = Held()
            released = slots.view[1]
            return released != nil
        }
        #expect(holdInSlots(), "the slots hold the element while their owner lives")
        #expect(released == nil, "the owner's deinit deinitialized the elements")
    }

    @Test("an array lends its bytes to write, and a value its bytes in memory order")
    func writingBorrowedBytes() {
        var bytes = [UInt8](repeating: 0, count: 4)
        bytes.withMutableByteView { view in view.bytes(1..<3)[1] = 9 }
        #expect(bytes == [0, 0, 9, 0])
        var word: UInt32 = 0
        MutableByteView.withBytes(of: &word) { $0[0] = 1 }
        #expect(word == UInt32(1).littleEndian)
        #expect(ByteView.withBytes(of: UInt16(0x0201).littleEndian) { $0.copied() } == [1, 2])
    }

    @Test("a string is made from the bytes written into its room")
    func strings() {
        #expect(DecimalText.string("user-", -42, "!") == "user--42!")
        #expect(MutableByteView.string(utf8Capacity: 8) { $0.copy(contentsOf: "abc".utf8, at: 0) } == "abc")
    }

    @Test("files are read into rooms and written from views with one system call each")
    func systemCalls() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("raw-memory-\(UUID()).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(ByteView("hello\n").write(toFile: descriptor) == 6)
        #expect(EventLineMemory.byte(at: 5, ofFile: descriptor) == UInt8(ascii: "\n"))
        #expect(EventLineMemory.byte(at: 6, ofFile: descriptor) == nil)
        #expect(lseek(descriptor, 0, SEEK_SET) == 0)
        var bytes = [UInt8](repeating: 0, count: 8)
        #expect(bytes.withMutableByteView { $0.read(fromFile: descriptor) } == 6)
        #expect(bytes == Array("hello\n".utf8) + [0, 0])
    }
}
