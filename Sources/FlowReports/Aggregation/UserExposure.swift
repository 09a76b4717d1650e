/// One tracked experiment a user was exposed to, and the user's position among its exposed users.
struct UserExposure: Sendable {
    /// The experiment's index in the accumulator.
    var experiment: Int
    /// The user's position in that experiment's exposures.
    var position: Int
}
