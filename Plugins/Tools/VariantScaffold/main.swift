import Foundation

/// `VariantScaffold`: the tool behind `swift package add-variant` and `remove-variant`.
///
///     VariantScaffold add --package PATH --app NAME --slot ID --name ID --summary TEXT
///     VariantScaffold remove --package PATH --name ID
///
/// It checks everything before it writes anything, so bad input changes nothing.
do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard let verb = arguments.first else { throw ScaffoldError(ScaffoldCommand.usage) }
    let options = try ScaffoldOptions(parsing: Array(arguments.dropFirst()))
    let package = try PackageLayout(directory: try options.required("--package"))
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
    case "remove":
        print(try VariantRemoval(package: package, id: try options.required("--name")).perform())
    default:
        throw ScaffoldError("unknown command \"\(verb)\"\n\(ScaffoldCommand.usage)")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
