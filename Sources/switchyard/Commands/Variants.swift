import ArgumentParser
import BundledVariants
import VariantHost
import VariantKit

/// `switchyard variants`: lists the registered variants and the slot each fills.
struct Variants: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the registered variants and which slot each fills."
    )

    func run() throws {
        let registry = try Host.registry()
        var rows = [["SLOT", "VARIANT", "SUMMARY"]]
        for slot in registry.app.slots {
            for variant in registry.variants(in: slot.id) {
                rows.append([slot.id, variant.id, variant.summary])
            }
        }
        StandardIO.write(TextTable.render(rows) + "\n")
    }
}
