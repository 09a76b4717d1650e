import HotelBookingApp
import PlantedApps
import SwitchyardCommands
import VariantKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test-only host: the `switchyard` commands over `HazardApp`, whose variants trap or loop forever, so
/// the end-to-end tests can see a map survive them. With `PLANTED_HOST_MISNAMED_APP` set it also hosts
/// `HotelBooking`, an app whose name is not the one its module's name gives it.
@main
enum PlantedHost {
    static func main() {
        let planted = RegisteredApp(app: HazardApp.self, variants: [SoundHazard.self, TrappingHazard.self, StallingHazard.self])
        let misnamed = RegisteredApp(app: HotelBooking.self, variants: [OneStepBookingVariant.self])
        SwitchyardCommandLine.main(hosting: getenv("PLANTED_HOST_MISNAMED_APP") == nil ? [planted] : [planted, misnamed])
    }
}
