import VariantScaffolding

/// The names `switchyard init` derives from its request, and the rules they must pass before anything
/// is written: the same rules add-variant applies to the names it makes.
enum StarterNames {
    /// The app's type: the UpperCamelCase form of its id (`my-app` is `MyApp`, in module `MyAppApp`).
    static func appType(of id: String) -> String {
        Identifier.upperCamel(id)
    }

    /// Fails unless `id` can name an app whose module the registry and add-variant read back as `id`,
    /// and whose type and modules take no name the starter, Swift or the toolchain already uses.
    static func check(appID id: String) throws(CommandError) {
        guard !id.isEmpty else { throw CommandError("--app is empty; give the new app's id, such as my-app; nothing was written") }
        guard Identifier.isSlug(id) else {
            throw CommandError(
                "--app \(Identifier.quoted(id)) is not an app id: lowercase letters and digits in words joined by single dashes, "
                    + "starting with a letter, such as my-app; nothing was written"
            )
        }
        guard id.utf8.count <= Identifier.maximumLength else {
            throw CommandError("--app is \(id.utf8.count) characters long; an app id has at most \(Identifier.maximumLength); nothing was written")
        }
        let type = appType(of: id)
        let module = "\(type)App"
        let readBack = PackageLayout.appName(ofModule: module)
        guard readBack == id else {
            throw CommandError(
                "--app \(Identifier.quoted(id)) would make the module \(module), which Switchyard reads back as the app \(readBack): "
                    + "start each word after a dash with a letter; nothing was written"
            )
        }
        for name in [type, module] {
            if let reason = ReservedNames.reason(forbidding: name) {
                throw CommandError("--app \(Identifier.quoted(id)) would name \(name), which is \(reason); choose another --app; nothing was written")
            }
        }
    }

    /// Fails when the starter for `starter`'s app would use one name twice: the app's type or one of its
    /// modules named like a type of the app module or a module the starter always has (`--app signup` would make a type
    /// `Signup` beside the model's `Signup`).
    ///
    /// Fails too when one of the starter's modules is named like a module, product or package of Switchyard
    /// (`switchyardCheckout`'s manifest, or this release's): SwiftPM refuses a graph with two modules of one name.
    static func checkClashes(in starter: StarterPackage, switchyardCheckout: String?) throws(CommandError) {
        let type = starter.appType
        let modules = ["App", "Registry", "Host", "Tests", "EmbeddingTests"].map { type + $0 }
            + StarterPackage.variants.map { Identifier.upperCamel($0.id) }
        for module in modules {
            if let taken = SwitchyardNames.taken(module, checkout: switchyardCheckout) {
                throw CommandError(
                    "--app \(Identifier.quoted(starter.appID)) would make the module \(module), but Switchyard already names "
                        + "\(taken.name) (\(UnsafeText.escaped(taken.location))); SwiftPM refuses two modules of one name (ignoring case) "
                        + "in a package and its dependencies; choose another --app; nothing was written"
                )
            }
        }
        var seen: [String: String] = [:]
        let declared = starter.files.filter { $0.path.hasSuffix(".swift") && $0.path.hasPrefix("Sources/\(type)App/") }.flatMap { file in
            declaredTypes(in: file.text).map { ($0, "a type \($0) (in \(file.path))") }
        }
        for (name, shown) in declared + modules.map({ ($0, "a module \($0)") }) {
            let key = name.lowercased()
            if let earlier = seen[key] {
                throw CommandError(
                    "--app \(Identifier.quoted(starter.appID)) clashes with the starter package: it would have both \(earlier) and \(shown); "
                        + "choose another --app; nothing was written"
                )
            }
            seen[key] = shown
        }
    }

    /// The package's name: the folder's name in lowercase words joined by dashes (`My Flows` is
    /// `my-flows`), or `<app>-flows` when the folder's name has no letter to start with.
    static func packageName(folder: String, appID: String) -> String {
        var name = ""
        for scalar in folder.lowercased().unicodeScalars {
            if isLetter(scalar) || isDigit(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name.append("-")
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        guard let first = name.unicodeScalars.first, isLetter(first), name.utf8.count <= Identifier.maximumLength else {
            return "\(appID)-flows"
        }
        return name
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x61 && scalar.value <= 0x7A
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// The names declared by `struct`, `enum`, `class`, `protocol` and `actor` at the start of a line of `text`.
    private static func declaredTypes(in text: String) -> [String] {
        let keywords = ["struct ", "enum ", "class ", "protocol ", "actor "]
        var names: [String] = []
        for line in text.split(separator: "\n") {
            var rest = Substring(line.drop { $0 == " " })
            for modifier in ["public ", "open ", "final ", "private "] where rest.hasPrefix(modifier) {
                rest = rest.dropFirst(modifier.count)
            }
            guard let keyword = keywords.first(where: { rest.hasPrefix($0) }) else { continue }
            let name = rest.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if !name.isEmpty { names.append(String(name)) }
        }
        return names
    }
}
