import ArgumentParser
import FlowReports
import VariantHost
import VariantKit

/// `switchyard variants`: lists every registered app, its slots and their variants.
struct VariantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "variants",
        abstract: "List the registered apps, their slots and the variants that fill each slot."
    )

    func run() throws {
        var rows = [["APP", "SLOT", "VARIANT", "SUMMARY"]]
        for registry in try CommandInputs.registries() {
            for slot in registry.app.slots {
                for variant in registry.variants(in: slot.id) {
                    let isDefault = variant.id == slot.defaultVariant ? " (default)" : ""
                    rows.append([registry.app.name, slot.id, variant.id + isDefault, variant.summary])
                }
            }
        }
        StandardIO.write(TextTable.render(rows) + "\n")
    }
}
