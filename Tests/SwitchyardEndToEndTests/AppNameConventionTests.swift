import Foundation
import Testing

/// add-variant and remove-variant know an app by its module's name (`HotelBookingApp` is `hotel-booking`),
/// the host by `HostedApp.name`: every command that reads the registry refuses the two disagreeing, before
/// a misleading error about configuration folders or unknown apps. `planted-host` hosts such an app,
/// `HotelBooking` named "hotels", when `PLANTED_HOST_MISNAMED_APP` is set.
@Suite("An app registered by its module's name is named as add-variant derives it, or every command says so")
struct AppNameConventionTests {
    private let misnamed = ["PLANTED_HOST_MISNAMED_APP": "1"]

    @Test("a command over the registry fails with one error naming the module, both names and the fix", arguments: [
        ["variants"], ["validate"], ["run", "--app", "hotels"], ["simulate", "--app", "hotel-booking", "--users", "1"],
    ])
    func mismatchIsAnError(arguments: [String]) throws {
        let cli = try CLI()
        let result = try cli.run(product: "planted-host", arguments, environment: misnamed)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("Error: app module HotelBookingApp names its app \"hotels\""), "\(result.standardError)")
        #expect(result.standardError.contains("know it by its module's name as \"hotel-booking\""))
        #expect(result.standardError.contains("set `public static let name = \"hotel-booking\"` in HotelBooking"))
        #expect(result.standardError.contains("Configuration/hotel-booking/"))
        #expect(!result.standardError.contains("planted"), "an app registered under another module's name is not checked")
    }

    @Test("an app whose type is not named after its module (registered by hand) is not held to the convention")
    func handRegisteredAppIsNotChecked() throws {
        let cli = try CLI()
        let result = try cli.run(product: "planted-host", ["variants"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("planted"))
        #expect(!result.standardOutput.contains("hotels"))
    }
}
