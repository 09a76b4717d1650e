@testable import Experiments
import Foundation
import Testing

/// The safe API of Experiments' one storage type: what its views read and write. Its debug checks trap,
/// which a test cannot observe; every test here runs with them on.
@Suite("EvaluationMemory: borrowed bytes, code units, temporary slots and borrowed elements")
struct EvaluationMemoryTests {
    @Test("a text's code units are its UTF-16, read in place when ASCII and copied otherwise", arguments: [
        "", "plain ascii text, longer than eight bytes", "café", "😀 and 中文", "tail é",
    ])
    func codeUnits(text: String) {
        let bridged = NSString(string: text) as String
        for candidate in [text, bridged] {
            let units = EvaluationMemory.CodeUnits.with(candidate) { units in (0..<units.count).map { units[$0] } }
            #expect(units == Array(text.utf16))
        }
    }

    @Test("a byte view reads bytes and words and tells ASCII from the rest")
    func byteView() {
        [UInt8](repeating: 0x41, count: 11).withBorrowedBytes { view in
            #expect(view.count == 11 && view[10] == 0x41)
            #expect(view.load(UInt64.self, at: 3) == 0x4141_4141_4141_4141)
            #expect(view.isASCII())
        }
        #expect(Array("abcdefgh é".utf8).withBorrowedBytes { $0.isASCII() } == false)
        #expect(EvaluationMemory.BorrowedBytes.withUTF8IfAvailable(of: "id-42") { $0.count } == 5)
    }

    @Test("temporary slots start zero, and sub-slots write into their part of the block")
    func temporarySlots() {
        let (ints, words) = EvaluationMemory.withTemporarySlots(int32Count: 6, wordCount: 2) { ints, words in
            let upper = ints.slots(from: 3, count: 3)
            upper[0] = 7
            words[1] |= 1 << 63
            return ((0..<6).map { ints[$0] }, (0..<2).map { words[$0] })
        }
        #expect(ints == [0, 0, 0, 7, 0, 0])
        #expect(words == [0, 1 << 63])
    }

    @Test("an array's elements are lent in place, in order")
    func borrowedElements() {
        let names = ["a", "bb", "ccc"]
        #expect(names.withBorrowedElements { elements in elements.map(\.count) } == [1, 2, 3])
        #expect(names.withBorrowedElements { $0[2] } == "ccc")
    }

    @Test("bytes are written to a file from an offset with one system call")
    func writesFiles() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("raw-memory-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        #expect(Array("skip:kept".utf8).withBorrowedBytes { $0.write(from: 5, toFile: descriptor) } == 4)
        close(descriptor)
        #expect(FileManager.default.contents(atPath: path) == Data("kept".utf8))
    }
}
