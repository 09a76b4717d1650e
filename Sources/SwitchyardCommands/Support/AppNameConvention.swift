import VariantKit
import VariantScaffolding

/// The one name an app registered by convention may have: `add-variant` and `remove-variant` read the app
/// module's name from Package.swift (`HotelBookingApp`) and know the app by the id derived from it
/// (`hotel-booking`), while the host knows it by `HostedApp.name`, which also names its `Configuration/`
/// folder. The build cannot compare the two (the registry plugin never runs the app's code), so every
/// command that reads the registry does.
enum AppNameConvention {
    /// One line for each app type `<Name>` of a module `<Name>App` whose `name` is not the id its module's
    /// name derives; empty when every such app agrees. Apps registered by hand from modules of other names
    /// are not the plugin's, and neither command edits them, so they are not checked.
    static func mismatches(in apps: [RegisteredApp]) -> [String] {
        apps.compactMap { registered in
            guard let module = conventionalModule(of: registered.app) else { return nil }
            let expected = PackageLayout.appName(ofModule: module)
            let name = registered.app.name
            guard name != expected else { return nil }
            return "app module \(module) names its app \(Identifier.quoted(name)), but add-variant and remove-variant know it "
                + "by its module's name as \(Identifier.quoted(expected)): set `public static let name = \"\(expected)\"` in "
                + "\(module.dropLast(3)), and name its folder Configuration/\(expected)/ and \"app\": \"\(expected)\" in its experiments.json"
        }
    }

    /// The module of `app` when the type is `<Name>` declared at the top level of a module `<Name>App`, as
    /// the registry plugin registers an app; otherwise nil.
    private static func conventionalModule(of app: any HostedApp.Type) -> String? {
        // A top-level type reflects as `Module.Type`; nested, local and private types have more parts.
        let parts = String(reflecting: app).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == parts[1] + "App" else { return nil }
        return String(parts[0])
    }
}
