import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Each message on standard error is written whole, so that processes sharing a terminal do not interleave.
@Suite("Error messages are written whole, end to end")
struct ErrorOutputTests {
    /// Runs `switchyard arguments...` with standard error a datagram socket, where every `write(2)` arrives as one
    /// datagram, and returns the datagrams in order.
    func errorWrites(_ arguments: [String]) throws -> [String] {
        var sockets: [Int32] = [0, 0]
        #if canImport(Glibc)
        let datagram = Int32(SOCK_DGRAM.rawValue)
        #else
        let datagram = SOCK_DGRAM
        #endif
        #expect(socketpair(AF_UNIX, datagram, 0, &sockets) == 0)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(fileDescriptor: sockets[1], closeOnDealloc: false)
        try process.run()
        process.waitUntilExit()
        close(sockets[1])
        var datagrams: [String] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(sockets[0], &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count > 0 else { break }
            datagrams.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
        close(sockets[0])
        return datagrams
    }

    @Test("a command error is one write of one whole line")
    func commandErrorIsOneWrite() throws {
        let writes = try errorWrites(["report", "/nonexistent/missing.jsonl"])
        #expect(writes == ["Error: /nonexistent/missing.jsonl: cannot open for reading: No such file or directory\n"])
    }

    @Test("a usage error is one write, message and usage together")
    func usageErrorIsOneWrite() throws {
        let writes = try errorWrites(["simulate", "--users", "many"])
        #expect(writes.count == 1)
        #expect(writes.first?.hasPrefix("Error: The value 'many' is invalid for '--users <users>'") == true)
        #expect(writes.first?.contains("Usage: switchyard simulate") == true)
    }
}
