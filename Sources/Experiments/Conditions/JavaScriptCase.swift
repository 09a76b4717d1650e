/// The case mappings GrowthBook's JavaScript SDK relies on, so that `$ini`, `$nini`, `$alli` and `$regexi` fold
/// case exactly as it does.
enum JavaScriptCase {
    /// `String.prototype.toLowerCase()`: each scalar's full lowercase mapping (`"İ"` → `"i̇"`, two scalars), with
    /// the context-dependent final sigma (`"ΟΔΟΣ"` → `"οδος"`). Nothing is folded beyond lowercasing: `"ß"` stays
    /// `"ß"` and `"ﬁ"` stays `"ﬁ"`, so neither equals `"ss"` or `"fi"`.
    static func lowercased(_ text: String) -> String {
        // Most attribute values are ASCII, where lowercasing is byte-wise.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (offset, scalar) in scalars.enumerated() {
            if scalar == "\u{03A3}" {
                result.append(isFinalSigma(at: offset, in: scalars) ? "\u{03C2}" : "\u{03C3}")
            } else {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(result)
    }

    /// Unicode's Final_Sigma condition: a cased letter before (skipping case-ignorable scalars) and none after.
    private static func isFinalSigma(at offset: Int, in scalars: [Unicode.Scalar]) -> Bool {
        var before = offset - 1
        while before >= 0, scalars[before].properties.isCaseIgnorable { before -= 1 }
        guard before >= 0, scalars[before].properties.isCased else { return false }
        var after = offset + 1
        while after < scalars.count, scalars[after].properties.isCaseIgnorable { after += 1 }
        return !(after < scalars.count && scalars[after].properties.isCased)
    }

    /// ECMAScript's `Canonicalize` for a case-insensitive regular expression without the `u` flag: the code unit's
    /// uppercase mapping when that is a single code unit and does not turn a non-ASCII unit into an ASCII one;
    /// otherwise the unit itself. So `ß`, `ﬁ` and `İ` match only themselves, `ſ` and the Kelvin sign do not
    /// match `s` or `k`, and `σ`, `ς` and `Σ` match each other.
    static func canonicalize(_ unit: UInt16) -> UInt16 {
        guard let scalar = Unicode.Scalar(unit) else { return unit }
        let upper = scalar.properties.uppercaseMapping.utf16
        guard upper.count == 1, let mapped = upper.first else { return unit }
        if unit >= 128 && mapped < 128 { return unit }
        return mapped
    }

    /// For every code unit whose case-insensitive match set is more than itself, all the units sharing its
    /// canonical form (computed once: the Basic Multilingual Plane has 63,488 non-surrogate units).
    static let caseEquivalents: [UInt16: [UInt16]] = {
        var byCanonical: [UInt16: [UInt16]] = [:]
        for unit in UInt16(0)...UInt16.max where !UTF16.isLeadSurrogate(unit) && !UTF16.isTrailSurrogate(unit) {
            byCanonical[canonicalize(unit), default: []].append(unit)
        }
        var result: [UInt16: [UInt16]] = [:]
        for units in byCanonical.values where units.count > 1 {
            for unit in units { result[unit] = units }
        }
        return result
    }()
}
