import Foundation
import Testing
@testable import VariantScaffold
@testable import VariantScaffolding

@Suite("an interrupted add-variant or remove-variant leaves the old state or the new one, once the next command or the build has spoken")
struct InterruptedCommandTests {
    private let scaffold = BuiltTool("VariantScaffold")
    private let generator = BuiltTool("VariantRegistryGenerator")

    @Test("planted leftovers: temporary manifests (ours, and an earlier version's over a minute old) and working folders are removed, a marked unregistered folder is removed, a marked registered one keeps its folder, a team's own folder is kept")
    func plantedLeftovers() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        let marker = VariantsFolder.unfinishedMarker
        try fixture.write("Package/\(ManifestFile.temporaryPrefix)4242\(ManifestFile.temporarySuffix)", "// half a manifest")
        try fixture.write("Package/Variants/\(VariantsFolder.addingPrefix)MagicLink-4242/MagicLinkVariant.swift", "public enum")
        try fixture.write("Package/Variants/\(VariantsFolder.removingPrefix)OldOne-4242/OldOneVariant.swift", "")
        try fixture.write("Package/Variants/HalfAdded/\(marker)", "add-variant half-added: being written\n")
        try fixture.write("Package/Variants/HalfAdded/HalfAddedVariant.swift", "public enum HalfAddedVariant {}\n")
        try fixture.write("Package/Variants/PhoneOnboarding/\(marker)", "remove-variant phone: being removed\n")
        try fixture.write("Package/Variants/TeamsOwn/TeamsOwnVariant.swift", "public enum TeamsOwnVariant {}\n")
        try fixture.write("Package/.Package.swift.backup", "a team's own file")
        try fixture.write("Package/.dat.nosync4242.abcdef", "// an earlier version's half manifest")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: fixture.package.appendingPathComponent(".dat.nosync4242.abcdef").path
        )
        try fixture.write("Package/.dat.nosync4243.ghijkl", "// a write in progress, a second old")

        let notes = try UnfinishedChanges.cleanUp(fixture.layout())
        let listing = fixture.listing()
        #expect(notes.count == 6)
        #expect(notes.contains { $0.contains("removed .dat.nosync4242.abcdef, a temporary file an earlier add-variant") })
        #expect(listing["Package/.dat.nosync4242.abcdef"] == nil)
        #expect(listing["Package/.dat.nosync4243.ghijkl"] != nil, "a recent temporary file may be another program's write in progress")
        #expect(notes.contains { $0.contains("removed .Package.swift.switchyard-4242.tmp, a temporary manifest") })
        #expect(notes.contains { $0.contains("removed Variants/HalfAdded, which Package.swift does not register and which carries the marker") })
        #expect(notes.contains { $0.contains("Variants/PhoneOnboarding carried the marker") })
        #expect(listing.keys.filter { $0.contains(".switchyard-") }.isEmpty)
        #expect(listing["Package/Variants/HalfAdded"] == nil)
        #expect(listing["Package/Variants/PhoneOnboarding/PhoneOnboardingVariant.swift"] != nil)
        #expect(listing["Package/Variants/TeamsOwn/TeamsOwnVariant.swift"] != nil)
        #expect(listing["Package/.Package.swift.backup"] != nil)
        #expect(listing["Package/Package.swift"] == ScaffoldFixture.manifest)
        #expect(try UnfinishedChanges.cleanUp(fixture.layout()).isEmpty, "a second clean-up finds nothing")
    }

    @Test("the build names a marked unregistered folder and the command that cleans it, and still names a team's unmarked folder as before")
    func buildNamesLeftover() throws {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Variants/HalfAdded/\(VariantsFolder.unfinishedMarker)", "")
        try fixture.write("Package/Variants/HalfAdded/HalfAddedVariant.swift", "public enum HalfAddedVariant {}\n")
        let marked = try runGenerator(fixture)
        #expect(marked.status != 0)
        #expect(marked.errors.contains("Variants/HalfAdded was left by an add-variant or remove-variant that was stopped before it finished"))
        #expect(marked.errors.contains("swift package --allow-writing-to-package-directory remove-variant --leftovers deletes it"))

        try FileManager.default.removeItem(at: fixture.package.appendingPathComponent("Variants/HalfAdded/\(VariantsFolder.unfinishedMarker)"))
        let unmarked = try runGenerator(fixture)
        #expect(unmarked.status != 0)
        #expect(unmarked.errors.contains("Variants/HalfAdded is not registered in Package.swift"))
    }

    @Test("add-variant killed at random points: the next command leaves the old package or the new one, and in between the build names any half-added folder")
    func killedAdd() throws {
        try killAtRandomPoints(
            command: { ["add", "--package", $0.package.path, "--app", "onboarding", "--slot", "auth-flow", "--name", "magic-link", "--summary", "by link"] },
            newFolder: "MagicLink", removedFolder: nil
        )
    }

    @Test("remove-variant killed at random points: the next command leaves the old package or the new one")
    func killedRemove() throws {
        try killAtRandomPoints(
            command: { ["remove", "--package", $0.package.path, "--name", "signup-after-profile"] },
            newFolder: nil, removedFolder: "SignupAfterProfile"
        )
    }

    /// Runs `command` on a fresh fixture many times, killing it with SIGKILL after a random delay
    /// spread over an uninterrupted run's duration, then checks the state before and after the next command.
    private func killAtRandomPoints(command: (ScaffoldFixture) -> [String], newFolder: String?, removedFolder: String?) throws {
        let reference = try ScaffoldFixture()
        defer { reference.delete() }
        let old = reference.listing()
        let started = Date()
        let completed = try scaffold.run(command(reference), scratch: reference.scratch)
        let duration = Date().timeIntervalSince(started)
        #expect(completed.status == 0, "\(completed.errors)")
        let new = reference.listing()
        var outcomes: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        // The writes take well under a millisecond of a run that mostly starts the process and reads the
        // package: delays spread over the run's second half land some kills among them.
        for _ in 0..<60 {
            let fixture = try ScaffoldFixture()
            defer { fixture.delete() }
            let process = try scaffold.start(command(fixture), scratch: fixture.scratch)
            usleep(UInt32(Double.random(in: (duration * 0.4)...(duration * 1.1), using: &generator) * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            // Before any command: a folder Package.swift does not register carries the marker, so the build names it.
            let manifest = try String(contentsOf: fixture.package.appendingPathComponent("Package.swift"), encoding: .utf8)
            for folder in [newFolder, removedFolder].compactMap({ $0 }) {
                let exists = FileManager.default.fileExists(atPath: fixture.package.appendingPathComponent("Variants/\(folder)").path)
                if exists && !manifest.contains(".variant(\"\(folder)\"") {
                    #expect(FileManager.default.fileExists(atPath: fixture.package.appendingPathComponent("Variants/\(folder)/\(VariantsFolder.unfinishedMarker)").path))
                    let build = try runGenerator(fixture)
                    #expect(build.errors.contains("remove-variant --leftovers"), "\(build.errors)")
                }
            }

            let next = try scaffold.run(["remove", "--package", fixture.package.path, "--leftovers"], scratch: fixture.scratch)
            #expect(next.status == 0, "\(next.errors)")
            let after = fixture.listing()
            let state = after == old ? "old" : after == new ? "new" : "neither"
            #expect(state != "neither", "after a kill and the next command: \(after.keys.sorted())")
            outcomes[state + (next.output.contains("note:") ? " (cleaned up)" : ""), default: 0] += 1
        }
        #expect(outcomes.keys.contains { $0.hasPrefix("old") } || outcomes.keys.contains { $0.hasPrefix("new") })
        print("kill outcomes for \(command(reference).first ?? ""): \(outcomes.sorted { $0.key < $1.key })")
    }

    /// Runs the registry generator over the fixture as the build plugin would, with the registered variants' files.
    private func runGenerator(_ fixture: ScaffoldFixture) throws -> BuiltTool.Result {
        let layout = try fixture.layout()
        var arguments = ["--output", fixture.scratch.appendingPathComponent("Registry.swift").path, "--variants-directory", fixture.package.appendingPathComponent("Variants").path]
        for variant in layout.variants {
            let folder = fixture.package.appendingPathComponent("Variants/\(variant.module)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") }
            arguments += ["--variant-module", variant.module, "--app", variant.app] + files.map { folder.appendingPathComponent($0).path }
        }
        return try generator.run(arguments, scratch: fixture.scratch)
    }
}
