import BenchmarkSupport
import FlowEvents
import Foundation

/// Times the event-log readers on a generated log:
/// `swift run -c release --package-path Benchmarks ReaderBenchmark [--events N] [--skip-jsondecoder] [--log PATH]`;
/// with `--log`, an existing log is read instead of a generated one.

/// The process's CPU time (user and system, all threads) so far, in seconds.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Wall-clock and CPU seconds one run of `work` took.
struct Timing {
    var wallSeconds: Double
    var cpuSeconds: Double
}

/// Runs `work` `runs` times and keeps the fastest run: the machine is shared, and the fastest
/// run is the one least disturbed by other processes.
func fastestTiming(runs: Int, _ work: () throws -> Void) rethrows -> Timing {
    var best = Timing(wallSeconds: .infinity, cpuSeconds: .infinity)
    for _ in 0..<max(runs, 1) {
        let startCPU = processCPUSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if wall < best.wallSeconds { best = Timing(wallSeconds: wall, cpuSeconds: processCPUSeconds() - startCPU) }
    }
    return best
}

func formatted(_ value: Double, decimals: Int = 2) -> String {
    String(format: "%.\(decimals)f", value)
}

func peakText() -> String {
    ResidentMemory.highWaterMarkMiB().map { "\(formatted($0, decimals: 1)) MiB" } ?? "unknown"
}

func rateText(events: Int, _ timing: Timing) -> String {
    let rate = Double(events) / timing.wallSeconds
    return "\(formatted(rate / 1e6)) M lines/s (\(formatted(timing.wallSeconds, decimals: 3)) s wall, \(formatted(timing.cpuSeconds, decimals: 3)) s CPU)"
}

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let flag = arguments.firstIndex(of: name), flag + 1 < arguments.count else { return nil }
    return arguments[flag + 1]
}

let eventCount = option("--events").flatMap { Int($0) }.map { max($0, 1) } ?? 2_000_000
let runs = option("--runs").flatMap { Int($0) }.map { max($0, 1) } ?? 3
let decoderSampleLines = 200_000
let givenLog = option("--log")
let path = givenLog ?? NSTemporaryDirectory() + "reader-benchmark-\(getpid()).jsonl"
defer { if givenLog == nil { unlink(path) } }
if givenLog == nil {
    let byteCount = try BenchmarkLog.write(eventCount: eventCount, to: path)
    print("log: \(eventCount) events, \(formatted(Double(byteCount) / 1_048_576, decimals: 1)) MiB, \(byteCount / eventCount) bytes/line average")
} else {
    print("log: \(path)")
}
print("best of \(runs) runs for (b) and (c); (a) decodes the first \(decoderSampleLines) lines once; peak RSS per phase")

// (b) The fast reader on the calling thread.
ResidentMemory.resetHighWaterMark()
var sequentialChecksum = OrderChecksum()
var sequentialSummary = ReadSummary()
let sequentialTiming = try fastestTiming(runs: runs) {
    sequentialChecksum = OrderChecksum()
    sequentialSummary = try FlowEventReader(paths: [path]).read { sequentialChecksum.add($0) }
}
let sequentialRate = Double(sequentialSummary.eventCount) / sequentialTiming.wallSeconds
print("(b) FlowEventReader.read: \(rateText(events: sequentialSummary.eventCount, sequentialTiming)), peak RSS \(peakText())")

// (c) The parallel reader, batches consumed in file order.
ResidentMemory.resetHighWaterMark()
var parallelChecksum = OrderChecksum()
var parallelSummary = ReadSummary()
let parallelTiming = try fastestTiming(runs: runs) {
    parallelChecksum = OrderChecksum()
    parallelSummary = try FlowEventReader(paths: [path]).readParallel(workers: 2) { batch in
        for event in batch { parallelChecksum.add(event) }
    }
}
let parallelRate = Double(parallelSummary.eventCount) / parallelTiming.wallSeconds
print("(c) readParallel(2):      \(rateText(events: parallelSummary.eventCount, parallelTiming)), peak RSS \(peakText()), \(formatted(parallelRate / sequentialRate))x (b)")

// (a) JSONDecoder on each line of a sample: too slow to wait for on the whole log. Run last
// so that its memory does not count in the other phases' peaks.
if !CommandLine.arguments.contains("--skip-jsondecoder") {
    var sampleLines: [[UInt8]] = []
    _ = try FlowEventReader(paths: [path]).read { event in
        if sampleLines.count < decoderSampleLines { sampleLines.append(Array(JSONLineEncoder.line(for: event).utf8.dropLast())) }
    }
    ResidentMemory.resetHighWaterMark()
    let decoder = JSONDecoder()
    var decoderEvents = 0
    let decoderTiming = fastestTiming(runs: 1) {
        for line in sampleLines {
            if let mirror = try? decoder.decode(DecodableEventMirror.self, from: Data(line)), mirror.event != nil {
                decoderEvents += 1
            }
        }
    }
    let decoderRate = Double(decoderEvents) / decoderTiming.wallSeconds
    print("(a) JSONDecoder:          \(rateText(events: decoderEvents, decoderTiming)), peak RSS \(peakText()) (sample held in memory)")
    let decoderCPURate = Double(decoderEvents) / decoderTiming.cpuSeconds
    let sequentialCPURate = Double(sequentialSummary.eventCount) / sequentialTiming.cpuSeconds
    print("speed-up over JSONDecoder by wall time: (b) \(formatted(sequentialRate / decoderRate, decimals: 1))x, (c) \(formatted(parallelRate / decoderRate, decimals: 1))x; by CPU time: (b) \(formatted(sequentialCPURate / decoderCPURate, decimals: 1))x")
}

let agree = sequentialChecksum == parallelChecksum && sequentialSummary == parallelSummary
print("events: \(sequentialSummary.eventCount) read; sequential and parallel \(agree ? "agree" : "DISAGREE"); \(sequentialSummary)")
