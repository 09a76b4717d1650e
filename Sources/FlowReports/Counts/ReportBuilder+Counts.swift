extension ReportBuilder {
    /// Builds the `report` of the aggregates an SQL engine counted with ``AggregateQuery``: the same report,
    /// in every format, that ``report(from:inputs:diagnostics:)`` gives on the events the engine read, except
    /// for `inputs` and the diagnostics only a reader of the lines can make (malformed lines, events out of order).
    ///
    /// - Throws: ``AggregateCountsError`` for counts that contradict the configuration, ``ReportError`` when
    ///   `--experiment` or `--control` name something the counts do not contain.
    public static func report(
        fromCounts file: AggregateCountsFile, options: ReportOptions, inputs: [String]
    ) throws -> Report {
        let counts = try AggregateCounts(file, options: options)
        var notes: [String] = []
        if counts.duplicateEvents > 0 {
            notes.append(duplicatesNote(events: counts.duplicateEvents))
        }
        if counts.incompleteExposures > 0 {
            notes.append("\(counts.incompleteExposures) exposure events without experiment or variant ignored")
        }
        let exposedKeys = Set(counts.experiments.keys)
        var keys = exposedKeys.sorted()
        if let selected = options.experiment {
            guard keys.contains(selected) || options.experiments[selected] != nil else {
                throw ReportError.unknownExperiment(selected, known: keys)
            }
            keys = [selected]
        } else if keys.isEmpty {
            notes.append("no exposure events found: nothing to compare (logs of `run --variant` and `simulate --variant` hold assignments; use `compare`)")
        }
        var experiments: [ExperimentReport] = []
        for key in keys {
            experiments.append(try experimentReport(
                key: key, aggregates: counts.experiments[key], options: options, exposedKeys: exposedKeys, notes: &notes
            ))
        }
        return Report(
            mode: .report, alpha: options.settings.effectiveAlpha, inputs: inputs, diagnostics: notes,
            duplicateEvents: counts.duplicateEvents, experiments: experiments
        )
    }
}
