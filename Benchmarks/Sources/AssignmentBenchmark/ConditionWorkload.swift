import Experiments

/// The condition workloads: a typical targeting mix, most of it regular expressions, evaluated over generated users;
/// and the pathological `$notRegex: "(a+)+$"` on 10,000 `a`s and an `X`, which a backtracking engine cannot decide
/// in any useful time.
enum ConditionWorkload {
    /// Conditions of the kind experiment configs target with: user agents, e-mail domains, locales, device ids,
    /// countries and versions. Seven of the nine hold a regular expression.
    static let conditions: [Condition] = ([
        ["userAgent": ["$regexi": "(mobile|tablet)"]],
        ["email": ["$regex": "@(example|corp)\\.com$"]],
        ["id": ["$notRegex": "^test-"]],
        ["locale": ["$regex": "^(en|de)(-[A-Z]{2})?$"]],
        ["deviceId": ["$regex": "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"]],
        ["$or": [["plan": "pro"], ["email": ["$regex": "^[^@]+@example\\.com$"]]]],
        ["userAgent": ["$regex": "\\bChrome/(1[2-9]\\d|[2-9]\\d\\d)\\b"]],
        ["country": ["$in": ["DE", "AT", "CH"]], "version": ["$vgte": "2.4.0"]],
        ["age": ["$gte": 18], "tags": ["$elemMatch": ["$eq": "beta"]]],
    ] as [JSONValue]).map { Condition($0) }

    static let userAgents = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.6312.99 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
    ]

    /// `count` users with the attributes the conditions read, varied by index.
    static func users(_ count: Int) -> [Attributes] {
        (0..<count).map { index in
            let hex = String(UInt32(truncatingIfNeeded: index &* 2_654_435_761), radix: 16)
            let padded = String(repeating: "0", count: 8 - hex.count) + hex
            return [
                "id": .string(index % 50 == 0 ? "test-\(index)" : "user-\(index)"),
                "email": .string("person.\(index)@\(["example.com", "corp.com", "mail.org"][index % 3])"),
                "userAgent": .string(userAgents[index % userAgents.count]),
                "locale": .string(["en-US", "de", "fr-FR", "de-AT"][index % 4]),
                "deviceId": .string("\(padded)-1f2e-4\(padded.prefix(3))-\(["8", "9", "c"][index % 3])d3c-\(padded)a1b2"),
                "plan": .string(index % 7 == 0 ? "pro" : "free"),
                "country": .string(["DE", "US", "AT", "FR"][index % 4]),
                "version": .string("2.\(index % 8).\(index % 3)"),
                "age": .number(Double(14 + index % 50)),
                "tags": index % 5 == 0 ? ["beta", "staff"] : ["staff"],
            ]
        }
    }

    /// How many (condition, user) pairs of `conditions` and `users` hold, over `iterations` pairs taken in turn.
    static func evaluateMix(_ iterations: Int, of conditions: [Condition] = conditions, users: [Attributes]) -> Int {
        var holding = 0
        var user = 0
        var condition = 0
        for _ in 0..<iterations {
            if conditions[condition].isSatisfied(by: users[user]) { holding += 1 }
            condition = condition + 1 == conditions.count ? 0 : condition + 1
            if condition == 0 { user = user + 1 == users.count ? 0 : user + 1 }
        }
        return holding
    }

    /// `$notRegex: "(a+)+$"`: exponential for a backtracking engine on a run of `a`s that does not end the text.
    static let pathological = Condition(["text": ["$notRegex": "(a+)+$"]])
    /// 10,000 `a`s and an `X`: the pattern cannot match, so the condition holds.
    static let pathologicalUser: Attributes = ["text": .string(String(repeating: "a", count: 10_000) + "X")]

    /// How many of `iterations` evaluations of the pathological condition hold (all of them, in JavaScript).
    static func evaluatePathological(_ iterations: Int) -> Int {
        var holding = 0
        for _ in 0..<iterations where pathological.isSatisfied(by: pathologicalUser) {
            holding += 1
        }
        return holding
    }
}
