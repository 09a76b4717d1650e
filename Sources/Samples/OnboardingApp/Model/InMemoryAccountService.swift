/// An account service that keeps accounts in memory and refuses what a real backend would:
/// a taken email, an email that is not an address, a weak password, a blank display name.
public final class InMemoryAccountService: AccountService {
    private var accountsByEmail: [String: Account]
    private var nextID = 1

    /// Creates a service that already holds accounts for `existingEmails`, so that signing up
    /// with one of them fails as taken.
    public init(existingEmails: [String] = []) {
        // Room for the existing accounts and a few signups, so that the first ones do not grow it.
        accountsByEmail = Dictionary(minimumCapacity: existingEmails.count + 4)
        for email in existingEmails {
            store(Account(id: takeID(), email: email))
        }
    }

    /// The number of accounts held.
    public var accountCount: Int { accountsByEmail.count }

    /// The account registered under `email`, if any.
    public func account(forEmail email: String) -> Account? {
        accountsByEmail[Self.key(for: email)]
    }

    public func createAccount(with credentials: Credentials, profile: Profile?) throws(AccountError) -> Account {
        let email = credentials.email
        guard Self.isAddress(email) else { throw .invalidEmail }
        guard accountsByEmail[Self.key(for: email)] == nil else { throw .emailTaken }
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
        guard var stored = accountsByEmail[Self.key(for: account.email)], stored.id == account.id else {
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
        accountsByEmail[Self.key(for: account.email)] = account
    }

    /// The email in lower case: accounts are found by it.
    private static func key(for email: String) -> String {
        email.lowercased()
    }

    /// One `@` with text before it, a dot inside the domain, no spaces.
    private static func isAddress(_ email: String) -> Bool {
        let bytes = email.utf8
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at != bytes.startIndex, !bytes.contains(UInt8(ascii: " ")) else {
            return false
        }
        let domain = bytes[bytes.index(after: at)...]
        return !domain.contains(UInt8(ascii: "@"))
            && domain.contains(UInt8(ascii: "."))
            && domain.first != UInt8(ascii: ".")
            && domain.last != UInt8(ascii: ".")
    }

    /// At least 8 characters, with a letter and a digit.
    private static func isStrong(_ password: String) -> Bool {
        if isPrintableASCII(password) {
            let bytes = password.utf8
            return bytes.count >= 8
                && bytes.contains { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
                && bytes.contains { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
        return password.count >= 8 && password.contains(where: \.isLetter) && password.contains(where: \.isNumber)
    }

    /// A display name has 1 to 40 characters and is not only spaces.
    private static func check(_ profile: Profile) throws(AccountError) {
        let name = profile.displayName
        if isPrintableASCII(name) {
            guard name.utf8.contains(where: { $0 != UInt8(ascii: " ") }), name.utf8.count <= 40 else { throw .invalidDisplayName }
            return
        }
        guard name.contains(where: { !$0.isWhitespace }), name.count <= 40 else { throw .invalidDisplayName }
    }

    /// Whether `text` is all printable ASCII, where a byte is a character and only the space is
    /// whitespace, so the checks above can read its UTF-8 bytes instead of its characters: these
    /// checks run on every signup, and comparing bytes is several times cheaper than characters.
    private static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
