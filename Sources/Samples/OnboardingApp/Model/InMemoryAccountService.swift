/// An account service that keeps accounts in memory and refuses what a real backend would:
/// a taken email, an email that is not an address, a weak password, a blank display name.
public final class InMemoryAccountService: AccountService {
    /// The accounts by their email in lower case, as emails are compared.
    private var accounts: [String: Account] = [:]
    private var nextID = 1

    /// Creates a service that already holds accounts for `existingEmails`, so that signing up
    /// with one of them fails as taken.
    public init(existingEmails: [String] = []) {
        for email in existingEmails {
            accounts[email.lowercased()] = Account(id: takeID(), email: email)
        }
    }

    /// The number of accounts held.
    public var accountCount: Int { accounts.count }

    /// The account registered under `email`, if any.
    public func account(forEmail email: String) -> Account? {
        accounts[email.lowercased()]
    }

    public func createAccount(with credentials: Credentials, profile: Profile?) throws(AccountError) -> Account {
        let email = credentials.email
        guard Self.isAddress(email) else { throw .invalidEmail }
        let key = email.lowercased()
        guard accounts[key] == nil else { throw .emailTaken }
        guard Self.isStrong(credentials.password) else { throw .weakPassword }
        if let profile { try Self.check(profile) }
        let account = Account(id: takeID(), email: email, profile: profile)
        accounts[key] = account
        return account
    }

    public func validateProfile(_ profile: Profile) throws(AccountError) {
        try Self.check(profile)
    }

    public func updateProfile(_ profile: Profile, of account: Account) throws(AccountError) -> Account {
        let key = account.email.lowercased()
        guard var stored = accounts[key], stored.id == account.id else { throw .unknownAccount }
        try Self.check(profile)
        stored.profile = profile
        accounts[key] = stored
        return stored
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// One `@` with text before it, a dot inside the domain (what follows the `@`), no spaces.
    private static func isAddress(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(" ") else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// At least 8 characters, with a letter and a digit.
    private static func isStrong(_ password: String) -> Bool {
        password.count >= 8 && password.contains(where: \.isLetter) && password.contains(where: \.isNumber)
    }

    /// A display name has 1 to 40 characters and is not only whitespace.
    private static func check(_ profile: Profile) throws(AccountError) {
        let name = profile.displayName
        guard !name.allSatisfy(\.isWhitespace), name.count <= 40 else { throw .invalidDisplayName }
    }
}
