import Foundation

/// An account service that keeps accounts in memory and refuses what a real backend would:
/// a taken email, an email that is not an address, a weak password, a blank display name.
public final class InMemoryAccountService: AccountService {
    private var accountsByEmail: [String: Account] = [:]
    private var nextID = 1

    /// Creates a service that already holds accounts for `existingEmails`, so that signing up
    /// with one of them fails as taken.
    public init(existingEmails: [String] = []) {
        for email in existingEmails {
            store(Account(id: takeID(), email: email))
        }
    }

    /// The number of accounts held.
    public var accountCount: Int { accountsByEmail.count }

    /// The account registered under `email`, if any.
    public func account(forEmail email: String) -> Account? {
        accountsByEmail[email.lowercased()]
    }

    public func createAccount(with credentials: Credentials, profile: Profile?) throws(AccountError) -> Account {
        let email = credentials.email
        guard Self.isAddress(email) else { throw .invalidEmail }
        guard accountsByEmail[email.lowercased()] == nil else { throw .emailTaken }
        guard Self.isStrong(credentials.password) else { throw .weakPassword }
        if let profile { try Self.check(profile) }
        let account = Account(id: takeID(), email: email, profile: profile)
        store(account)
        return account
    }

    public func validateProfile(_ profile: Profile) throws(AccountError) {
        try Self.check(profile)
    }

    public func updateProfile(_ profile: Profile, of account: Account) throws(AccountError) -> Account {
        guard var stored = accountsByEmail[account.email.lowercased()], stored.id == account.id else {
            throw .unknownAccount
        }
        try Self.check(profile)
        stored.profile = profile
        store(stored)
        return stored
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private func store(_ account: Account) {
        accountsByEmail[account.email.lowercased()] = account
    }

    private static func isAddress(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(" ") else { return false }
        let domain = parts[1]
        return domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    private static func isStrong(_ password: String) -> Bool {
        password.count >= 8
            && password.contains(where: \.isLetter)
            && password.contains(where: \.isNumber)
    }

    private static func check(_ profile: Profile) throws(AccountError) {
        let name = profile.displayName.trimmingCharacters(in: .whitespaces)
        guard (1...40).contains(name.count) else { throw .invalidDisplayName }
    }
}
