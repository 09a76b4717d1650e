import Foundation
import Testing
@testable import VariantScaffold
@testable import VariantScaffolding

@Suite("remove-variant removes only a registered variant's folder, and never a slot's default")
struct RemoveVariantTests {
    @Test("a name that is no registered variant is refused, and nothing in or beside the package changes", arguments: [
        "", ".", "..", "../x", "../../outside", "/abs", "/", "a/b", "Variants", "Variants/PhoneOnboarding", "no-such-variant",
        "NoSuchModule", "a\u{7}b", "signup-after-profile\r", "x\u{202E}y", "nul\u{0}", "*", "~",
        String(repeating: "a", count: 2 * Identifier.maximumLength + 1),
    ])
    func notRegistered(name: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.remove(name) })
        #expect(message.contains("nothing was changed"))
        #expect(message.contains("phone (PhoneOnboarding), signup-after-profile (SignupAfterProfile)"), "the refusal lists what can be removed")
        #expect(!message.unicodeScalars.contains { UnsafeText.isUnsafe($0) })
        #expect(fixture.listing() == before)
    }

    @Test("a slot's default is refused by its id and by its module name, saying where the default is declared", arguments: ["phone", "PhoneOnboarding"])
    func defaultVariant(name: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.remove(name) })
        #expect(message.contains(
            "phone (PhoneOnboarding) is the default variant of slot app-shell, declared at "
                + "Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift:4: defaultVariant: \"phone\"; choose another default there first"
        ))
        #expect(fixture.listing() == before)
    }

    /// The fixture's app slots, with the auth-flow slot's default written as `written`.
    private static func slots(defaultWritten written: String, extra: String = "") -> String {
        """
        public enum OnboardingSlot {
            public static let appShell = AppSlot(id: "app-shell", defaultVariant: "phone")
            public static let authFlow = AppSlot(
                id: "auth-flow",
                \(written)
            )
        }
        \(extra)
        """
    }

    @Test("a default is found from the parsed code however it is written: no space, spaces, a line break, a raw string, a constant", arguments: [
        (#"defaultVariant:"signup-after-profile""#, ""),
        (#"defaultVariant   :   "signup-after-profile""#, ""),
        ("defaultVariant:\n            \"signup-after-profile\"", ""),
        (##"defaultVariant: #"signup-after-profile"#"##, ""),
        ("defaultVariant: /* the usual */ \"signup-after-profile\"", ""),
        ("defaultVariant: authDefault", "let authDefault = \"signup-after-profile\"\n"),
        ("defaultVariant: Defaults.auth", "enum Defaults { static let auth: String = \"signup-after-profile\" }\n"),
    ])
    func defaultHoweverWritten(written: String, extra: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift", Self.slots(defaultWritten: written))
        try fixture.write("Package/Sources/Samples/OnboardingApp/Flow/Defaults.swift", extra)
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.remove("signup-after-profile") }, "the default was removed")
        #expect(message.contains("signup-after-profile (SignupAfterProfile) is the default variant of slot auth-flow, declared at "
            + "Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift:"), "\(message)")
        #expect(message.contains("choose another default there first") && message.contains("nothing was changed"))
        #expect(fixture.listing() == before)
    }

    @Test("a default named only in a comment, a string or another call's label is no default: the variant is removed", arguments: [
        #"defaultVariant: "phone" // was defaultVariant: "signup-after-profile""#,
        #"defaultVariant: "phone", summary: "defaultVariant: \"signup-after-profile\"""#,
    ])
    func notADefault(written: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift", Self.slots(
            defaultWritten: written,
            extra: "/* defaultVariant: \"signup-after-profile\" */\nfunc make(defaultVariant: String = \"signup-after-profile\") {}\n"
        ))
        let report = try fixture.remove("signup-after-profile")
        #expect(report.contains("Removed variant signup-after-profile (SignupAfterProfile)"))
    }

    @Test("a default whose value only the build knows is refused, saying where it is and how to write it")
    func unreadableDefault() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift", Self.slots(
            defaultWritten: "defaultVariant: [\"signup\", \"after\", \"profile\"].joined(separator: \"-\")"
        ))
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.remove("signup-after-profile") })
        #expect(message.contains(
            "cannot tell whether signup-after-profile (SignupAfterProfile) is a slot's default: the default at "
                + "Sources/Samples/OnboardingApp/Flow/OnboardingSlot.swift:5 is defaultVariant: [\"signup\", \"after\", \"profile\"].joined(separator: \"-\")"
        ), "\(message)")
        #expect(message.contains("nothing was changed"))
        #expect(fixture.listing() == before)
    }

    @Test("a folder under Variants/ that Package.swift does not register is never deleted")
    func unregisteredFolder() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Variants/Stray/StrayVariant.swift", "public enum StrayVariant { public static let id = \"stray\" }\n")
        let before = fixture.listing()
        for name in ["stray", "Stray"] {
            let message = try #require(refusal { try fixture.remove(name) })
            #expect(message.contains("Variants/Stray exists but Package.swift does not register it"))
        }
        #expect(fixture.listing() == before)
    }

    @Test("by its id or by its module name, the same variant is removed, and the configs naming its id are listed", arguments: ["signup-after-profile", "SignupAfterProfile"])
    func removes(name: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let report = try fixture.remove(name)
        #expect(report.contains("Removed variant signup-after-profile (SignupAfterProfile): Variants/SignupAfterProfile and its line in Package.swift."))
        #expect(report.contains("Configuration/onboarding/experiments.json still names \"signup-after-profile\""))
        let after = fixture.listing()
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }.sorted()
        #expect(changed == ["Package/Package.swift", "Package/Variants/SignupAfterProfile", "Package/Variants/SignupAfterProfile/SignupAfterProfileVariant.swift"])
        #expect(after["Package/Package.swift"] == ScaffoldFixture.manifest.replacingOccurrences(of: "    .variant(\"SignupAfterProfile\", app: \"OnboardingApp\"),\n", with: ""))
    }

    @Test("a registered variant folder that is a symbolic link is refused, and what it points to is kept")
    func linkedFolder() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let folder = fixture.package.appendingPathComponent("Variants/SignupAfterProfile")
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: fixture.outside.path)
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.remove("SignupAfterProfile") })
        #expect(message.contains("Variants/SignupAfterProfile is a symbolic link"))
        #expect(fixture.listing() == before)
    }

    @Test("a Variants folder that is a symbolic link to elsewhere is refused by both commands")
    func linkedVariants() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let variants = fixture.package.appendingPathComponent("Variants")
        let moved = fixture.outside.appendingPathComponent("Variants")
        try FileManager.default.moveItem(at: variants, to: moved)
        try FileManager.default.createSymbolicLink(atPath: variants.path, withDestinationPath: moved.path)
        let before = fixture.listing()
        #expect(refusal { try fixture.remove("signup-after-profile") }?.contains("Variants is a symbolic link") == true)
        #expect(refusal { try fixture.add("magic-link") }?.contains("Variants is a symbolic link") == true)
        #expect(throws: ScaffoldError.self) { try UnfinishedChanges.cleanUp(fixture.layout()) }
        #expect(fixture.listing() == before)
    }

    @Test("a registered variant whose folder is gone loses its line only")
    func missingFolder() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try FileManager.default.removeItem(at: fixture.package.appendingPathComponent("Variants/SignupAfterProfile"))
        let report = try fixture.remove("SignupAfterProfile")
        #expect(report.contains("Removed variant SignupAfterProfile: its line in Package.swift (it had no folder)."))
        #expect(!(fixture.listing()["Package/Package.swift"] ?? "").contains("SignupAfterProfile"))
    }
}
