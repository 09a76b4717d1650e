// The sample apps, onboarding and checkout, with their variant modules: `RegisteredApps.all`, which
// VariantRegistryPlugin generates at build time from the modules this target depends on.
//
// A team's host registers its own apps the same way, in a target of its own package, and can add
// these beside them: `SwitchyardCommandLine.main(hosting: ShopApps.RegisteredApps.all + SampleApps.RegisteredApps.all)`.
import VariantKit
