import OnboardingApp
import Testing

@Suite("In-memory account service")
struct AccountServiceTests {
    private let good = Credentials(email: "ada@example.com", password: "secret123")

    @Test("creates accounts with increasing ids and finds them by email, case-insensitively")
    func creates() throws {
        let service = InMemoryAccountService()
        let first = try service.createAccount(with: good, profile: nil)
        let second = try service.createAccount(with: Credentials(email: "bob@example.com", password: "hunter22x"), profile: nil)
        #expect(second.id == first.id + 1)
        #expect(service.account(forEmail: "ADA@example.com") == first)
    }

    @Test("finds every account of many, and refuses every taken email, however many accounts it holds")
    func manyAccounts() throws {
        let service = InMemoryAccountService(existingEmails: ["taken@example.com", "TAKEN@example.com"])
        #expect(service.accountCount == 1)
        var created: [Account] = []
        for number in 0..<40 {
            created.append(try service.createAccount(with: Credentials(email: "user\(number)@example.com", password: "secret123"), profile: nil))
            #expect(throws: AccountError.emailTaken) {
                try service.createAccount(with: Credentials(email: "Taken@Example.com", password: "secret123"), profile: nil)
            }
        }
        #expect(service.accountCount == 41)
        for account in created {
            #expect(service.account(forEmail: account.email.uppercased()) == account)
            #expect(throws: AccountError.emailTaken) {
                try service.createAccount(with: Credentials(email: account.email, password: "secret123"), profile: nil)
            }
            #expect(try service.updateProfile(Profile(displayName: "Ada"), of: account).profile == Profile(displayName: "Ada"))
        }
        #expect(service.account(forEmail: "taken@example.com")?.id == 2)
    }

    @Test("refuses a taken email, whatever its case")
    func takenEmail() throws {
        let service = InMemoryAccountService(existingEmails: ["ada@example.com"])
        #expect(throws: AccountError.emailTaken) {
            try service.createAccount(with: Credentials(email: "Ada@Example.com", password: "secret123"), profile: nil)
        }
    }

    @Test("refuses emails that are not addresses", arguments: ["", "ada", "ada@", "@example.com", "ada@example", "a da@example.com", "ada@.com"])
    func invalidEmail(email: String) {
        #expect(throws: AccountError.invalidEmail) {
            try InMemoryAccountService().createAccount(with: Credentials(email: email, password: "secret123"), profile: nil)
        }
    }

    @Test("accepts addresses with one @, text before it and a dot inside the domain", arguments: ["a@b.c", "a@b..com", "ädä@exämple.de", "A.B@C.D"])
    func validEmail(email: String) throws {
        let service = InMemoryAccountService()
        let account = try service.createAccount(with: Credentials(email: email, password: "secret123"), profile: nil)
        #expect(service.account(forEmail: email.uppercased()) == account)
    }

    @Test("refuses addresses with a second @, a space or a dot at either end of the domain", arguments: [
        "a@@b.com", "a@b@c.com", "a@b.com.", "a@.b.com", "a @b.com", "a@b.com ",
    ])
    func malformedEmail(email: String) {
        #expect(throws: AccountError.invalidEmail) {
            try InMemoryAccountService().createAccount(with: Credentials(email: email, password: "secret123"), profile: nil)
        }
    }

    @Test("refuses passwords shorter than 8 characters or without both a letter and a digit", arguments: ["short1", "password", "12345678"])
    func weakPassword(password: String) {
        #expect(throws: AccountError.weakPassword) {
            try InMemoryAccountService().createAccount(with: Credentials(email: "ada@example.com", password: password), profile: nil)
        }
    }

    @Test("counts characters, not bytes, in passwords and display names", arguments: [
        ("pässwört1", true), ("ab\r\ncde1", false), ("ABCDEFG1", true), ("[@`{]{}9", false), ("ÅBCDEFGH", false), ("ÅBCDEFG١", true),
    ])
    func passwordStrength(password: String, isStrong: Bool) {
        let created = try? InMemoryAccountService().createAccount(with: Credentials(email: "ada@example.com", password: password), profile: nil)
        #expect((created != nil) == isStrong)
    }

    @Test("display names have 1 to 40 characters, not all whitespace", arguments: [
        ("Ada", true), ("   ", false), ("\u{00A0}\t", false), (String(repeating: "é", count: 40), true),
        (String(repeating: "e", count: 41), false), (String(repeating: "e", count: 40), true), ("", false),
    ])
    func displayNames(name: String, isValid: Bool) {
        let valid = (try? InMemoryAccountService().validateProfile(Profile(displayName: name))) != nil
        #expect(valid == isValid)
    }

    @Test("updates the profile of an existing account only")
    func updatesProfile() throws {
        let service = InMemoryAccountService()
        let account = try service.createAccount(with: good, profile: nil)
        let updated = try service.updateProfile(Profile(displayName: "Ada"), of: account)
        #expect(updated.profile?.displayName == "Ada")
        #expect(throws: AccountError.unknownAccount) {
            try service.updateProfile(Profile(displayName: "Eve"), of: Account(id: 99, email: "eve@example.com"))
        }
        #expect(throws: AccountError.invalidDisplayName) {
            try service.updateProfile(Profile(displayName: " "), of: account)
        }
    }
}
