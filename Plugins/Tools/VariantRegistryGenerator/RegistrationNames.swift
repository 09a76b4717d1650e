/// The names the registry expects: an app module `<Name>App` declares its `HostedApp` type `<Name>`, and a
/// variant module `<Name>` declares its variant type `<Name>Variant`.
enum RegistrationNames {
    /// The `HostedApp` type of app module `module`.
    ///
    /// - Throws: `GeneratorError` when the module's name does not end in `App`.
    static func appType(ofModule module: String) throws(GeneratorError) -> String {
        guard module.hasSuffix("App"), module.count > 3 else {
            throw GeneratorError(
                "Sources/\(module): an app module is named <Name>App and declares its HostedApp type <Name> "
                    + "(OnboardingApp declares Onboarding); rename the module, its folder and its line in `apps`"
            )
        }
        return String(module.dropLast(3))
    }

    /// The variant type of variant module `module`.
    static func variantType(ofModule module: String) -> String {
        "\(module)Variant"
    }
}
