import SeededRandom
import Testing
@testable import FlowEvents

@Suite("Damaged lines never crash the reader, and the scanner never accepts what the parser reads differently")
struct MutatedLineTests {
    @Test("random byte damage to canonical lines: the scanner accepts a line only as the full parser reads it")
    func scannerAgreesWithParserOnDamagedLines() {
        var random = SplitMix64(seed: 31)
        let replacements: [UInt8] = Array(#"{}[]":,\ 0123456789abcnlru-"#.utf8) + [0x00, 0x0A, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        let decoder = EventLineDecoder()
        var accepted = 0
        for event in EventCorpus.events(count: 3000, seed: 32) {
            var bytes = Array(LineDecoding.canonicalLine(event).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = replacements.randomElement(using: &random)!
                case 1: bytes.remove(at: position)
                default: bytes.insert(replacements.randomElement(using: &random)!, at: position)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            let scanned = bytes.withByteView { decoder.canonicalEvent(in: $0) }
            let parsed = bytes.withByteView { EventLineDecoder.fullParserOutcome(of: $0) }
            if let scanned {
                accepted += 1
                #expect(parsed == .event(scanned), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // Many damaged lines stay canonical (a changed letter in a value), so both paths are compared.
        #expect(accepted > 300)
    }
}
