import Experiments
import FlowReports

extension ConfigFieldReader {
    /// CUPED's `{"lookbackDays": n}`, an experiment's `analysis.cuped` or a metric's own `cuped`, the lookback
    /// refused at its own path.
    func regressionAdjustment(_ json: JSONValue, at path: JSONPath) -> RegressionAdjustmentSettings? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: [RegressionAdjustmentSettings.lookbackDaysKey], at: path)
        return field(object, RegressionAdjustmentSettings.lookbackDaysKey, at: path, required: true) { json, path -> RegressionAdjustmentSettings? in
            guard let days = self.integer(json, at: path) else { return nil }
            do throws(RegressionAdjustmentSettings.Invalid) {
                return try RegressionAdjustmentSettings(lookbackDays: days)
            } catch {
                self.report(path, error.description)
                return nil
            }
        }
    }
}
