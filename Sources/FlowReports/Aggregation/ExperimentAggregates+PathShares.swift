extension ExperimentAggregates {
    /// The keys to compare, every path and screen left on that some variant's report keeps, and each variant's
    /// complete counts of them, keyed by the key's position in the first array.
    static func pathShares(of counts: [String: PathShareCounts]) -> (keys: [PathShareKey], counts: [String: ShareCounts]) {
        var pathKeys: [ExperimentExposures.PathKey] = []
        var keys: [PathShareKey] = []
        var seenPaths: Set<ExperimentExposures.PathKey> = []
        var leftOnKeys: [String] = []
        var seenLeftOn: Set<String> = []
        for variant in counts.keys.sorted() {
            guard let variantCounts = counts[variant] else { continue }
            for (key, screens) in variantCounts.keptPaths where seenPaths.insert(key).inserted {
                pathKeys.append(key)
                keys.append(PathShareKey(kind: .path, screens: screens, reachedGoal: key.reachedGoal))
            }
            for screen in variantCounts.keptLeftOn where seenLeftOn.insert(screen).inserted {
                leftOnKeys.append(screen)
            }
        }
        keys += leftOnKeys.map { PathShareKey(kind: .leftOn, screens: [$0], reachedGoal: nil) }
        let shares = counts.mapValues { variantCounts in
            var byKey: [String: Int] = [:]
            for (index, key) in pathKeys.enumerated() {
                byKey[String(index)] = variantCounts.paths[key] ?? 0
            }
            for (offset, screen) in leftOnKeys.enumerated() {
                byKey[String(pathKeys.count + offset)] = variantCounts.leftOn[screen] ?? 0
            }
            return ShareCounts(users: variantCounts.users, counts: byKey)
        }
        return (keys, shares)
    }
}
