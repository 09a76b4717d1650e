// The starter app's model and the service coordinators change it through.

extension StarterPackage {
    static let modelFiles: [StarterFile] = [
        StarterFile("Sources/__App__App/Model/Signup.swift", #"""
            /// A reader signed up for the newsletter.
            public struct Signup: Sendable, Hashable {
                /// The address the newsletter goes to, trimmed and lowercased.
                public var email: String

                /// Describes a signup.
                public init(email: String) {
                    self.email = email
                }
            }

            """#),
        StarterFile("Sources/__App__App/Model/SignupError.swift", #"""
            /// Why the signup service refused an address.
            public enum SignupError: Error, Sendable, Hashable {
                /// The text is not an email address.
                case invalidEmail
                /// The address has signed up already.
                case alreadySignedUp

                /// A stable code for events and reports, such as `email_invalid`.
                public var code: String {
                    switch self {
                    case .invalidEmail: "email_invalid"
                    case .alreadySignedUp: "already_signed_up"
                    }
                }

                /// What the address form says.
                public var message: String {
                    switch self {
                    case .invalidEmail: "That is not an email address."
                    case .alreadySignedUp: "That address has signed up already."
                    }
                }
            }

            """#),
        StarterFile("Sources/__App__App/Model/SignupService.swift", #"""
            /// The collaborator coordinators call to change the model: signups are made only through it.
            public protocol SignupService: AnyObject {
                /// Signs `email` up for the newsletter.
                func signUp(email: String) throws(SignupError) -> Signup
            }

            """#),
        StarterFile("Sources/__App__App/Model/InMemorySignupService.swift", #"""
            /// A signup service with no backend: it takes an address with one `@`, text on both sides and a dot
            /// in the domain, once, and keeps the signups it made.
            public final class InMemorySignupService: SignupService {
                /// The signups made, oldest first.
                public private(set) var signups: [Signup] = []

                /// Creates a service with no signups.
                public init() {}

                public func signUp(email: String) throws(SignupError) -> Signup {
                    let address = String(email.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed()).lowercased()
                    let parts = address.split(separator: "@", omittingEmptySubsequences: false)
                    guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !address.contains(where: { $0.isWhitespace }) else {
                        throw .invalidEmail
                    }
                    guard !signups.contains(where: { $0.email == address }) else { throw .alreadySignedUp }
                    let signup = Signup(email: address)
                    signups.append(signup)
                    return signup
                }
            }

            """#),
    ]
}
