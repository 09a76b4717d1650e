import Foundation

/// Koopman's score interval of the ratio θ = rT / rC of two binomial rates (Koopman 1984; Miettinen and Nurminen 1985
/// without their n/(n − 1) factor): every θ whose score statistic is within ∓z.
///
/// With x of n passing in each arm, the score statistic at θ is
/// `S(θ) = (x_T/n_T − θ·x_C/n_C) / √(r̃_T(1 − r̃_T)/n_T + θ²·r̃_C(1 − r̃_C)/n_C)`, where `r̃_C` is the maximum-likelihood rate
/// of control under rT = θ·rC, the root `2C / (−B + √(B² − 4AC))` of `A·r² + B·r + C` with `A = (n_T + n_C)·θ`,
/// `B = −(n_T·θ + x_T + n_C + x_C·θ)`, `C = x_T + x_C`, and `r̃_T = θ·r̃_C`. `S` decreases in θ; at θ = 1 it is the pooled
/// two-proportion z statistic, so the interval excludes 1 exactly when the pooled z-test's p-value is below alpha.
/// It stays honest where the delta method does not: at rates of 0 or 1 (the bound there is 0 or unbounded) and with few
/// passes or failures.
enum RateRatioScoreInterval {
    /// The interval at critical value `z`: [0, …] when no treatment user passed, unbounded above when no control user did,
    /// and unbounded on a side whose bound lies more than e^64 away from the estimate.
    static func interval(treatment: StepArmPassage, control: StepArmPassage, criticalValue z: Double) -> StepRatioInterval {
        let counts = Counts(treatment: treatment, control: control)
        let center = log((counts.treatmentPassed + 0.5) / (counts.treatmentReached + 1))
            - log((counts.controlPassed + 0.5) / (counts.controlReached + 1))
        let lower = treatment.passed == 0 ? nil : root(of: counts, target: z, from: center)
        let upper = control.passed == 0 ? nil : root(of: counts, target: -z, from: center)
        return StepRatioInterval(lower: lower.map { exp($0) } ?? 0, upper: upper.map { exp($0) }.flatMap { $0.isFinite ? $0 : nil })
    }

    /// S(e^logRatio), the score statistic at θ = e^logRatio.
    static func statistic(logRatio: Double, treatment: StepArmPassage, control: StepArmPassage) -> Double {
        statistic(logRatio: logRatio, Counts(treatment: treatment, control: control))
    }

    private struct Counts {
        let treatmentPassed, treatmentReached, controlPassed, controlReached: Double

        init(treatment: StepArmPassage, control: StepArmPassage) {
            treatmentPassed = Double(treatment.passed)
            treatmentReached = Double(treatment.reached)
            controlPassed = Double(control.passed)
            controlReached = Double(control.reached)
        }
    }

    private static func statistic(logRatio: Double, _ counts: Counts) -> Double {
        let theta = exp(logRatio)
        let a = (counts.treatmentReached + counts.controlReached) * theta
        let b = -(counts.treatmentReached * theta + counts.treatmentPassed + counts.controlReached + counts.controlPassed * theta)
        let c = counts.treatmentPassed + counts.controlPassed
        let discriminant = max(b * b - 4 * a * c, 0)
        let controlRate = 2 * c / (-b + discriminant.squareRoot())
        let treatmentRate = min(theta * controlRate, 1)
        let variance = treatmentRate * (1 - treatmentRate) / counts.treatmentReached
            + theta * theta * controlRate * (1 - controlRate) / counts.controlReached
        let difference = counts.treatmentPassed / counts.treatmentReached - theta * counts.controlPassed / counts.controlReached
        guard variance > 0, variance.isFinite else { return difference == 0 ? 0 : difference > 0 ? .infinity : -.infinity }
        return difference / variance.squareRoot()
    }

    /// The log θ at which the decreasing S crosses `target`, bracketed from `center` by doubling steps up to 64 away,
    /// then bisected to the last bit; nil when S does not cross within that range (the side is then unbounded).
    private static func root(of counts: Counts, target: Double, from center: Double) -> Double? {
        // Above: S > target (below the root); below: S ≤ target.
        var above: Double
        var below: Double
        if statistic(logRatio: center, counts) > target {
            above = center
            var step = 0.25
            while true {
                let trial = center + step
                if statistic(logRatio: trial, counts) <= target { below = trial; break }
                above = trial
                step *= 2
                if step > 64 { return nil }
            }
        } else {
            below = center
            var step = 0.25
            while true {
                let trial = center - step
                if statistic(logRatio: trial, counts) > target { above = trial; break }
                below = trial
                step *= 2
                if step > 64 { return nil }
            }
        }
        for _ in 0..<200 {
            let middle = (above + below) / 2
            if middle == above || middle == below { break }
            if statistic(logRatio: middle, counts) > target { above = middle } else { below = middle }
        }
        return (above + below) / 2
    }
}
