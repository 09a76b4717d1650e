import ArgumentParser
import Foundation
import VariantScaffolding

/// `switchyard init DIR --app ID`: a complete package of one app on Switchyard, ready to build, test and run.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a new package of one app on Switchyard: its app, two variants, its config, host and tests.",
        discussion: """
            DIR must be new or empty. The package depends on Switchyard by --switchyard-path (a checkout) or by \
            --switchyard-url and --switchyard-version. Its app is a small signup flow of three screens to change \
            into your own; its two variants are made from the app's templates by add-variant's own code. Then, in DIR: \
            swift build, swift test, and swift run <package>-switchyard validate | simulate | report | map.
            """
    )

    @Argument(help: ArgumentHelp("The folder to write the package into, new or empty.", valueName: "DIR"))
    var directory: String

    @Option(help: ArgumentHelp("The app's id: lowercase words joined by dashes, such as my-app.", valueName: "ID"))
    var app: String

    @Option(help: ArgumentHelp("Depend on the Switchyard checkout at PATH (from the current folder; written relative to DIR).", valueName: "PATH"))
    var switchyardPath: String?

    @Option(help: ArgumentHelp("Depend on Switchyard by the URL of its repository...", valueName: "URL"))
    var switchyardURL: String?

    @Option(help: ArgumentHelp("...from this version on, such as 1.0.0.", valueName: "VERSION"))
    var switchyardVersion: String?

    func run() throws {
        try StarterNames.check(appID: app)
        let writer = StarterWriter(directory: directory)
        try writer.checkFolder()
        let dependency = try SwitchyardDependency.resolve(
            path: switchyardPath, url: switchyardURL, version: switchyardVersion, package: writer.realFolder.path
        )
        let starter = StarterPackage(
            appID: app,
            packageName: StarterNames.packageName(folder: writer.folder.lastPathComponent, appID: app),
            switchyardPackage: dependency.packageExpression,
            switchyardIdentity: dependency.identity
        )
        try StarterNames.checkClashes(in: starter, switchyardCheckout: dependency.checkout)
        let variants = try writer.write(starter)
        let host = starter.hostExecutable
        // The folder is echoed as the user named it, quoted with its control characters escaped.
        let directory = Identifier.quoted(directory)
        StandardIO.write("""
            Created the package \(starter.packageName) in \(directory): app \(app) (module \(starter.appType)App), \
            its variants \(StarterPackage.variants.map(\.id).joined(separator: " and ")) (\(variants.joined(separator: ", ")), \
            made by add-variant), Configuration/\(app)/, its registry, its host executable \(host), and its tests.
            Next, in \(directory):
              swift build && swift test
              swift run \(host) validate
              swift run \(host) simulate --users 20000 --events events.jsonl
              swift run \(host) report events.jsonl
              swift run \(host) map --app \(app)
              swift package --allow-writing-to-package-directory add-variant --app \(app) --slot \(StarterPackage.slot) --name ID --summary TEXT

            """)
    }
}
