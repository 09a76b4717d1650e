import Experiments
import FlowMapping
import Foundation

/// What a command hands the worker that explores its flows: the bytes of every file the command has read, and the
/// combinations to map as failed. The worker reads its inputs from these bytes, never from their paths again: a
/// FIFO, `/dev/stdin` or a process substitution gives its bytes once, and a file that changed since would make the
/// worker's map disagree with the command's report.
struct WorkerHandover: Codable {
    /// One file read, and what it gave.
    struct File: Codable {
        /// The path, as the command named it.
        var path: String
        /// Its bytes; nil when it could not be read.
        var bytes: Data?
        /// Why it could not be read; nil when it was.
        var failure: String?
    }

    /// Every file the command read, in the order read.
    var files: [File]
    /// The combinations to map as failed, each as `ExplorationSkip.encoded`.
    var skips: [String]

    /// The handover of the files `snapshots` kept and of `skips`.
    init(snapshots: FileSnapshots?, skips: [ExplorationSkip]) {
        files = (snapshots?.outcomes ?? []).map { path, outcome in
            switch outcome {
            case .bytes(let bytes): File(path: path, bytes: bytes)
            case .failure(let reason): File(path: path, failure: reason)
            }
        }
        self.skips = skips.map(\.encoded)
    }

    /// The handover `bytes` encode.
    ///
    /// - Throws: `CommandError` for bytes that are not a handover.
    init(decoding bytes: [UInt8]) throws(CommandError) {
        do {
            self = try JSONDecoder().decode(WorkerHandover.self, from: Data(bytes))
        } catch {
            throw CommandError("the process exploring the flows was handed no readable handover: \(error)")
        }
    }

    /// The handover as bytes.
    var encoded: [UInt8] {
        // Strings and bytes only: nothing here can fail to encode.
        Array((try? JSONEncoder().encode(self)) ?? Data())
    }

    /// Snapshots that answer the worker's reads with the command's, and refuse any other path.
    var snapshots: FileSnapshots {
        FileSnapshots(handedOver: files.map { file in
            (file.path, file.bytes.map(FileSnapshots.Outcome.bytes) ?? .failure(file.failure ?? "could not be read"))
        })
    }

    /// The combinations to map as failed.
    var explorationSkips: [ExplorationSkip] {
        ExplorationSkip.decode(skips.joined(separator: "\n"))
    }
}
