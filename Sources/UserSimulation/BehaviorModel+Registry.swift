import Experiments
import Foundation
import VariantHost
import VariantKit

/// Checking a behaviour model's names against the app and variants it will drive.
extension BehaviorModelLoader {
    /// Loads the model in the file at `path` and checks it against `registry`: every screen it names must be one
    /// the registry's app shows, and every variant one the registry holds, so a typo is an error, not a screen
    /// whose behaviour is silently the default.
    ///
    /// Every problem of its form and its names is reported at once.
    package static func load(contentsOf path: String, for registry: VariantRegistry) throws(ModelFileError) -> BehaviorModel {
        let (model, issues) = formAndNames(contentsOf: path, for: registry)
        guard let model, issues.isEmpty else { throw ModelFileError(file: path, issues: issues) }
        return model
    }

    /// Every problem of the model file at `path` at once, as `validate` reports them: its form, the screens and
    /// variants it names that `registry` does not know, and the choices the flows can never take
    /// (`unfireableFailureChoices(for:)`, `unusableFieldValues(for:)`), these checked on the parts of the model
    /// that are well formed and name what the app has. The model is nil when the file is no JSON object.
    package static func check(contentsOf path: String, for registry: VariantRegistry) -> (model: BehaviorModel?, issues: [ModelIssue]) {
        let (decoded, issues) = formAndNames(contentsOf: path, for: registry)
        guard let decoded else { return (nil, issues) }
        let shown = Set(registry.app.screenNames)
        var known = decoded
        known.screens = known.screens.filter { shown.contains($0.key) }
        known.variantScreens = known.variantScreens.filter { registry.variant(id: $0.key) != nil }.mapValues { $0.filter { shown.contains($0.key) } }
        return (decoded, issues + known.unfireableFailureChoices(for: registry) + known.unusableFieldValues(for: registry))
    }

    /// The model in the file at `path`, made of its well-formed parts (nil when the file is no JSON object), with
    /// every problem of its form, in document order, then every screen and variant it names that `registry` does
    /// not know, by path.
    private static func formAndNames(contentsOf path: String, for registry: VariantRegistry) -> (model: BehaviorModel?, issues: [ModelIssue]) {
        let root: JSONObject
        let data: Data
        do {
            data = try BoundedFile.contents(atPath: path, expected: "a JSON file")
        } catch {
            return (nil, [ModelIssue(path: "", message: error.reason)])
        }
        do {
            root = try document(data, file: path)
        } catch {
            return (nil, error.issues)
        }
        let (decoded, formIssues) = decode(root)
        // Names are read from the document, so that a screen whose behaviour is malformed is checked too.
        let screenNames = root["screens"]?.objectValue?.keys ?? []
        var variantScreenNames: [String: [String]] = [:]
        if let variants = root["variants"]?.objectValue {
            for variant in variants.keys {
                variantScreenNames[variant] = variants[variant]?.objectValue?.keys ?? []
            }
        }
        let dayVariants = root["days"]?.objectValue?["variants"]?.objectValue?.keys ?? []
        return (decoded, formIssues + unknownNames(screens: screenNames, variantScreens: variantScreenNames, for: registry)
            + unknownVariants(dayVariants, under: "days.variants", for: registry))
    }

    /// The variants of `names`, under `path`, that `registry` does not hold.
    private static func unknownVariants(_ names: [String], under path: String, for registry: VariantRegistry) -> [ModelIssue] {
        let known = registry.variants.map { $0.id }.joined(separator: ", ")
        return names.sorted().filter { registry.variant(id: $0) == nil }.map { name in
            ModelIssue(path: "\(path).\(shortened(name))", message: "unknown variant; expected one of: \(known)")
        }
    }

    /// The names of `screens` and of `variantScreens` (screens by variant) that `registry` does not know, with their
    /// paths, sorted by path.
    private static func unknownNames(screens named: [String], variantScreens: [String: [String]], for registry: VariantRegistry) -> [ModelIssue] {
        let screens = Set(registry.app.screenNames)
        let screenMessage = "unknown screen; the \(registry.app.name) app shows: \(registry.app.screenNames.joined(separator: ", "))"
        var issues: [ModelIssue] = []
        for name in named where !screens.contains(name) {
            issues.append(ModelIssue(path: "screens.\(shortened(name))", message: screenMessage))
        }
        for (variant, overrides) in variantScreens {
            issues += unknownVariants([variant], under: "variants", for: registry)
            for name in overrides where !screens.contains(name) {
                issues.append(ModelIssue(path: "variants.\(shortened(variant)).\(shortened(name))", message: screenMessage))
            }
        }
        return issues.sorted { $0.path < $1.path }
    }
}
