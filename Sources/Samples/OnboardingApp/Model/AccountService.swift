/// The collaborator coordinators change the model through: accounts and profiles.
///
/// Screens never call it; coordinators do, and show its errors on the screen.
public protocol AccountService: AnyObject {
    /// Creates an account, optionally with its profile already filled in.
    func createAccount(with credentials: Credentials, profile: Profile?) throws(AccountError) -> Account
    /// Checks a profile without storing it, refusing what `updateProfile` would refuse.
    func validateProfile(_ profile: Profile) throws(AccountError)
    /// Sets the profile of an existing account and returns the updated account.
    func updateProfile(_ profile: Profile, of account: Account) throws(AccountError) -> Account
}
