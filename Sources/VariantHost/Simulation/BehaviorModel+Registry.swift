import VariantKit

/// Checking a behaviour model's names against the app and variants it will drive.
extension BehaviorModelLoader {
    /// Loads the model in the file at `path` and checks it against `registry`: every screen it names must be one
    /// the registry's app shows, and every variant one the registry holds, so a typo is an error, not a screen
    /// whose behaviour is silently the default.
    package static func load(contentsOf path: String, for registry: VariantRegistry) throws(ModelFileError) -> BehaviorModel {
        let model = try load(contentsOf: path)
        let issues = unknownNames(in: model, for: registry)
        guard issues.isEmpty else { throw ModelFileError(file: path, issues: issues) }
        return model
    }

    /// The screens and variants `model` names that `registry` does not know, with their paths, sorted by path.
    static func unknownNames(in model: BehaviorModel, for registry: VariantRegistry) -> [ModelIssue] {
        let screens = Set(registry.app.screenNames)
        let screenMessage = "unknown screen; the \(registry.app.name) app shows: \(registry.app.screenNames.joined(separator: ", "))"
        var issues: [ModelIssue] = []
        for name in model.screens.keys where !screens.contains(name) {
            issues.append(ModelIssue(path: "screens.\(shortened(name))", message: screenMessage))
        }
        for (variant, overrides) in model.variantScreens {
            if registry.variant(id: variant) == nil {
                let known = registry.variants.map { $0.id }.joined(separator: ", ")
                issues.append(ModelIssue(path: "variants.\(shortened(variant))", message: "unknown variant; expected one of: \(known)"))
            }
            for name in overrides.keys where !screens.contains(name) {
                issues.append(ModelIssue(path: "variants.\(shortened(variant)).\(shortened(name))", message: screenMessage))
            }
        }
        return issues.sorted { $0.path < $1.path }
    }
}
