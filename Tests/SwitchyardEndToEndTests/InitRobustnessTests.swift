import Foundation
import Testing
@testable import SwitchyardCommands
import VariantScaffolding

#if canImport(Glibc)
import Glibc
#endif

/// `switchyard init` against names and situations that broke it: an app id whose modules Switchyard
/// already has, a run killed part way, folders reached through symbolic links, names holding line feeds
/// and escapes, and versions SwiftPM cannot read.
@Suite("switchyard init: no app id, folder, version or kill leaves a package SwiftPM refuses")
struct InitRobustnessTests {
    /// A working directory holding `switchyard`, a link to this repository.
    private func workspace() throws -> CLI {
        let cli = try CLI()
        try FileManager.default.createSymbolicLink(atPath: cli.path("switchyard"), withDestinationPath: Repository.root.path)
        return cli
    }

    private func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func entries(_ folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
    }

    @Test("an app id whose module Switchyard already has is refused, naming the checkout's manifest line", arguments: [
        ("onboarding", "OnboardingApp"), ("checkout", "CheckoutApp"), ("onboarding-app", "OnboardingAppApp"),
    ])
    func switchyardModuleByPath(app: String, module: String) throws {
        let cli = try workspace()
        let result = try cli.run(["init", "new", "--app", app, "--switchyard-path", "switchyard"])
        #expect(result.status != 0)
        if module == "OnboardingAppApp" {
            // OnboardingAppTests is Switchyard's: `onboarding-app` would make it too.
            #expect(result.standardError.contains("would make the module OnboardingAppTests, but Switchyard already names OnboardingAppTests"))
        } else {
            #expect(result.standardError.contains("would make the module \(module), but Switchyard already names \(module) ("), "\(result.standardError)")
        }
        #expect(result.standardError.contains("/switchyard/Package.swift:"), "the message names the manifest's line: \(result.standardError)")
        #expect(result.standardError.contains("nothing was written"))
        #expect(names(cli.directory.path) == ["switchyard"])
    }

    @Test("by URL, the clash is found in this release's names, which are the repository manifest's", arguments: ["onboarding", "checkout"])
    func switchyardModuleByURL(app: String) throws {
        let cli = try CLI()
        let result = try cli.run(["init", "new", "--app", app, "--switchyard-url", "https://x/switchyard", "--switchyard-version", "1.0.0"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("but Switchyard already names \(Identifier.upperCamel(app))App (Switchyard's Package.swift)"))
        #expect(names(cli.directory.path).isEmpty)
    }

    @Test("the release's list of Switchyard's names is exactly the module-like names of the repository's Package.swift")
    func releasedNamesAreTheManifests() throws {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        // Apps and variants registered in the manifest that the list does not know are a team's own (a checkout with a
        // third app added, as Tests/Scripts/check-third-app.sh adds one), not Switchyard's.
        let registered = try Regex(#"\.(?:app|variant)\("([A-Za-z0-9_]+)""#)
        let teamModules = Set(manifest.matches(of: registered).compactMap { $0.output[1].substring.map(String.init) })
            .subtracting(SwitchyardNames.released)
        let names = Set(ManifestNames.names(in: manifest).filter { Identifier.isModuleName($0) }).subtracting(teamModules)
        #expect(SwitchyardNames.released == names, "update SwitchyardNames.released: \(names.symmetricDifference(SwitchyardNames.released).sorted())")
    }

    @Test("a killed init leaves the folder as it was, the whole package, or a marked half (a new folder's working folder beside it, an existing folder's marker), which a rerun names")
    func killedInit() throws {
        let cli = try workspace()
        // The shortest of three runs: the first one pays for a cold start.
        var duration = Duration.seconds(3600)
        for attempt in 0..<3 {
            let started = ContinuousClock.now
            let whole = try cli.run(["init", "whole-\(attempt)", "--app", "my-app", "--switchyard-path", "switchyard"])
            duration = min(duration, ContinuousClock.now - started)
            #expect(whole.status == 0, "\(whole.standardError)")
        }
        // Kills spread over twice the run's length, so some land after the package is whole.
        let longest = UInt32(min(2_000_000, max(20_000, (duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000) * 2)))
        let expected = entries(cli.path("whole-0"))
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String: Int] = [:]
        for run in 0..<32 {
            let name = "killed-\(run)"
            // Every other run is into an existing empty folder, which init writes in place, its marker first.
            let existing = run % 2 == 1
            if existing { try FileManager.default.createDirectory(atPath: cli.path(name), withIntermediateDirectories: false) }
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["init", name, "--app", "my-app", "--switchyard-path", "switchyard"]
            process.currentDirectoryURL = cli.directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...longest, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let leftovers = names(cli.directory.path).filter { $0.hasPrefix(".switchyard-init.\(name).") }
            #expect(leftovers.count <= 1)
            let written = entries(cli.path(name))
            if existing {
                #expect(leftovers.isEmpty, "init into an existing folder writes nothing beside it")
                if written.isEmpty {
                    outcomes["nothing", default: 0] += 1
                } else if written == expected {
                    outcomes["whole", default: 0] += 1
                } else {
                    outcomes["marked folder", default: 0] += 1
                    #expect(written.contains(StarterWriter.unfinishedMarker), "a half-written folder holds the marker: \(written.prefix(5))")
                    let rerun = try cli.run(["init", name, "--app", "my-app", "--switchyard-path", "switchyard"])
                    #expect(rerun.status != 0)
                    #expect(rerun.standardError.contains("holds a package an interrupted init was writing"), "\(rerun.standardError)")
                    try FileManager.default.removeItem(atPath: cli.path(name))
                    let again = try cli.run(["init", name, "--app", "my-app", "--switchyard-path", "switchyard"])
                    #expect(again.status == 0, "\(again.standardError)")
                    #expect(entries(cli.path(name)) == expected)
                }
                continue
            }
            switch FileManager.default.fileExists(atPath: cli.path(name)) {
            case true:
                #expect(written == expected, "\(name) holds the whole package")
                #expect(leftovers.isEmpty)
                outcomes["whole", default: 0] += 1
            case false where leftovers.isEmpty:
                outcomes["nothing", default: 0] += 1
            case false:
                outcomes["working folder", default: 0] += 1
                let rerun = try cli.run(["init", name, "--app", "my-app", "--switchyard-path", "switchyard"])
                #expect(rerun.status != 0)
                #expect(rerun.standardError.contains("is a package an interrupted init into \"\(name)\" was writing"), "\(rerun.standardError)")
                #expect(rerun.standardError.contains("delete it (rm -rf"))
                try FileManager.default.removeItem(atPath: cli.path(leftovers[0]))
                let again = try cli.run(["init", name, "--app", "my-app", "--switchyard-path", "switchyard"])
                #expect(again.status == 0, "\(again.standardError)")
                #expect(entries(cli.path(name)) == expected)
            }
        }
        print("killed init outcomes: \(outcomes.sorted { $0.key < $1.key })")
    }

    @Test("a folder reached through symbolic links is written, and the checkout's path is relative to the real folder")
    func throughSymbolicLinks() throws {
        let cli = try workspace()
        try FileManager.default.createDirectory(atPath: cli.path("real/deeper"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.path("link"), withDestinationPath: cli.path("real/deeper"))
        try FileManager.default.createSymbolicLink(atPath: cli.path("here"), withDestinationPath: cli.directory.path)
        let result = try cli.run(["init", "link/my-flows", "--app", "my-app", "--switchyard-path", "here/switchyard"])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try #require(cli.contents(of: "real/deeper/my-flows/Package.swift"))
        #expect(manifest.contains(".package(name: \"Switchyard\", path: \"../../../switchyard\")"), "\(manifest)")
        // An empty folder through a link is written into as well.
        try FileManager.default.createDirectory(atPath: cli.path("real/deeper/empty"), withIntermediateDirectories: false)
        let empty = try cli.run(["init", cli.path("here/link/empty"), "--app", "my-app", "--switchyard-path", "switchyard"])
        #expect(empty.status == 0, "\(empty.standardError)")
        #expect(cli.contents(of: "real/deeper/empty/Package.swift") != nil)
        #expect(!names(cli.path("real/deeper")).contains { $0.hasPrefix(".switchyard-init.") })
    }

    @Test("a folder named with a line feed and an escape is echoed escaped, in the success message and in errors")
    func hostileFolderName() throws {
        let cli = try workspace()
        let name = "new\nline\u{1B}[31m"
        let result = try cli.run(["init", name, "--app", "my-app", "--switchyard-path", "switchyard"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.unicodeScalars.contains { $0 == "\u{1B}" })
        #expect(result.standardOutput.contains("in \"new\\u{A}line\\u{1B}[31m\": app my-app"), "\(result.standardOutput)")
        let refused = try cli.run(["init", "no\nsuch\u{1B}[2J/parent", "--app", "my-app", "--switchyard-path", "switchyard"])
        #expect(refused.status != 0)
        #expect(refused.standardError.split(separator: "\n").count == 1, "one Error: line: \(refused.standardError)")
        #expect(refused.standardError.contains("no\\u{A}such\\u{1B}[2J"))
        let notCheckout = try cli.run(["init", "other", "--app", "my-app", "--switchyard-path", "a\nb"])
        #expect(notCheckout.standardError.split(separator: "\n").count == 1, "\(notCheckout.standardError)")
    }

    @Test("a version SwiftPM cannot read is refused with what is wrong, and nothing is written", arguments: [
        ("99999999999999999999.0.0", "its major number 99999999999999999999 is larger than SwiftPM reads"),
        ("1.99999999999999999999.0", "its minor number"), ("1.0.0.0", "is not a version MAJOR.MINOR.PATCH"),
        ("01.0.0", "has a leading zero"), ("1.0.0-", "its pre-release is not"), ("1.0.0+a..b", "its build metadata is not"),
        ("1.0.0-bêta", "its pre-release is not"), ("v1.0.0", "is not a version"),
    ])
    func badVersion(version: String, message: String) throws {
        let cli = try CLI()
        let result = try cli.run(["init", "new", "--app", "my-app", "--switchyard-url", "https://x/switchyard", "--switchyard-version", version])
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was written"))
        #expect(names(cli.directory.path).isEmpty)
    }

    @Test("a pre-release or build version SwiftPM reads is written as given", arguments: ["1.0.0-beta.1", "2.3.4+build.5", "0.0.0-rc-1+x"])
    func goodVersion(version: String) throws {
        let cli = try CLI()
        let result = try cli.run(["init", "new", "--app", "my-app", "--switchyard-url", "https://x/switchyard", "--switchyard-version", version])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(cli.contents(of: "new/Package.swift")?.contains("from: \"\(version)\")") == true)
    }
}
