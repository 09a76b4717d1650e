// `RegisteredApps`, the apps and variants of this package, is generated into this target at build
// time by Switchyard's VariantRegistryPlugin, from the modules the target depends on.
