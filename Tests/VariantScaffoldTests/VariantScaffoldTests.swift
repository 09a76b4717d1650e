import Foundation
import Testing
@testable import VariantScaffold
@testable import VariantScaffolding

@Suite("add-variant and remove-variant: names and the manifest's variant list")
struct VariantScaffoldTests {
    @Test("a variant id is a lowercase slug, and becomes an UpperCamelCase module name", arguments: [
        ("signup-with-magic-link", true, "SignupWithMagicLink"), ("express2", true, "Express2"),
        ("Bad_Name", false, nil), ("-lead", false, nil), ("trail-", false, nil), ("two--dashes", false, nil),
        ("9lives", false, nil), ("", false, nil), ("é", false, nil),
    ])
    func slugs(id: String, isSlug: Bool, module: String?) {
        #expect(Identifier.isSlug(id) == isSlug)
        if let module { #expect(Identifier.upperCamel(id) == module) }
    }

    @Test("an app module's name gives the app's --app name")
    func appNames() {
        #expect(PackageLayout.appName(ofModule: "OnboardingApp") == "onboarding")
        #expect(PackageLayout.appName(ofModule: "ShopFrontApp") == "shop-front")
        #expect(PackageLayout.appName(ofModule: "Checkout") == "checkout")
    }

    private let manifest = """
        let apps: [AppModule] = [
            .app("OnboardingApp"),
        ]

        let variants: [VariantModule] = [
            .variant("PhoneOnboarding", app: "OnboardingApp"),
            .variant("TabletOnboarding", app: "OnboardingApp"),
        ]

        let package = Package(name: "X")
        """

    @Test("adding a line keeps the list sorted and the rest of the manifest as written")
    func adding() throws {
        let edited = try ManifestVariantList(manifest).adding(module: "SignupWithMagicLink", app: "OnboardingApp")
        #expect(edited == manifest.replacingOccurrences(
            of: "    .variant(\"TabletOnboarding\"",
            with: "    .variant(\"SignupWithMagicLink\", app: \"OnboardingApp\"),\n    .variant(\"TabletOnboarding\""
        ))
    }

    @Test("removing takes out exactly the module's line; a module without a line is nil")
    func removing() throws {
        let list = try ManifestVariantList(manifest)
        #expect(list.removing(module: "PhoneOnboarding") == manifest.replacingOccurrences(
            of: "    .variant(\"PhoneOnboarding\", app: \"OnboardingApp\"),\n", with: ""
        ))
        #expect(list.removing(module: "Phone") == nil)
    }

    @Test("a manifest without the variant list is an error saying what to restore")
    func missingList() {
        #expect(throws: ScaffoldError.self) { try ManifestVariantList("let package = Package(name: \"X\")") }
    }

    @Test("options come in pairs; a stray word, a missing value or a repeat is an error")
    func options() throws {
        let parsed = try ScaffoldOptions(parsing: ["--app", "onboarding", "--name", "x"])
        #expect(parsed.values == ["--app": "onboarding", "--name": "x"])
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["onboarding"]) }
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["--app"]) }
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["--app", "--name"]) }
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["--app", "a", "--app", "b"]) }
    }

    @Test("an option the command does not take is refused: a second --package, or an unknown option")
    func unknownOptions() throws {
        let removal = ScaffoldCommand.options["remove", default: []].union(ScaffoldCommand.flags)
        try ScaffoldOptions(parsing: ["--package", "/p", "--leftovers"]).requireOnly(removal)
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["--package", "/p", "--package", "/tmp"]) }
        #expect(throws: ScaffoldError.self) { try ScaffoldOptions(parsing: ["--name", "x", "--force", "yes"]).requireOnly(removal) }
        #expect(throws: ScaffoldError.self) {
            try ScaffoldOptions(parsing: ["--leftovers"]).requireOnly(ScaffoldCommand.options["add", default: []])
        }
    }
}
