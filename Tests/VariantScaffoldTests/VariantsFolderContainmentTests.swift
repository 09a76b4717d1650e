import Foundation
import Testing
@testable import VariantScaffold
@testable import VariantScaffolding

@Suite("every folder the variant commands create or delete is a direct child of the package's own Variants/")
struct VariantsFolderContainmentTests {
    @Test("a module name that is not one plain folder name names no folder", arguments: [
        "", ".", "..", "../x", "../../x", "/abs", "/", "a/b", "a\\b", "~", "~root", ".hidden", "-x", "1abc", "a b", "a\u{0}b",
        "a\r", "é", "x\u{202E}", String(repeating: "A", count: 2 * Identifier.maximumLength + 1),
    ])
    func refused(module: String) throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        #expect(throws: ScaffoldError.self) { try fixture.layout().variantsFolder.folder(ofModule: module) }
    }

    @Test("a plain module name names Variants/<name> inside the package")
    func accepted() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let folder = try fixture.layout().variantsFolder.folder(ofModule: "MagicLink")
        #expect(folder.resolvingSymlinksInPath().path == fixture.package.appendingPathComponent("Variants/MagicLink").resolvingSymlinksInPath().path)
    }

    @Test("a link in place of a variant folder, or of Variants itself, is refused")
    func links() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let layout = try fixture.layout()
        try FileManager.default.createSymbolicLink(
            atPath: fixture.package.appendingPathComponent("Variants/Elsewhere").path, withDestinationPath: fixture.outside.path
        )
        #expect(throws: ScaffoldError.self) { try layout.variantsFolder.folder(ofModule: "Elsewhere") }
        try FileManager.default.createSymbolicLink(atPath: fixture.package.appendingPathComponent("Variants/Dangling").path, withDestinationPath: "/nonexistent")
        #expect(throws: ScaffoldError.self) { try layout.variantsFolder.folder(ofModule: "Dangling") }
        let variants = fixture.package.appendingPathComponent("Variants")
        try FileManager.default.moveItem(at: variants, to: fixture.root.appendingPathComponent("real-variants"))
        try FileManager.default.createSymbolicLink(atPath: variants.path, withDestinationPath: fixture.root.appendingPathComponent("real-variants").path)
        #expect(throws: ScaffoldError.self) { try layout.variantsFolder.folder(ofModule: "PhoneOnboarding") }
    }

    @Test("a package reached through a symbolic link is still its own: its Variants/ is inside it")
    func packageThroughLink() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let linked = fixture.root.appendingPathComponent("linked-package")
        try FileManager.default.createSymbolicLink(atPath: linked.path, withDestinationPath: fixture.package.path)
        let layout = try PackageLayout(directory: linked.path)
        _ = try layout.variantsFolder.folder(ofModule: "MagicLink")
    }

    @Test("the manifest is replaced whole, keeping its permissions and leaving no temporary file")
    func manifestReplaced() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let manifest = fixture.package.appendingPathComponent("Package.swift").path
        chmod(manifest, 0o640)
        try ManifestFile.replace(in: fixture.package, with: "// new\n")
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == "// new\n")
        #expect((try FileManager.default.attributesOfItem(atPath: manifest)[.posixPermissions] as? Int) == 0o640)
        let root = try FileManager.default.contentsOfDirectory(atPath: fixture.package.path)
        #expect(!root.contains { $0.hasPrefix(ManifestFile.temporaryPrefix) })
    }

    @Test("a file where a variant folder would be is neither replaced by add nor deleted by remove")
    func fileInPlaceOfFolder() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Variants/MagicLink", "a file, not a folder")
        try FileManager.default.removeItem(at: fixture.package.appendingPathComponent("Variants/SignupAfterProfile"))
        try fixture.write("Package/Variants/SignupAfterProfile", "a file, not a folder")
        let before = fixture.listing()
        #expect(refusal { try fixture.add("magic-link") }?.contains("Variants/MagicLink already exists") == true)
        #expect(refusal { try fixture.remove("SignupAfterProfile") }?.contains("Variants/SignupAfterProfile is not a folder") == true)
        #expect(fixture.listing() == before)
    }

    @Test("a Package.swift that is a symbolic link is not replaced: the link and what it names stay as they are")
    func linkedManifest() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let manifest = fixture.package.appendingPathComponent("Package.swift")
        try FileManager.default.moveItem(at: manifest, to: fixture.outside.appendingPathComponent("Package.swift"))
        try FileManager.default.createSymbolicLink(atPath: manifest.path, withDestinationPath: fixture.outside.appendingPathComponent("Package.swift").path)
        let before = fixture.listing()
        #expect(refusal { try fixture.add("magic-link") }?.contains("is not a regular file") == true)
        #expect(fixture.listing() == before)
    }
}
