// The starter package's registry target and host executable, and its `.gitignore`.

extension StarterPackage {
    static let hostFiles: [StarterFile] = [
        StarterFile("Sources/__App__Registry/__App__Registry.swift", #"""
            // `RegisteredApps`, the apps and variants of this package, is generated into this target at build
            // time by Switchyard's VariantRegistryPlugin, from the modules the target depends on.

            """#),
        StarterFile("Sources/__App__Host/main.swift", #"""
            import __App__Registry
            import SwitchyardCommands

            // `__host__`: every `switchyard` command over this package's apps (`+ SampleApps.RegisteredApps.all` hosts the samples too).
            SwitchyardCommandLine.main(hosting: RegisteredApps.all)

            """#),
        StarterFile(".gitignore", #"""
            .build/
            .swiftpm/

            """#),
    ]
}
