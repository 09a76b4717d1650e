import BenchmarkSupport
import FlowReports

/// How often "significant" shows up when an experiment is looked at repeatedly, with and without sequential testing:
/// `swift run -c release --package-path Benchmarks PeekingBenchmark [--runs 1000] [--users 1500] [--looks 10] [--rate 0.6] [--effect 0.05]
/// [--alpha 0.05] [--tuning 5000] [--seed 1]`.
///
/// Each run draws `users` users per arm, converting with probability `rate` (A/A) or `rate + effect` in the
/// treatment (planted effect), and analyses the counts with Switchyard's statistics (`ExperimentStatistics`, as
/// `report` does) after every `users / looks` users per arm. A run is a false positive when any look is significant
/// in an A/A run; power is the share of planted-effect runs significant at the last look (fixed horizon, read once)
/// or at any look (sequential, read at every look).

let runs = max(1, Int(numericOption("--runs", default: 1000)))
let users = max(10, Int(numericOption("--users", default: 1500)))
let looks = max(1, Int(numericOption("--looks", default: 10)))
let rate = numericOption("--rate", default: 0.6)
let effect = numericOption("--effect", default: 0.05)
let alpha = numericOption("--alpha", default: 0.05)
let tuning = numericOption("--tuning", default: TestingMethod.defaultTuningUsers)
let seed = UInt64(numericOption("--seed", default: 1))

/// Significance at each look of one run, for one testing method.
struct Outcome {
    var anyLook = false
    var lastLook = false
}

/// One simulated experiment, analysed at every look by both methods.
func run(treatmentRate: Double, generator: inout WyRandGenerator) -> (fixed: Outcome, sequential: Outcome) {
    var control = ArmCounts(users: 0, conversions: 0)
    var treatment = ArmCounts(users: 0, conversions: 0)
    var fixed = Outcome()
    var sequential = Outcome()
    for look in 1...looks {
        let target = users * look / looks
        while control.users < target {
            control.users += 1
            if generator.nextFraction() < rate { control.conversions += 1 }
            treatment.users += 1
            if generator.nextFraction() < treatmentRate { treatment.conversions += 1 }
        }
        for (method, isSequential) in [(TestingMethod.fixedHorizon, false), (TestingMethod.sequential(tuningUsers: tuning), true)] {
            let analysis = ExperimentStatistics.analyze(
                control: ("control", control), treatments: [("treatment", treatment)], weights: nil,
                settings: ComparisonSettings(alpha: alpha, method: method)
            )
            let significant = analysis.comparisons[0].isSignificant
            if isSequential {
                sequential.anyLook = sequential.anyLook || significant
                if look == looks { sequential.lastLook = significant }
            } else {
                fixed.anyLook = fixed.anyLook || significant
                if look == looks { fixed.lastLook = significant }
            }
        }
    }
    return (fixed, sequential)
}

func percent(_ count: Int) -> String {
    let value = Double(count) / Double(runs) * 100
    let rounded = (value * 10).rounded() / 10
    return "\(rounded)%"
}

var aaFixedAny = 0, aaFixedLast = 0, aaSequentialAny = 0
var powerFixedLast = 0, powerSequentialAny = 0, powerSequentialLast = 0
var generator = WyRandGenerator(seed: seed)
for _ in 0..<runs {
    let aa = run(treatmentRate: rate, generator: &generator)
    if aa.fixed.anyLook { aaFixedAny += 1 }
    if aa.fixed.lastLook { aaFixedLast += 1 }
    if aa.sequential.anyLook { aaSequentialAny += 1 }
    let planted = run(treatmentRate: rate + effect, generator: &generator)
    if planted.fixed.lastLook { powerFixedLast += 1 }
    if planted.sequential.anyLook { powerSequentialAny += 1 }
    if planted.sequential.lastLook { powerSequentialLast += 1 }
}

print("\(runs) runs per population, \(users) users per arm, \(looks) looks, conversion \(rate), alpha \(alpha), sequential tuning \(tuning) users")
print("A/A false positives:")
print("  fixed horizon, significant at any look:  \(percent(aaFixedAny))")
print("  fixed horizon, at the last look only:     \(percent(aaFixedLast))")
print("  sequential, significant at any look:      \(percent(aaSequentialAny))")
print("planted effect +\(effect), share of runs detecting it (power):")
print("  fixed horizon, read once at the last look: \(percent(powerFixedLast))")
print("  sequential, significant at any look:       \(percent(powerSequentialAny))")
print("  sequential, at the last look:              \(percent(powerSequentialLast))")
