/// One file of the starter package: its path inside the package and its text, both spelled with the
/// marked names `StarterPackage` fills in (such as `__App__`).
struct StarterFile: Sendable {
    /// The path from the package's root, such as `Sources/__App__App/Flow/__App__.swift`.
    var path: String
    /// The file's text.
    var text: String

    init(_ path: String, _ text: String) {
        self.path = path
        self.text = text
    }
}
