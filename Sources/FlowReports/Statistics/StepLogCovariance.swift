/// The covariance of one arm's log step rates, by the delta method over the multinomial cells of how far each user got
/// and whether they converted.
///
/// Term t's log rate is `ln(x_t) − ln(m_t)`, each count a sum of cells, so its gradient on cell i (per user) is
/// `a_t(i) = [i counts in x_t]/x_t − [i counts in m_t]/m_t`, and with the cells' counts `c_i` the covariance of terms s
/// and t is `Σ_i c_i · a_s(i) · a_t(i)` (the multinomial `(diag(π) − ππᵀ)/N`; its `ππᵀ` part vanishes because every
/// gradient sums to 0 over the users). For a step, `x_t` holds the cells of furthest step t or later and `m_t` those of
/// t − 1 or later; for the goal, `x` holds the converted cells and `m` those of furthest step K.
///
/// For nested counts this is `1/x_t − 1/m_t` on the diagonal and 0 elsewhere: the step rates are uncorrelated, and
/// their variances add up to the end-to-end `1/g − 1/N`. A goal users reach without the last step correlates with the
/// steps, and only the full matrix adds up.
enum StepLogCovariance {
    /// The (K + 1) × (K + 1) matrix of `progress`'s terms; rows and columns of terms without a log rate in this arm
    /// (nobody at the step before, or nobody through) are 0. Empty for invalid counts.
    static func matrix(of progress: FunnelArmProgress) -> [[Double]] {
        let passages = progress.termPassages
        let steps = passages.count - 1
        guard steps >= 0 else { return [] }
        // Cells of at least one user: furthest step, converted, users.
        var cells: [(step: Int, converted: Bool, users: Double)] = []
        for step in 0...steps {
            if progress.notConverted[step] > 0 { cells.append((step, false, Double(progress.notConverted[step]))) }
            if progress.converted[step] > 0 { cells.append((step, true, Double(progress.converted[step]))) }
        }
        let gradients: [[Double]?] = passages.indices.map { index in
            let term = index + 1
            let passage = passages[index]
            guard passage.passed > 0, passage.reached > 0 else { return nil }
            let passed = Double(passage.passed)
            let reached = Double(passage.reached)
            return cells.map { cell in
                let inPassed = term <= steps ? cell.step >= term : cell.converted
                let inReached = term <= steps ? cell.step >= term - 1 : cell.step >= steps
                return (inPassed ? 1 / passed : 0) - (inReached ? 1 / reached : 0)
            }
        }
        var matrix = [[Double]](repeating: [Double](repeating: 0, count: passages.count), count: passages.count)
        for first in passages.indices {
            guard let firstGradient = gradients[first] else { continue }
            for second in first..<passages.count {
                guard let secondGradient = gradients[second] else { continue }
                var sum = 0.0
                for cell in cells.indices { sum += cells[cell].users * firstGradient[cell] * secondGradient[cell] }
                matrix[first][second] = sum
                matrix[second][first] = sum
            }
        }
        return matrix
    }
}
