import ArgumentParser
import Experiments

/// A user's targeting attributes, as given on the command line.
struct AttributeOptions: ParsableArguments {
    @Option(name: .customLong("attr"), help: ArgumentHelp(
        "A string attribute for targeting, e.g. --attr deviceClass=tablet --attr appVersion=2.3.1.",
        valueName: "name=value"
    ))
    var attributePairs: [String] = []

    @Option(help: ArgumentHelp(
        #"Attributes as a JSON object, e.g. '{"deviceClass":"tablet","beta":true}'; --attr values win."#,
        valueName: "json"
    ))
    var attributes: String?

    /// The attributes given on the command line.
    func parsedAttributes() throws -> Attributes {
        var parsed = Attributes()
        if let attributes {
            let value: JSONValue
            do {
                value = try JSONParser.parse(attributes)
            } catch {
                throw ValidationError("--attributes is not valid JSON: \(error)")
            }
            guard let object = value.objectValue else {
                throw ValidationError("--attributes must be a JSON object, got \(value.typeName)")
            }
            parsed = object
        }
        for pair in attributePairs {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--attr \(pair): expected name=value")
            }
            parsed[String(parts[0])] = .string(String(parts[1]))
        }
        return parsed
    }
}
