// The starter package's registry target and host executable, and its `.gitignore`.

extension StarterPackage {
    static let hostFiles: [StarterFile] = [
        StarterFile("Sources/__App__Registry/__App__Registry.swift", #"""
            // `RegisteredApps`, the apps and variants of this package, is generated into this target at build
            // time by Switchyard's VariantRegistryPlugin, from the modules the target depends on.

            """#),
        StarterFile("Sources/__App__Host/__App__Host.swift", #"""
            import __App__Registry
            import SwitchyardCommands

            /// `__host__`: every `switchyard` command (run, simulate, report, validate, map, ...) over this
            /// package's apps. Add `+ SampleApps.RegisteredApps.all` to host Switchyard's samples too.
            @main
            enum __App__Host {
                static func main() {
                    SwitchyardCommandLine.main(hosting: RegisteredApps.all)
                }
            }

            """#),
        StarterFile(".gitignore", #"""
            .build/
            .swiftpm/

            """#),
    ]
}
