import Foundation
import VariantScaffolding

/// `VariantScaffold`: the tool behind `swift package add-variant` and `remove-variant`.
///
///     VariantScaffold add --package PATH [--package-graph LINES] --app NAME --slot ID --name ID --summary TEXT
///     VariantScaffold remove --package PATH [--package-graph LINES] --name ID
///     VariantScaffold remove --package PATH --leftovers
///
/// It checks everything before it writes anything, so bad input changes nothing, and it writes only
/// inside the package's Variants/ and Package.swift (see `VariantsFolder`, `ManifestFile`).
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let verb = arguments.first, let allowed = ScaffoldCommand.options[verb] else {
        throw ScaffoldError("unknown command \(Identifier.quoted(arguments.first ?? ""))\n\(ScaffoldCommand.usage)")
    }
    let options = try ScaffoldOptions(parsing: Array(arguments.dropFirst()))
    try options.requireOnly(allowed.union(verb == "remove" ? ScaffoldCommand.flags : []))
    let package = try PackageLayout(directory: try options.required("--package"), graph: options.values["--package-graph"])
    // Whatever an interrupted command left is finished first, and said, whether or not this request is valid.
    let notes = try UnfinishedChanges.cleanUp(package)
    if !notes.isEmpty { print(notes.joined(separator: "\n")) }
    switch verb {
    case "add":
        let report = try VariantAddition(
            package: package,
            app: try options.required("--app"),
            slot: try options.required("--slot"),
            id: try options.required("--name"),
            summary: try options.required("--summary")
        ).perform()
        print(report)
    default:
        if options.flags.contains("--leftovers") {
            guard options.values["--name"] == nil else { throw ScaffoldError("--leftovers takes no --name\n\(ScaffoldCommand.usage)") }
            if notes.isEmpty { print("No leftovers of an interrupted add-variant or remove-variant.") }
        } else {
            print(try VariantRemoval(package: package, name: try options.required("--name")).perform())
        }
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
