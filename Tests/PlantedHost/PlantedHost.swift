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
/// `HotelBooking`, an app whose name is not the one its module's name gives it; with `PLANTED_HOST_TRAIL_APP` set,
/// the trail app with its sound and prefill variants, whose map can skip a step of the trail's funnel.
@main
enum PlantedHost {
    static func main() {
        let planted = RegisteredApp(app: HazardApp.self, variants: [SoundHazard.self, TrappingHazard.self, StallingHazard.self])
        let misnamed = RegisteredApp(app: HotelBooking.self, variants: [OneStepBookingVariant.self])
        let trail = RegisteredApp(app: TrailApp.self, variants: [SoundTrail.self, PrefillTrail.self])
        var hosted = [planted]
        if getenv("PLANTED_HOST_MISNAMED_APP") != nil { hosted.append(misnamed) }
        if getenv("PLANTED_HOST_TRAIL_APP") != nil { hosted.append(trail) }
        SwitchyardCommandLine.main(hosting: hosted)
    }
}
