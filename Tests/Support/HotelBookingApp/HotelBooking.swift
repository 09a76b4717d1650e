import Coordination
import VariantKit

/// A test-only app registered by convention (type `HotelBooking` in module `HotelBookingApp`) that names
/// itself "hotels": add-variant knows it as "hotel-booking", so the host refuses it, naming that id.
public enum HotelBooking: HostedApp {
    public static let name = "hotels"
    public static var slots: [AppSlot] { [AppSlot(id: "booking-flow", summary: "the booking", defaultVariant: OneStepBookingVariant.id)] }
    public static var screenNames: [String] { ["book"] }
    public static let syntheticInput = SyntheticInput.none

    public static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try selection.variant(for: "booking-flow", as: (any BookingFlowVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}

/// A variant of the booking-flow slot.
public protocol BookingFlowVariant: FlowVariant {
    /// Creates the booking flow's root coordinator.
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension BookingFlowVariant {
    /// The booking-flow slot.
    public static var slot: String { "booking-flow" }
}
