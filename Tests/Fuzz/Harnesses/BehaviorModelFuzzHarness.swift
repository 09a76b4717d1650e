import Foundation
import UserSimulation
import VariantHost

/// Fuzzes the behaviour model parser: `BehaviorModelLoader.parse(_:file:)` on arbitrary bytes.
public enum BehaviorModelFuzzHarness: FuzzHarness {
    public static let name = "behavior-model"

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        do {
            let model = try BehaviorModelLoader.parse(Data(input), file: "fuzz.json")
            return .accepted("\(model.screens.count) screens")
        } catch {
            guard !error.issues.isEmpty else { return .invariantViolated("a ModelFileError without issues") }
            return .rejected(error.description)
        }
    }
}
