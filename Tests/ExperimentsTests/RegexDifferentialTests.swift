@testable import Experiments
import Foundation
import SeededRandom
import Testing

/// `$regex` and `$regexi` give the answers of JavaScript's own `RegExp`, checked against node over a generated corpus
/// of patterns in the supported subset and texts chosen to meet their corners: case variants (σ ς Σ, é É, the
/// Kelvin sign, long s), line terminators, non-ASCII white space, an astral character (two code units), ASCII word
/// boundaries. Both engines are checked: the deterministic automaton small patterns compile to, and the simulation of
/// every thread at once that runs the rest. node is the reference only here; nothing shipped runs it.
@Suite("Regular expressions agree with node's RegExp")
struct RegexDifferentialTests {
    /// Whether the differential tests run: when node is installed, and always in CI (`CI=true`), where a missing
    /// node must fail loudly rather than skip.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || node != nil
    }

    /// `node`, where installed.
    static let node: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("node") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// One pattern with its flag and the texts it is tried on.
    struct Case {
        var pattern: String
        var caseInsensitive: Bool
        var texts: [String]
    }

    /// Runs every case through node (`new RegExp(pattern, flags).test(text)`); nil for a pattern node refuses.
    static func nodeAnswers(_ cases: [Case]) throws -> [[Bool]?] {
        let node = try #require(Self.node, "node is not installed (apt-get install nodejs); CI installs it and fails without it")
        let input: JSONValue = .array(cases.map { item in
            ["p": .string(item.pattern), "f": .string(item.caseInsensitive ? "i" : ""), "t": .array(item.texts.map(JSONValue.string))]
        })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("regex-differential-\(UUID().uuidString).json")
        try Data(input.jsonText.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script = """
        const cases = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        console.log(JSON.stringify(cases.map(c => {
            let re;
            try { re = new RegExp(c.p, c.f); } catch (e) { return null; }
            return c.t.map(t => re.test(t));
        })));
        """
        let process = Process()
        process.executableURL = node
        process.arguments = ["-e", script, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "node failed")
        let answers = try JSONParser.parse(data)
        return answers.elements.map { answer in
            answer.isNull ? nil : answer.elements.map { $0.boolValue ?? false }
        }
    }

    /// Checks Switchyard's answer for every case and text against node's; returns how many texts matched and did not.
    @discardableResult
    static func expectAgreement(_ cases: [Case]) throws -> (matched: Int, unmatched: Int, automata: Int) {
        let answers = try nodeAnswers(cases)
        try #require(answers.count == cases.count)
        var disagreements = 0
        var matched = 0
        var unmatched = 0
        var automata = 0
        for (item, expected) in zip(cases, answers) {
            let condition = Condition(["s": [item.caseInsensitive ? "$regexi" : "$regex": .string(item.pattern)]])
            guard let expected else {
                #expect(!condition.issues.isEmpty, "node refuses /\(item.pattern)/ but Switchyard accepts it")
                continue
            }
            guard condition.issues.isEmpty else {
                Issue.record("Switchyard refuses /\(item.pattern)/, which node accepts: \(condition.issues)")
                continue
            }
            let threads = try ConditionRegex.compile(item.pattern, caseInsensitive: item.caseInsensitive, engine: .threads).get()
            if try ConditionRegex.compile(item.pattern, caseInsensitive: item.caseInsensitive).get().usesAutomaton { automata += 1 }
            for (text, answer) in zip(item.texts, expected) {
                if answer { matched += 1 } else { unmatched += 1 }
                let condition = condition.isSatisfied(by: ["s": .string(text)])
                let simulation = threads.matches(text)
                guard condition != answer || simulation != answer else { continue }
                disagreements += 1
                if disagreements <= 20 {
                    Issue.record("/\(item.pattern)/\(item.caseInsensitive ? "i" : "") on \(text.debugDescription): node says \(answer), the condition \(condition), the thread simulation \(simulation)")
                }
            }
        }
        #expect(disagreements == 0)
        return (matched, unmatched, automata)
    }

    @Test(
        "generated patterns of the subset give node's answers on texts meeting their corners",
        .enabled(if: shouldRun, "node is not installed (apt-get install nodejs); CI installs it and fails without it")
    )
    func generatedCorpus() throws {
        var generator = RegexCorpusGenerator(seed: 2024)
        let cases = (0..<1_500).map { index in
            Case(pattern: generator.pattern(), caseInsensitive: index % 3 == 0, texts: (0..<14).map { _ in generator.text() })
        }
        let (matched, unmatched, automata) = try Self.expectAgreement(cases)
        // A corpus that mostly matches (or mostly fails), or that one engine mostly runs, would test little.
        #expect(matched > 3_000 && unmatched > 3_000, "\(matched) matched, \(unmatched) did not")
        #expect(automata > 300 && automata < 1_200, "\(automata) of \(cases.count) patterns ran on an automaton")
    }

    @Test(
        "hand-picked subtleties give node's answers",
        .enabled(if: shouldRun, "node is not installed (apt-get install nodejs); CI installs it and fails without it")
    )
    func subtleties() throws {
        let texts = ["", "a", "A", "aa", "ab", "a\n", "\na", "a\r\nb", "a\u{2028}b", "\u{85}", "😀", "x😀y", "σ", "ς", "Σ",
                     "é", "É", "\u{212A}", "k", "ſ", "s", "S", "ß", "SS", "İ", "i", "ı", "a b", "a_b", "é é", "\u{A0}", "\u{FEFF}",
                     "12", "a-b", "aaaaaaaaaaaaaaaaaaaaaaaaX", "\u{0}", "\t", "\u{B}"]
        let patterns = [
            "^.$", "^..$", "^[😀]$", "[😀]", "^😀+$", "^\\ud83d\\ude00$", "\\ud83d", "[\\ud800-\\udbff]", "^[^a]$",
            "a$", "^a", "a.b", "a[\\s\\S]?b", "\\bé", "é\\Bé", "\\b", "\\B", "^\\B$", "^\\b",
            "\\w", "\\W", "\\s", "\\S", "\\d", "^\\D+$", "[\\b]", "\\cJ", "\\0", "\\x41", "\\u00e9", "[\\w-]", "[-a]",
            "σ", "ς", "Σ", "é", "k", "\\u212a", "s", "ß", "ss", "i", "I", "[a-z]", "[^a-z]", "[A-Z]+", "[α-ω]", "[\\W]", "[^\\W]",
            "(a|ab)(c|bcd)(d*)", "(a*)*$", "(a+)+$", "(?:a|aa)+X$", "^(?=.*\\d)(?!.*x)", "a(?=b)", "a(?!b)", "(?=(a+))a*b",
            "(?=a)(?=.*b)", "^(?!$)", "(?!(?=a)a)a", "((?=a)a){2}", "x*", "", "|a", "a|", "a{0}", "a{0}b", "^a{2,3}$", "a{2,}", "(?:)+",
            "(a?){3}a{3}", "^(?:a?)*$", "\\s+$", "^\\S*$", "[\\s\\S]", "[^\\s\\S]?x?",
        ]
        var cases: [Case] = []
        for pattern in patterns {
            cases.append(Case(pattern: pattern, caseInsensitive: false, texts: texts))
            cases.append(Case(pattern: pattern, caseInsensitive: true, texts: texts))
        }
        try Self.expectAgreement(cases)
    }
}

/// Patterns built from the supported subset's constructs, and texts over an alphabet chosen to meet their corners;
/// deterministic for a seed.
struct RegexCorpusGenerator {
    private var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private mutating func below(_ bound: Int) -> Int {
        random.next(below: bound)
    }

    private mutating func pick(_ choices: [String]) -> String {
        choices[below(choices.count)]
    }

    static let literals = ["a", "b", "A", "k", "s", "é", "É", "σ", "Σ", "ς", "\u{212A}", "ſ", "1", " ", "-", "\\.", "\\n", "\\u00e9", "😀", "\\ud83d", "_", "\\/"]
    static let classes = ["[ab]", "[^a]", "[a-z]", "[A-Z0-9]", "[\\w-]", "[^\\s]", "[é-ö]", "[\\d.]", "[\\b]", "[^\\W]", "[σ-ω]", "[\\s\\S]", "[k]", "[^\\ud83d]"]
    static let escapes = ["\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "."]
    static let assertions = ["^", "$", "\\b", "\\B"]
    static let quantifiers = ["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}", "{0}"]

    /// A pattern of the subset.
    mutating func pattern() -> String {
        disjunction(depth: 0)
    }

    private mutating func disjunction(depth: Int) -> String {
        var branches = [alternative(depth: depth)]
        while below(4) == 0 { branches.append(alternative(depth: depth)) }
        return branches.joined(separator: "|")
    }

    private mutating func alternative(depth: Int) -> String {
        (0..<(1 + below(4))).map { _ in term(depth: depth) }.joined()
    }

    private mutating func term(depth: Int) -> String {
        let roll = below(20)
        if roll < 2 { return pick(Self.assertions) }
        if roll < 4 && depth < 2 {
            return "(?\(pick(["=", "!"]))\(disjunction(depth: depth + 1)))"
        }
        let atom: String
        switch roll {
        case 4..<7 where depth < 2: atom = "(\(["", "?:"][below(2)])\(disjunction(depth: depth + 1)))"
        case 7..<10: atom = pick(Self.classes)
        case 10..<12: atom = pick(Self.escapes)
        default: atom = pick(Self.literals)
        }
        guard below(3) == 0 else { return atom }
        return atom + pick(Self.quantifiers) + (below(4) == 0 ? "?" : "")
    }

    static let textUnits = ["a", "b", "A", "B", "k", "K", "s", "S", "é", "É", "σ", "Σ", "ς", "\u{212A}", "ſ", "1", "2", " ", "-", ".",
                            "\n", "\r", "\u{2028}", "😀", "_", "\u{A0}", "\u{85}", "/", "ö", "ω", "\u{8}"]

    /// A text of up to 9 characters.
    mutating func text() -> String {
        (0..<below(10)).map { _ in pick(Self.textUnits) }.joined()
    }
}
