import Foundation
import Testing

/// `switchyard init DIR --app ID` as a user runs it: what it writes, that the manifest is the one the
/// DocC article shows, and every request it refuses without writing anything.
/// (`Tests/Scripts/check-init-package.sh`, run by CI, builds and tests what it writes, and runs its host.)
@Suite("switchyard init writes a whole package into a new folder, or refuses and writes nothing")
struct InitCommandTests {
    /// A working directory holding `switchyard`, a link to this repository, as the article's layout has it.
    private func workspace() throws -> CLI {
        let cli = try CLI()
        try FileManager.default.createSymbolicLink(atPath: cli.path("switchyard"), withDestinationPath: Repository.root.path)
        return cli
    }

    /// The entries of `folder`, recursively, as sorted relative paths.
    private func entries(_ folder: String) -> [String] {
        ((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []).sorted()
    }

    /// The names in `folder`, not descending (the workspace links to the whole repository).
    private func names(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a package of the app, its two variants made from the templates, its config, registry, host and tests; the host's name is printed")
    func writesThePackage() throws {
        let cli = try workspace()
        let result = try cli.run(["init", "my-flows", "--app", "my-app", "--switchyard-path", "switchyard"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("swift run my-flows-switchyard simulate"))
        let files = Set(entries(cli.path("my-flows")))
        for expected in [
            "Package.swift", ".gitignore", "Configuration/my-app/experiments.json", "Configuration/my-app/behavior.json",
            "Sources/MyAppApp/Flow/MyApp.swift", "Sources/MyAppApp/Model/SignupService.swift", "Sources/MyAppApp/Headless/EmailForm.swift",
            "Sources/MyAppApp/Screens/WelcomeScreen.swift", "Sources/MyAppApp/VariantTemplates/signup-flow/__Name__Variant.swift.template",
            "Sources/MyAppRegistry/MyAppRegistry.swift", "Sources/MyAppHost/main.swift", "Tests/MyAppTests/ConformanceTests.swift",
            "Tests/MyAppEmbeddingTests/EmbeddingTests.swift", "Variants/WelcomeFirst/WelcomeFirstVariant.swift",
            "Variants/EmailFirst/EmailFirstVariant.swift", "Variants/EmailFirst/EmailFirstCoordinator.swift",
        ] {
            #expect(files.contains(expected), "init wrote no \(expected)")
        }
        #expect(!files.contains { $0.contains(".switchyard-") }, "add-variant's working files are gone")
        let manifest = try #require(cli.contents(of: "my-flows/Package.swift"))
        #expect(manifest.contains(".variant(\"EmailFirst\", app: \"MyAppApp\"),\n    .variant(\"WelcomeFirst\", app: \"MyAppApp\"),\n]"))
        #expect(manifest.contains(".package(name: \"Switchyard\", path: \"../switchyard\")"))
        #expect(manifest.contains(".executable(name: \"my-flows-switchyard\", targets: [\"MyAppHost\"])"))
        let variant = try #require(cli.contents(of: "my-flows/Variants/WelcomeFirst/WelcomeFirstVariant.swift"))
        #expect(variant.contains("public static let id = \"welcome-first\"") && !variant.contains("__"))
        let emailFirst = try #require(cli.contents(of: "my-flows/Variants/EmailFirst/EmailFirstCoordinator.swift"))
        #expect(emailFirst.contains("showEmailForm(pushed: false)"))
        let app = try #require(cli.contents(of: "my-flows/Sources/MyAppApp/Flow/MyApp.swift"))
        #expect(app.contains("public enum MyApp: HostedApp") && app.contains("public static let name = \"my-app\""))
        #expect(names(cli.directory.path) == ["my-flows", "switchyard"], "nothing is written beside the package")
    }

    @Test("the manifest init writes is, byte for byte, the one VariantKit's article shows")
    func manifestIsTheArticles() throws {
        let cli = try workspace()
        let result = try cli.run(["init", "my-flows", "--app", "my-app", "--switchyard-path", "switchyard"])
        #expect(result.status == 0, "\(result.standardError)")
        let article = try String(
            contentsOf: Repository.root.appendingPathComponent("Sources/VariantKit/VariantKit.docc/UsingSwitchyardFromYourOwnPackage.md"),
            encoding: .utf8
        )
        let start = try #require(article.range(of: "```swift\n// swift-tools-version"), "the article shows a whole manifest")
        let block = article[article.index(start.lowerBound, offsetBy: "```swift\n".count)...]
        let end = try #require(block.range(of: "\n```\n"))
        #expect(String(block[..<end.lowerBound]) + "\n" == cli.contents(of: "my-flows/Package.swift"))
    }

    @Test("an empty folder is written into; by URL and version the manifest names the repository's identity")
    func emptyFolderAndURL() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("Shop Flows"), withIntermediateDirectories: false)
        let result = try cli.run([
            "init", "Shop Flows", "--app", "shop", "--switchyard-url", "https://github.com/example/switchyard.git", "--switchyard-version", "1.2.0",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let manifest = try #require(cli.contents(of: "Shop Flows/Package.swift"))
        #expect(manifest.contains(".package(url: \"https://github.com/example/switchyard.git\", from: \"1.2.0\")"))
        #expect(manifest.contains(".product(name: product, package: \"switchyard\")"))
        #expect(manifest.contains("name: \"shop-flows\""))
        #expect(result.standardOutput.contains("shop-flows-switchyard"))
    }

    @Test("refused, naming the problem, with nothing written", arguments: [
        (["init", "taken", "--app", "my-app", "--switchyard-path", "switchyard"], "is not empty (it holds \"notes.txt\")"),
        (["init", "afile", "--app", "my-app", "--switchyard-path", "switchyard"], "is a file, not a folder"),
        (["init", "no/such/parent", "--app", "my-app", "--switchyard-path", "switchyard"], "does not exist; init creates only the package's own folder: create"),
        (["init", "new", "--app", "My-App", "--switchyard-path", "switchyard"], "is not an app id"),
        (["init", "new", "--app", "1app", "--switchyard-path", "switchyard"], "is not an app id"),
        (["init", "new", "--app", "my--app", "--switchyard-path", "switchyard"], "is not an app id"),
        (["init", "new", "--app", "", "--switchyard-path", "switchyard"], "--app is empty"),
        (["init", "new", "--app", "shop-2go", "--switchyard-path", "switchyard"], "reads back as the app shop2go"),
        (["init", "new", "--app", "string", "--switchyard-path", "switchyard"], "a type of the Swift standard library"),
        (["init", "new", "--app", "signup", "--switchyard-path", "switchyard"], "clashes with the starter package: it would have both a type Signup (in Sources/SignupApp/Flow/Signup.swift) and a type Signup"),
        (["init", "new", "--app", "welcome-first", "--switchyard-path", "switchyard"], "both a type WelcomeFirst (in Sources/WelcomeFirstApp/Flow/WelcomeFirst.swift) and a module WelcomeFirst"),
        (["init", "new", "--app", "my-app"], "say where Switchyard is"),
        (["init", "new", "--app", "my-app", "--switchyard-path", "."], "is not a Switchyard checkout"),
        (["init", "new", "--app", "my-app", "--switchyard-path", "switchyard", "--switchyard-url", "https://x/switchyard"], "not both"),
        (["init", "new", "--app", "my-app", "--switchyard-url", "https://x/switchyard"], "needs --switchyard-version"),
        (["init", "new", "--app", "my-app", "--switchyard-url", "https://x/switchyard", "--switchyard-version", "1.0"], "is not a version"),
        (["init", "new", "--app", "my-app", "--switchyard-url", "https://x/sw\"itch", "--switchyard-version", "1.0.0"], "holds a quote"),
    ])
    func refusals(arguments: [String], message: String) throws {
        let cli = try workspace()
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: cli.path("afile")))
        try FileManager.default.createDirectory(atPath: cli.path("taken"), withIntermediateDirectories: false)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: cli.path("taken/notes.txt")))
        let before = names(cli.directory.path) + names(cli.path("taken"))
        let result = try cli.run(arguments)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardError.contains("nothing was written"), "\(result.standardError)")
        #expect(names(cli.directory.path) + names(cli.path("taken")) == before)
        #expect(cli.contents(of: "taken/notes.txt") == "mine\n" && cli.contents(of: "afile") == "keep\n")
    }
}
