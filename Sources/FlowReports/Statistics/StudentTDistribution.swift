/// Student's t distribution, through the regularized incomplete beta function.
package enum StudentTDistribution {
    /// P(|T| ≥ |t|) for `degreesOfFreedom` > 0: I_{ν/(ν+t²)}(ν/2, ½). 1 for t = 0, 0 for infinite t.
    package static func twoSidedSurvival(_ t: Double, degreesOfFreedom: Double) -> Double {
        guard !t.isNaN, degreesOfFreedom > 0 else { return .nan }
        guard t.isFinite else { return 0 }
        let x = degreesOfFreedom / (degreesOfFreedom + t * t)
        let complement = t * t / (degreesOfFreedom + t * t)
        return min(1, max(0, BetaFunction.regularizedIncomplete(x: x, a: degreesOfFreedom / 2, b: 0.5, complement: complement)))
    }

    /// The t with P(|T| ≥ t) = `probability`: the two-sided critical value, found by bisection on
    /// ``twoSidedSurvival(_:degreesOfFreedom:)`` to the precision of a double.
    package static func twoSidedCriticalValue(_ probability: Double, degreesOfFreedom: Double) -> Double {
        guard probability > 0, probability < 1, degreesOfFreedom > 0 else { return .nan }
        var low = 0.0
        var high = 1.0
        while twoSidedSurvival(high, degreesOfFreedom: degreesOfFreedom) > probability, high < 1e300 {
            high *= 2
        }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { break }
            if twoSidedSurvival(middle, degreesOfFreedom: degreesOfFreedom) > probability {
                low = middle
            } else {
                high = middle
            }
        }
        return (low + high) / 2
    }
}
