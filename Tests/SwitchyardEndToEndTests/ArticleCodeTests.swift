import Foundation
import Testing

/// The articles of VariantKit's DocC catalog show only code that this repository compiles and
/// tests: each Swift block is an excerpt of a Swift file CI builds (Examples/Paywall, Tests, Sources,
/// Variants), so an article cannot drift from the API.
@Suite("Every Swift code block in VariantKit's articles is code CI compiles")
struct ArticleCodeTests {
    private static let catalog = Repository.root.appendingPathComponent("Sources/VariantKit/VariantKit.docc")
    private static let compiledFolders = ["Examples/Paywall/Sources", "Examples/Paywall/Variants", "Examples/Paywall/Tests", "Tests", "Sources", "Variants"]

    /// Each Swift file CI compiles, as its lines without leading and trailing blanks.
    private static let compiledFiles: [(path: String, lines: [String])] = {
        var files: [(String, [String])] = [("Examples/Paywall/Package.swift", lines(of: "Examples/Paywall/Package.swift"))]
        for folder in compiledFolders {
            let root = Repository.root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift"), !relative.contains(".build/") else { continue }
                files.append(("\(folder)/\(relative)", lines(of: "\(folder)/\(relative)")))
            }
        }
        return files
    }()

    private static func lines(of path: String) -> [String] {
        let text = (try? String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The Swift blocks of `article`, each as its non-blank lines, trimmed.
    private static func swiftBlocks(in article: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current!.filter { !$0.isEmpty })
                current = nil
            } else if current != nil {
                current!.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return blocks
    }

    private static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        let lines = haystack.filter { !$0.isEmpty }
        guard !needle.isEmpty, needle.count <= lines.count else { return needle.isEmpty }
        return (0...(lines.count - needle.count)).contains { start in Array(lines[start..<(start + needle.count)]) == needle }
    }

    static let articles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: catalog.path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted()

    @Test("the catalog has its four articles and its landing page")
    func articlesExist() {
        #expect(Set(Self.articles) == [
            "VariantKit.md", "AddingAVariant.md", "AddingAnApp.md", "UsingSwitchyardFromYourOwnPackage.md", "EmbeddingOnTheMainActor.md",
        ])
    }

    @Test("each Swift block of an article is found, line for line, in a compiled Swift file", arguments: articles)
    func blocksAreCompiled(article: String) throws {
        let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
        // A whole manifest is what `switchyard init` writes, compared byte for byte by InitCommandTests.
        for block in Self.swiftBlocks(in: text) where block.first?.hasPrefix("// swift-tools-version") != true {
            let found = Self.compiledFiles.first { Self.contains($0.lines, block) }
            #expect(found != nil, "\(article): this block is in no compiled file:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("a block that differs from the code by one line is caught")
    func driftIsCaught() {
        let file = ["public enum Paywall: HostedApp {", "public static let name = \"paywall\"", "}"]
        #expect(Self.contains(file, ["public enum Paywall: HostedApp {", "public static let name = \"paywall\""]))
        #expect(!Self.contains(file, ["public enum Paywall: HostedApp {", "public static let name = \"shop\""]))
    }
}
