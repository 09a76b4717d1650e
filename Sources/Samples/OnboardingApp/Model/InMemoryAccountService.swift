/// An account service that keeps accounts in memory and refuses what a real backend would:
/// a taken email, an email that is not an address, a weak password, a blank display name.
public final class InMemoryAccountService: AccountService {
    /// The accounts, each with its key (`key(for:)` of its email), in the order first stored: a
    /// service holds a handful, found by comparing keys, which costs less than hashing them; past
    /// `linearLookupLimit`, `index` finds them.
    private var accounts: [(key: String, account: Account)]
    /// The position of every key, once there are more than `linearLookupLimit` accounts.
    private var index: [String: Int]?
    private var nextID = 1

    /// Accounts found by comparing keys one by one, up to this many.
    private static let linearLookupLimit = 16

    /// Creates a service that already holds accounts for `existingEmails`, so that signing up
    /// with one of them fails as taken.
    public init(existingEmails: [String] = []) {
        // Room for the existing accounts and a few signups, so that the first ones do not grow it.
        accounts = []
        accounts.reserveCapacity(existingEmails.count + 4)
        for email in existingEmails {
            store(Account(id: takeID(), email: email), key: Self.key(for: email))
        }
    }

    /// The number of accounts held.
    public var accountCount: Int { accounts.count }

    /// The account registered under `email`, if any.
    public func account(forEmail email: String) -> Account? {
        position(of: Self.key(for: email)).map { accounts[$0].account }
    }

    public func createAccount(with credentials: Credentials, profile: Profile?) throws(AccountError) -> Account {
        let email = credentials.email
        guard Self.isAddress(email) else { throw .invalidEmail }
        let key = Self.key(for: email)
        guard position(of: key) == nil else { throw .emailTaken }
        guard Self.isStrong(credentials.password) else { throw .weakPassword }
        if let profile { try Self.check(profile) }
        let account = Account(id: takeID(), email: email, profile: profile)
        store(account, key: key)
        return account
    }

    public func validateProfile(_ profile: Profile) throws(AccountError) {
        try Self.check(profile)
    }

    public func updateProfile(_ profile: Profile, of account: Account) throws(AccountError) -> Account {
        guard let position = position(of: Self.key(for: account.email)), accounts[position].account.id == account.id else {
            throw .unknownAccount
        }
        try Self.check(profile)
        accounts[position].account.profile = profile
        return accounts[position].account
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// The position of the account with `key`, if any.
    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return accounts.indices.first { accounts[$0].key == key }
    }

    /// Stores `account` under `key`, in place of the account already stored under it.
    private func store(_ account: Account, key: String) {
        if let position = position(of: key) {
            accounts[position].account = account
            return
        }
        accounts.append((key, account))
        if index != nil {
            index?[key] = accounts.count - 1
        } else if accounts.count > Self.linearLookupLimit {
            index = Dictionary(accounts.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The email in lower case: accounts are found by it. An ASCII email without capitals, as most
    /// are, is its own key: lower-casing it would copy it for nothing, twice a signup.
    private static func key(for email: String) -> String {
        let isLowerCaseASCII = UTF8Bytes.allSatisfy(email) { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        return isLowerCaseASCII ? email : email.lowercased()
    }

    /// One `@` with text before it, a dot inside the domain (what follows the first `@`), no spaces.
    ///
    /// Read in one pass over the bytes: walking the UTF-8 view once per condition cost more than the
    /// rest of a signup's checks.
    private static func isAddress(_ email: String) -> Bool {
        var position = 0
        var at: Int?
        var domainHasDot = false
        var domainFirst: UInt8?
        var domainLast: UInt8?
        let hasNoSpaceNorSecondAt = UTF8Bytes.allSatisfy(email) { byte in
            if byte == UInt8(ascii: " ") { return false }
            if at != nil {
                if byte == UInt8(ascii: "@") { return false }
                if byte == UInt8(ascii: ".") { domainHasDot = true }
                if domainFirst == nil { domainFirst = byte }
                domainLast = byte
            } else if byte == UInt8(ascii: "@") {
                at = position
            }
            position += 1
            return true
        }
        guard hasNoSpaceNorSecondAt, let at, at != 0 else { return false }
        return domainHasDot && domainFirst != UInt8(ascii: ".") && domainLast != UInt8(ascii: ".")
    }

    /// At least 8 characters, with a letter and a digit.
    private static func isStrong(_ password: String) -> Bool {
        var count = 0
        var hasLetter = false
        var hasDigit = false
        // Printable ASCII, where a byte is a character, is checked by its bytes.
        let isPrintableASCII = UTF8Bytes.allSatisfy(password) { byte in
            count += 1
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { hasLetter = true }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { hasDigit = true }
            return (0x20...0x7E).contains(byte)
        }
        if isPrintableASCII { return count >= 8 && hasLetter && hasDigit }
        return password.count >= 8 && password.contains(where: \.isLetter) && password.contains(where: \.isNumber)
    }

    /// A display name has 1 to 40 characters and is not only spaces.
    private static func check(_ profile: Profile) throws(AccountError) {
        let name = profile.displayName
        var count = 0
        var hasNonSpace = false
        // Printable ASCII, where a byte is a character and only the space is whitespace, is checked by its bytes.
        let isPrintableASCII = UTF8Bytes.allSatisfy(name) { byte in
            count += 1
            if byte != UInt8(ascii: " ") { hasNonSpace = true }
            return (0x20...0x7E).contains(byte)
        }
        if isPrintableASCII {
            guard hasNonSpace, count <= 40 else { throw .invalidDisplayName }
            return
        }
        guard name.contains(where: { !$0.isWhitespace }), name.count <= 40 else { throw .invalidDisplayName }
    }
}

/// Reads strings' UTF-8 bytes in place, where walking a string's UTF-8 view byte by byte costs
/// several times more: the app's one use of a buffer pointer, only ever read within its bounds.
enum UTF8Bytes {
    /// Whether `predicate` holds for every byte of `text`, asked in order until it does not.
    static func allSatisfy(_ text: String, _ predicate: (UInt8) -> Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(predicate) }) { return result }
        return text.utf8.allSatisfy(predicate)
    }
}
