import Foundation
import Testing

/// The DocC articles of every library show only code CI compiles, and say how.
///
/// A Swift block is compiled from the article itself (ArticleCodePlugin writes the article's blocks
/// into a test target, so an error is reported at the article's line), unless the line above its
/// fence says `<!-- not compiled: REASON -->`. Two reasons are accepted, both for code that cannot
/// be compiled inside this package's test targets: `excerpt of PATH`, a file of another package
/// (Examples/Paywall, which CI copies out and builds as a team's package), found here line for line
/// in that file; and the whole manifest `switchyard init` writes, which InitCommandTests compares
/// byte for byte with what `init` writes.
@Suite("Every Swift code block in the DocC articles is compiled from the article, or is an excerpt of a file CI compiles")
struct ArticleCodeTests {
    private static let catalogPath = "Sources/VariantKit/VariantKit.docc"
    private static let catalog = Repository.root.appendingPathComponent(catalogPath)
    private static let marker = "<!-- not compiled:"

    /// One ```swift block: the article line of its fence, its non-blank lines trimmed, and the
    /// reason given on the line above the fence when it is not compiled.
    struct Block {
        var fenceLine: Int
        var lines: [String]
        var notCompiledReason: String?
    }

    /// The Swift blocks of `article`.
    static func swiftBlocks(in article: String) -> [Block] {
        var blocks: [Block] = []
        var current: Block?
        var previous = ""
        for (index, line) in article.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            defer { previous = String(line) }
            if var block = current {
                if line.hasPrefix("```") {
                    blocks.append(block)
                    current = nil
                } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    block.lines.append(line.trimmingCharacters(in: .whitespaces))
                    current = block
                }
            } else if line.hasPrefix("```swift") {
                var reason: String?
                if previous.hasPrefix(marker), let end = previous.range(of: "-->") {
                    reason = previous[previous.index(previous.startIndex, offsetBy: marker.count)..<end.lowerBound]
                        .trimmingCharacters(in: .whitespaces)
                }
                current = Block(fenceLine: index + 1, lines: [], notCompiledReason: reason)
            }
        }
        return blocks
    }

    /// Whether `needle`'s lines follow one another in `haystack`, blank lines aside.
    static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        let lines = haystack.filter { !$0.isEmpty }
        guard !needle.isEmpty, needle.count <= lines.count else { return needle.isEmpty }
        return (0...(lines.count - needle.count)).contains { start in Array(lines[start..<(start + needle.count)]) == needle }
    }

    /// The path an `excerpt of PATH, ...` reason names.
    static func excerptPath(_ reason: String) -> String? {
        guard reason.hasPrefix("excerpt of ") else { return nil }
        return reason.dropFirst("excerpt of ".count).split(whereSeparator: { $0 == "," || $0 == " " }).first.map(String.init)
    }

    private static func trimmedLines(of path: String) throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Every article of every catalog under Sources/, as its path from the repository's root.
    static let articles: [String] = {
        let sources = Repository.root.appendingPathComponent("Sources")
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return modules.flatMap { module -> [String] in
            let catalog = "Sources/\(module)/\(module).docc"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: Repository.root.appendingPathComponent(catalog).path)) ?? []
            return files.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
        }.sorted()
    }()

    @Test("VariantKit's catalog has its four articles and its landing page")
    func articlesExist() {
        let variantKitArticles = Self.articles.filter { $0.hasPrefix(Self.catalogPath + "/") }.map { $0.dropFirst(Self.catalogPath.count + 1) }
        #expect(Set(variantKitArticles) == [
            "VariantKit.md", "AddingAVariant.md", "AddingAnApp.md", "UsingSwitchyardFromYourOwnPackage.md", "EmbeddingOnTheMainActor.md",
        ])
    }

    @Test("each Swift block is compiled from its article, or says why not and is found line for line in the file it names", arguments: articles)
    func blocksAreCompiled(article: String) throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent(article), encoding: .utf8)
        // ArticleCodePlugin's table of the articles it compiles, and into which test target.
        let plugin = try String(contentsOf: Repository.root.appendingPathComponent("Plugins/ArticleCodePlugin/ArticleCodePlugin.swift"), encoding: .utf8)
        let compiledByPlugin = plugin.contains("\"\(article)\"")
        for block in Self.swiftBlocks(in: text) {
            let place = "\(article):\(block.fenceLine)"
            guard let reason = block.notCompiledReason else {
                #expect(compiledByPlugin, "\(place): this block is compiled by nothing: add the article to ArticleCodePlugin.articles, or mark it <!-- not compiled: excerpt of PATH, ... -->")
                continue
            }
            if let path = Self.excerptPath(reason) {
                #expect(path.hasPrefix("Examples/"), "\(place): an excerpt of \(path), a file of this package: compile the block from the article instead")
                let lines = try Self.trimmedLines(of: path)
                #expect(Self.contains(lines, block.lines), "\(place): this block is not in \(path), line for line:\n\(block.lines.joined(separator: "\n"))")
            } else {
                // The manifest `switchyard init` writes; InitCommandTests.manifestIsTheArticles compares its bytes.
                #expect(
                    reason.contains("switchyard init") && block.lines.first?.hasPrefix("// swift-tools-version") == true,
                    "\(place): \"\(reason)\" is not a reason this test knows: use `excerpt of PATH`, or compile the block"
                )
            }
        }
    }

    @Test("a block that differs from the code by one line is caught")
    func driftIsCaught() {
        let file = ["public enum Paywall: HostedApp {", "public static let name = \"paywall\"", "}"]
        #expect(Self.contains(file, ["public enum Paywall: HostedApp {", "public static let name = \"paywall\""]))
        #expect(!Self.contains(file, ["public enum Paywall: HostedApp {", "public static let name = \"shop\""]))
    }

    @Test("a block's reason for not being compiled is read from the line above its fence, and names the excerpt's file")
    func reasonsAreRead() {
        let article = """
            Text.

            <!-- not compiled: excerpt of Examples/Paywall/Package.swift, a file of another package -->
            ```swift
            let apps: [AppModule] = [

                .app("PaywallApp"),
            ```

            ```swift
            let compiled = true
            ```
            """
        let blocks = Self.swiftBlocks(in: article)
        #expect(blocks.map(\.fenceLine) == [4, 10])
        #expect(blocks.map(\.lines) == [["let apps: [AppModule] = [", ".app(\"PaywallApp\"),"], ["let compiled = true"]])
        #expect(blocks.first?.notCompiledReason.flatMap(Self.excerptPath) == "Examples/Paywall/Package.swift")
        #expect(blocks.last?.notCompiledReason == nil)
    }
}
