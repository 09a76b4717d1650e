import Foundation
import Testing
@testable import VariantScaffold
@testable import VariantScaffolding

/// The message of the `ScaffoldError` `body` throws, or nil when it throws none.
func refusal(_ body: () throws -> String) -> String? {
    do {
        _ = try body()
        return nil
    } catch let error as ScaffoldError {
        return error.description
    } catch {
        return "unexpected error: \(error)"
    }
}

@Suite("add-variant refuses a hostile or clashing name or summary before it writes anything")
struct AddVariantRefusalTests {
    @Test("a name that is no plain slug is refused, and nothing in or beside the package changes", arguments: [
        "", ".", "..", "../x", "../../x", "/abs", "a/b", "PhoneOnboarding", "Variants", "a\u{7}b", "signup\r", "x\u{202E}y",
        "tab\tname", "é", "-", "a--b", "x-", "nul\u{0}", String(repeating: "a", count: Identifier.maximumLength + 1),
    ])
    func notASlug(name: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.add(name) })
        #expect(message.contains("--name"))
        #expect(message.contains("nothing was changed"))
        #expect(!message.unicodeScalars.contains { UnsafeText.isUnsafe($0) }, "the message shows control characters escaped")
        #expect(fixture.listing() == before)
    }

    @Test("a name whose module is a keyword, a toolchain module or a standard library type is refused", arguments: [
        ("self", "Self"), ("any", "Any"), ("type", "Type"), ("protocol", "Protocol"), ("foundation", "Foundation"),
        ("swift", "Swift"), ("string", "String"), ("result", "Result"), ("never", "Never"), ("registered-apps", "RegisteredApps"),
    ])
    func reservedModule(name: String, module: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.add(name) })
        #expect(message.contains("would create the module \(module)"))
        #expect(fixture.listing() == before)
    }

    @Test("a name whose module clashes with any name of the manifest (targets, products, apps, variants, names built in a loop), ignoring case", arguments: [
        ("onboarding-app", "OnboardingApp"), ("sample-apps", "SampleApps"), ("switchyard", "Switchyard"),
        ("coordination", "Coordination"), ("fuzz-config", "FuzzConfig"), ("signup-after-profile", "SignupAfterProfile"),
    ])
    func manifestClash(name: String, taken: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.add(name) })
        #expect(message.contains("Package.swift already names \"\(taken)\""))
        #expect(fixture.listing() == before)
    }

    @Test("a name whose module or derived types clash with a type of an imported module is refused", arguments: [
        ("onboarding", "OnboardingApp declares a type Onboarding"), ("auth-flow", "would declare AuthFlowVariant"),
        ("shell", "would declare ShellCoordinator"), ("navigator", "Coordination declares a type Navigator"),
    ])
    func typeClash(name: String, expected: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.add(name) })
        #expect(message.contains(expected))
        #expect(fixture.listing() == before)
    }

    @Test("a module of the package graph (as the plugin lists it) is refused ignoring case")
    func graphClash() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let package = try PackageLayout(directory: fixture.package.path, graph: "ArgumentParser\t/nowhere\nVariantKit\t")
        let message = try #require(refusal {
            try VariantAddition(package: package, app: "onboarding", slot: "auth-flow", id: "variant-kit", summary: "s").perform()
        })
        #expect(message.contains("the package graph already has a module VariantKit"))
    }

    /// Every type this repository's VariantKit declares, read from its sources as the test stands.
    static let variantKitTypes: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/VariantKit").standardizedFileURL
        return DeclaredTypes.names(inSourcesUnder: folder).filter { !$0.hasPrefix("_") && Identifier.isModuleName($0) }.sorted()
    }()

    /// `HostedApp` as the variant id whose module it would be: `hosted-app`.
    static func slug(ofModule module: String) -> String {
        var slug = ""
        for character in module {
            if character.isUppercase, !slug.isEmpty { slug.append("-") }
            slug.append(contentsOf: character.lowercased())
        }
        return slug
    }

    @Test("a name whose module is a type VariantKit declares (the generated registry imports VariantKit) is refused, for every such type")
    func variantKitTypeClash() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let variantKit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/VariantKit")
            .standardizedFileURL
        let package = try PackageLayout(directory: fixture.package.path, graph: "VariantKit\t\(variantKit.path)")
        #expect(Self.variantKitTypes.contains("HostedApp") && Self.variantKitTypes.contains("ChosenVariant"))
        let before = fixture.listing()
        for type in Self.variantKitTypes {
            let id = Self.slug(ofModule: type)
            guard Identifier.upperCamel(id) == type else { continue }
            let message = try #require(refusal {
                try VariantAddition(package: package, app: "onboarding", slot: "auth-flow", id: id, summary: "s").perform()
            }, "--name \(id) was accepted")
            #expect(
                message.contains("VariantKit declares a type \(type)") || message.contains("which is the name of the registry's generated type"),
                "\(message)"
            )
        }
        #expect(fixture.listing() == before)
    }

    @Test("an id another registered variant declares is refused, even when the module name differs")
    func duplicateID() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let message = try #require(refusal { try fixture.add("phone") })
        #expect(message.contains("a variant \"phone\" already exists (Variants/PhoneOnboarding)"))
    }

    @Test("a summary with a control, format or separator character, a quote, a backslash, or too long is refused", arguments: [
        "line\rbreak", "line\nbreak", "tab\there", "\u{1B}[31mred", "a\u{2028}b", "a\u{2029}b", "left\u{202E}right", "zero\u{200B}width",
        "bom\u{FEFF}", "nul\u{0}", "del\u{7F}", "nel\u{85}", "say \"hi\"", "back\\slash", "   ", "",
        String(repeating: "x", count: SummaryText.maximumLength + 1),
    ])
    func hostileSummary(summary: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let message = try #require(refusal { try fixture.add("magic-link", summary: summary) })
        #expect(message.contains("--summary"))
        #expect(fixture.listing() == before)
    }

    @Test("a control character in a summary is named by its code point")
    func summaryCodePoint() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let message = try #require(refusal { try fixture.add("magic-link", summary: "one\rtwo") })
        #expect(message.contains("U+000D at character 4"))
    }

    @Test("an accepted add writes only Variants/<Module>/ and the manifest's line, with no marker or temporary left")
    func acceptedAdd() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let before = fixture.listing()
        let report = try fixture.add("magic-link", summary: "signup by a link sent by email — ünïcode is fine")
        #expect(report.contains("Created variant magic-link"))
        let after = fixture.listing()
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }.sorted()
        #expect(changed == [
            "Package/Package.swift", "Package/Variants/MagicLink", "Package/Variants/MagicLink/MagicLinkCoordinator.swift",
            "Package/Variants/MagicLink/MagicLinkVariant.swift",
        ])
        #expect(after["Package/Package.swift"]?.contains(".variant(\"MagicLink\", app: \"OnboardingApp\"),") == true)
        #expect(after["Package/Variants/MagicLink/MagicLinkVariant.swift"]?.contains("public static let id = \"magic-link\"") == true)
    }

    @Test("Class is no keyword: --name class is a variant module like any other")
    func classIsAName() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        _ = try fixture.add("class")
        #expect(FileManager.default.fileExists(atPath: fixture.package.appendingPathComponent("Variants/Class/ClassVariant.swift").path))
    }
}
