import Foundation
import PackagePlugin

/// Compiles the Swift code of the DocC articles that teach the API, as the articles show it.
///
/// Applied to a test target, it hands each article the target compiles to ArticleCodeExtractor,
/// which writes the article's ```swift blocks into one Swift file of the target, each line marked
/// with its line in the article (a block marked `<!-- not compiled: REASON -->` is left out, and
/// checked as text by ArticleCodeTests instead). So the code a reader sees is the code the build compiles (and
/// the test runner runs, for the article's tests): a wrong line in an article fails the build with
/// an error at that line of the article. The articles are inputs of the command, so editing one
/// compiles it again.
@main
struct ArticleCodePlugin: BuildToolPlugin {
    /// The articles each test target compiles, relative to the package.
    static let articles: [String: [String]] = [
        "CoordinatorArticleTests": [
            "Sources/Coordination/Coordination.docc/WritingACoordinator.md",
            "Sources/Coordination/Coordination.docc/GettingStarted.md",
        ],
        // Each library's "Getting started", a script of its first calls, compiled in its module's tests.
        "ExperimentsTests": [
            "Sources/Experiments/Experiments.docc/Experiments.md",
            "Sources/Experiments/Experiments.docc/GettingStarted.md",
        ],
        "FlowEventsTests": ["Sources/FlowEvents/FlowEvents.docc/GettingStarted.md"],
        "FlowReportsTests": ["Sources/FlowReports/FlowReports.docc/GettingStarted.md"],
        // Built with the main actor as default isolation, as an app target is: the article's view
        // controllers and tests replace this target's own copies of them.
        "MainActorEmbeddingTests": ["Sources/VariantKit/VariantKit.docc/EmbeddingOnTheMainActor.md"],
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let articles = Self.articles[target.name] else {
            throw ArticleCodePluginError(description: "ArticleCodePlugin knows no articles for target \(target.name); add them to ArticleCodePlugin.articles")
        }
        let extractor = try context.tool(named: "ArticleCodeExtractor").url
        return articles.map { relative in
            let article = context.package.directoryURL.appending(path: relative)
            let name = article.deletingPathExtension().lastPathComponent
            let output = context.pluginWorkDirectoryURL.appending(path: "\(name)Article.swift")
            return .buildCommand(
                displayName: "Compiling the Swift blocks of \(relative)",
                executable: extractor,
                arguments: [article.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: [article],
                outputFiles: [output]
            )
        }
    }
}

/// A target the plugin was applied to without articles to compile.
struct ArticleCodePluginError: Error, CustomStringConvertible {
    var description: String
}
