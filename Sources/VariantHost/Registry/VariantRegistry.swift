import Experiments
import VariantKit

/// The variants a host can run, by identifier, checked against the app's slots.
public struct VariantRegistry: Sendable {
    /// The app the variants belong to.
    public let app: any HostedApp.Type
    /// Every registered variant, ordered by slot (in the app's order), then identifier.
    public let variants: [any FlowVariant.Type]
    private let variantsByID: [String: any FlowVariant.Type]

    /// Registers `variants` for `app`.
    ///
    /// - Throws: `RegistryError` for duplicate identifiers, a variant of a slot the app lacks, or
    ///   a slot whose default variant is not registered for it.
    public init(app: any HostedApp.Type, variants: [any FlowVariant.Type]) throws(RegistryError) {
        let slotOrder = Dictionary(uniqueKeysWithValues: app.slots.enumerated().map { ($1.id, $0) })
        var byID: [String: any FlowVariant.Type] = [:]
        for variant in variants {
            guard slotOrder[variant.slot] != nil else {
                throw RegistryError(
                    "variant \"\(variant.id)\" (\(String(reflecting: variant))) fills slot \"\(variant.slot)\", which \(app.name) "
                        + "(\(String(reflecting: app))) does not have (slots: \(app.slots.map(\.id).joined(separator: ", "))); "
                        + "conform it to a variant protocol of \(app.name)'s module, or register it for its own app in Package.swift"
                )
            }
            if let taken = byID[variant.id] {
                throw RegistryError(
                    "two variants of \(app.name) are registered as \"\(variant.id)\": \(String(reflecting: taken)) and "
                        + "\(String(reflecting: variant)); give one of them another `id`"
                )
            }
            byID[variant.id] = variant
        }
        for slot in app.slots where byID[slot.defaultVariant]?.slot != slot.id {
            throw RegistryError(
                "the default variant \"\(slot.defaultVariant)\" of \(app.name)'s slot \"\(slot.id)\" (\(String(reflecting: app)).slots) "
                    + "is not registered for it; add its variant module to Package.swift's `variants`, or name a registered default"
            )
        }
        self.app = app
        self.variantsByID = byID
        self.variants = variants.sorted {
            (slotOrder[$0.slot] ?? 0, $0.id) < (slotOrder[$1.slot] ?? 0, $1.id)
        }
    }

    /// The variant registered as `id`, if any.
    public func variant(id: String) -> (any FlowVariant.Type)? {
        variantsByID[id]
    }

    /// The variants that fill `slot`, ordered by identifier.
    public func variants(in slot: String) -> [any FlowVariant.Type] {
        variants.filter { $0.slot == slot }
    }

    /// Looks up `id`, or throws an error listing the registered identifiers.
    public func requireVariant(id: String) throws(RegistryError) -> any FlowVariant.Type {
        guard let variant = variantsByID[id] else {
            throw RegistryError(
                "unknown variant \"\(id)\"; expected one of: \(variants.map { $0.id }.joined(separator: ", "))"
            )
        }
        return variant
    }

    /// The variants `assignments` chose, each looked up with `requireVariant(id:)`.
    public func selection(for assignments: [SlotAssignment]) throws(RegistryError) -> VariantSelection {
        var variants: [any FlowVariant.Type] = []
        variants.reserveCapacity(assignments.count)
        for assignment in assignments {
            variants.append(try requireVariant(id: assignment.variant.rawValue))
        }
        return VariantSelection(variants)
    }
}

/// A problem with the registered variants, or a variant identifier that is not registered.
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, in words.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }
}
