import Foundation

/// The package `switchyard init` writes: a small app of three screens (a welcome, an address form and a
/// confirmation), its model and service, headless screens, its `HostedApp` type and variant templates;
/// the registry target, the host executable, the configuration and the tests; and a manifest that
/// names them. Its two variants are then made by add-variant's own code from the templates.
///
/// The files are written as a team would write them (they copy them), with marked names substituted for those
/// that depend on the request: `__App__` the app's type (`MyApp`), `__app__` its id (`my-app`),
/// `__package__` the package, `__host__` the host executable, and in the manifest the Switchyard dependency.
struct StarterPackage {
    /// The app's id, such as `my-app`.
    var appID: String
    /// The package's name, such as `my-flows`.
    var packageName: String
    /// The `.package(...)` expression of the Switchyard dependency.
    var switchyardPackage: String
    /// The dependency's package identity, which product and plugin references name.
    var switchyardIdentity: String

    /// The app's type, such as `MyApp`; its module is this followed by `App`.
    var appType: String { StarterNames.appType(of: appID) }
    /// The host executable's name, such as `my-flows-switchyard`.
    var hostExecutable: String { "\(packageName)-switchyard" }

    /// The slot the starter's variants fill.
    static let slot = "signup-flow"
    /// The variants `init` makes from the templates, in order (the first is the slot's default), with their summaries.
    static let variants: [(id: String, summary: String)] = [
        ("welcome-first", "The welcome first, then the address form"),
        ("email-first", "The address form at once, no welcome"),
    ]

    /// Every file, in the order written, its marked names substituted.
    var files: [StarterFile] {
        ([Self.manifest] + Self.appFiles + Self.modelFiles + Self.screenFiles + Self.templateFiles + Self.configurationFiles
            + Self.hostFiles + Self.testFiles).map(filled)
    }

    /// The coordinator of the second variant, its marked names filled in.
    var emailFirstCoordinator: StarterFile { filled(Self.emailFirstCoordinator) }

    private func filled(_ file: StarterFile) -> StarterFile {
        StarterFile(fill(file.path), fill(file.text))
    }

    private func fill(_ text: String) -> String {
        text.replacingOccurrences(of: "__App__", with: appType)
            .replacingOccurrences(of: "__app__", with: appID)
            .replacingOccurrences(of: "__package__", with: packageName)
            .replacingOccurrences(of: "__host__", with: hostExecutable)
            .replacingOccurrences(of: "__switchyard_package__", with: switchyardPackage)
            .replacingOccurrences(of: "__switchyard_identity__", with: switchyardIdentity)
    }
}
