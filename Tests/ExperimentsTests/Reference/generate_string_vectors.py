#!/usr/bin/env python3
"""Generate reference values for Switchyard's string semantics (docs/Assignment.md, "Strings and regular expressions").

Usage (from the package root, after `pip install growthbook`; needs `node` on PATH for the regex section):

    python3 Tests/ExperimentsTests/Reference/generate_string_vectors.py

Writes Tests/ExperimentsTests/Resources/string-semantics-vectors.json with three sections, each a list of
{"name", "condition", "attributes", "expected"}:

  equality   code-unit equality ($eq $ne $in $nin $all $elemMatch, literal values, attribute-key lookup) and the
             JavaScript case folding of $ini $nini $alli, from the GrowthBook Python SDK's evalCondition. For the
             case-insensitive operators the script also checks that Python's str.lower() gives what JavaScript's
             toLowerCase() gives (run through node), which is what the JS SDK uses.
  regex      $regex / $regexi, evaluated as the JavaScript SDK does: `new RegExp(pattern, "i" or undefined)
             .test(value)`, run through node. (The Python SDK uses Python's `re`, whose dialect and case folding
             differ from ECMAScript's; GrowthBook's flagship SDK and UI assume ECMAScript.)
  hash       the Python SDK's bucket for a lone-surrogate id, which Switchyard refuses instead (kept to document the
             difference).
"""

import json
import os
import subprocess
from importlib.metadata import version as package_version

from growthbook import core

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources", "string-semantics-vectors.json")

E_ACUTE = "\u00e9"
E_COMBINING = "e\u0301"
KELVIN = "\u212a"

EQUALITY = [
    ("$eq does not equate canonically equivalent strings", {"s": {"$eq": E_COMBINING}}, {"s": E_ACUTE}),
    ("$eq matches identical code units", {"s": {"$eq": E_ACUTE}}, {"s": E_ACUTE}),
    ("$ne holds between canonically equivalent strings", {"s": {"$ne": E_COMBINING}}, {"s": E_ACUTE}),
    ("a literal value does not equal its canonical equivalent", {"s": E_COMBINING}, {"s": E_ACUTE}),
    ("the Kelvin sign is not K", {"s": "K"}, {"s": KELVIN}),
    ("the Angstrom sign is not A with ring", {"s": "\u00c5"}, {"s": "\u212b"}),
    ("$in compares code units", {"s": {"$in": [E_COMBINING]}}, {"s": E_ACUTE}),
    ("$nin compares code units", {"s": {"$nin": [E_COMBINING]}}, {"s": E_ACUTE}),
    ("$in intersects arrays by code units", {"s": {"$in": [E_COMBINING]}}, {"s": [E_ACUTE, "x"]}),
    ("$ini compares code units after lowercasing", {"s": {"$ini": ["E\u0301"]}}, {"s": E_ACUTE}),
    ("$nini compares code units after lowercasing", {"s": {"$nini": ["E\u0301"]}}, {"s": E_ACUTE}),
    ("$all compares code units", {"s": {"$all": [E_COMBINING]}}, {"s": [E_ACUTE]}),
    ("$alli compares code units after lowercasing", {"s": {"$alli": [E_COMBINING.upper()]}}, {"s": [E_ACUTE]}),
    ("$elemMatch compares code units", {"s": {"$elemMatch": {"$eq": E_COMBINING}}}, {"s": [E_ACUTE]}),
    ("attribute keys are looked up by code units", {E_ACUTE: "x"}, {E_COMBINING: "x"}),
    ("attribute keys with identical code units are found", {E_ACUTE: "x"}, {E_ACUTE: "x"}),
    ("nested attribute keys are looked up by code units", {"a." + E_ACUTE: 1}, {"a": {E_COMBINING: 1}}),
    ("$ini lowercases a final capital sigma to final sigma", {"s": {"$ini": ["\u03bf\u03b4\u03bf\u03c2"]}}, {"s": "\u039f\u0394\u039f\u03a3"}),
    ("$ini does not lowercase a final capital sigma to medial sigma", {"s": {"$ini": ["\u03bf\u03b4\u03bf\u03c3"]}}, {"s": "\u039f\u0394\u039f\u03a3"}),
    ("$ini lowercases a medial capital sigma to medial sigma", {"s": {"$ini": ["\u03c3\u03b1"]}}, {"s": "\u03a3\u0391"}),
    ("$ini lowercases a lone capital sigma to medial sigma", {"s": {"$ini": ["\u03c3"]}}, {"s": "\u03a3"}),
    ("$ini does not fold sharp s to ss", {"s": {"$ini": ["ss"]}}, {"s": "\u00df"}),
    ("$ini does not fold SS to sharp s", {"s": {"$ini": ["\u00df"]}}, {"s": "SS"}),
    ("$ini lowercases capital sharp s to sharp s", {"s": {"$ini": ["\u00df"]}}, {"s": "\u1e9e"}),
    ("$ini does not fold the fi ligature", {"s": {"$ini": ["fi"]}}, {"s": "\ufb01"}),
    ("$ini lowercases dotted capital I to i and a combining dot", {"s": {"$ini": ["i\u0307"]}}, {"s": "\u0130"}),
    ("$ini does not lowercase dotted capital I to plain i", {"s": {"$ini": ["i"]}}, {"s": "\u0130"}),
    ("$ini lowercases dotless i only to itself", {"s": {"$ini": ["i"]}}, {"s": "\u0131"}),
    ("$nini with final sigma", {"s": {"$nini": ["\u03bf\u03b4\u03bf\u03c2"]}}, {"s": "\u039f\u0394\u039f\u03a3"}),
    ("$nini does not fold sharp s", {"s": {"$nini": ["ss"]}}, {"s": "\u00df"}),
    ("$alli with final sigma", {"s": {"$alli": ["\u039f\u0394\u039f\u03a3"]}}, {"s": ["\u03bf\u03b4\u03bf\u03c2"]}),
    ("$alli does not fold the fi ligature", {"s": {"$alli": ["FI"]}}, {"s": ["\ufb01"]}),
    ("$alli with dotted capital I", {"s": {"$alli": ["\u0130"]}}, {"s": ["i\u0307"]}),
    ("$ini with a final sigma before punctuation", {"s": {"$ini": ["\u03bf\u03b4\u03bf\u03c2."]}}, {"s": "\u039f\u0394\u039f\u03a3."}),
    ("$ini with a sigma followed by a combining mark and a letter", {"s": {"$ini": ["\u03b1\u03c3\u0301\u03b1"]}}, {"s": "\u0391\u03a3\u0301\u0391"}),
]

REGEX = [
    ("$regexi does not fold sharp s to SS", "$regexi", "\u00df", "SS"),
    ("$regexi does not fold ss to sharp s", "$regexi", "ss", "\u00df"),
    ("$regexi does not fold the fi ligature", "$regexi", "\ufb01", "FI"),
    ("$regexi does not match dotted capital I with i", "$regexi", "i", "\u0130"),
    ("$regexi does not match dotless i with I", "$regexi", "I", "\u0131"),
    ("$regexi matches sigma forms with each other", "$regexi", "\u03c3", "\u03c2"),
    ("$regexi matches capital sigma with final sigma", "$regexi", "\u03a3", "\u03c2"),
    ("$regexi does not match long s with s", "$regexi", "s", "\u017f"),
    ("$regexi does not match the Kelvin sign with k", "$regexi", "k", KELVIN),
    ("$regexi does not match k with the Kelvin sign", "$regexi", KELVIN, "k"),
    ("$regexi matches accented letters across case", "$regexi", "\u00e9", "\u00c9"),
    ("$regexi applies to class ranges", "$regexi", "^[a-z]+$", "ABC"),
    ("$regexi applies to negated classes", "$regexi", "^[^a-z]$", "K"),
    ("$regexi class of Greek letters", "$regexi", "^[\u03b1-\u03c9]+$", "\u0391\u03a3\u03a9"),
    ("$regex . is one UTF-16 code unit", "$regex", "^.$", "\U0001F600"),
    ("$regex two dots match one astral character", "$regex", "^..$", "\U0001F600"),
    ("$regex a class holding an astral character matches one code unit of it", "$regex", "^[\U0001F600]$", "\U0001F600"),
    ("$regex a class holding an astral character finds it", "$regex", "[\U0001F600]", "x\U0001F600"),
    ("$regex a quantifier after an astral character repeats its low surrogate", "$regex", "^\U0001F600+$", "\U0001F600\U0001F600"),
    ("$regex an astral literal matches itself", "$regex", "\U0001F600", "a\U0001F600b"),
    ("$regex \\w is ASCII", "$regex", "\\w", "\u00e9"),
    ("$regex \\W matches non-ASCII letters", "$regex", "^\\W$", "\u00e9"),
    ("$regex \\d is ASCII", "$regex", "\\d", "\u0663"),
    ("$regex \\b is an ASCII word boundary", "$regex", "\\b\u00e9", "\u00e9"),
    ("$regex \\B between non-ASCII letters", "$regex", "\u00e9\\B\u00e9", "\u00e9\u00e9"),
    ("$regex \\s matches no-break space", "$regex", "\\s", "\u00a0"),
    ("$regex \\s matches the byte order mark", "$regex", "\\s", "\ufeff"),
    ("$regex \\s does not match next line", "$regex", "\\s", "\u0085"),
    ("$regex . matches next line", "$regex", "^.$", "\u0085"),
    ("$regex . does not match line separator", "$regex", "^.$", "\u2028"),
    ("$regex $ matches only at the very end", "$regex", "^a$", "a\n"),
    ("$regex ^ matches only at the very start", "$regex", "^b", "a\nb"),
    ("$regex . does not match carriage return", "$regex", "a.c", "a\rc"),
    ("$regex \\v is vertical tab", "$regex", "^\\v$", "\u000b"),
    ("$regex \\cJ is line feed", "$regex", "a\\cJb", "a\nb"),
    ("$regex lazy quantifier", "$regex", "^a+?b$", "aaab"),
    ("$regex bounded repetition", "$regex", "^a{2,3}$", "aaaa"),
    ("$regex look-ahead", "$regex", "^(?=.*\\d)(?!.*x)", "ab1"),
    ("$regex alternation and groups", "$regex", "^(?:ios|android)-(\\d+)\\.\\d+$", "ios-17.2"),
    ("$regex escaped slash", "$regex", "^a\\/b$", "a/b"),
    ("$regex unescaped slash", "$regex", "^a/b$", "a/b"),
    ("$regex class with escapes and a literal dash", "$regex", "^[\\w.-]+@[\\w-]+\\.[a-z]{2,}$", "jo.doe@mail-x.com"),
    ("$regex \\b inside a class is backspace", "$regex", "[\\b]", "\b"),
    ("$regex \\x and \\u escapes", "$regex", "^\\x41\\u00e9$", "A\u00e9"),
    ("$regex \\u escapes of a surrogate pair", "$regex", "^\\ud83d\\ude00$", "\U0001F600"),
    ("$regex canonically equivalent text does not match", "$regex", "^\u00e9$", E_COMBINING),
]

REJECTED = [
    ("\\p{L}", "\\p"), ("(?P<n>a)", "(?P"), ("[[:alpha:]]", "[:"), ("\\Qa.b\\E", "\\Q"), ("a\\z", "\\z"),
    ("\\Ga", "\\G"), ("\\Aa", "\\A"), ("(?<=a)b", "(?<="), ("(?<!a)b", "(?<!"), ("(?<n>a)", "(?<"), ("(?i)a", "(?i"),
    ("a*+", "+"), ("(a)\\1", "\\1"), ("a{", "{"), ("a}", "}"), ("a]", "]"), ("\\h", "\\h"), ("\\X", "\\X"),
    ("[a[b]]", "["), ("[z-a]", "z-a"), ("\\k<n>", "\\k"), ("\\u{1F600}", "\\u"), ("[]", "[]"), ("[^]", "[^]"),
    ("(a", "("), ("a)", ")"), ("\\", "\\"), ("(?=a)*", "(?=a)*"), ("\\012", "\\01"), ("\\R", "\\R"),
]


def node_eval(script: str, payload):
    result = subprocess.run(["node", "-e", script], input=json.dumps(payload), capture_output=True, text=True, check=True)
    return json.loads(result.stdout)


def main():
    equality = []
    for name, condition, attributes in EQUALITY:
        equality.append({"name": name, "condition": condition, "attributes": attributes,
                         "expected": core.evalCondition(attributes, condition)})

    # Python's str.lower() must agree with JavaScript's toLowerCase() on every string the case-insensitive cases use.
    strings = sorted({s for _, c, a in EQUALITY for s in json.dumps([c, a], ensure_ascii=False).split('"') if s})
    js_lower = node_eval(
        "let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{"
        "console.log(JSON.stringify(JSON.parse(d).map(s=>s.toLowerCase())))})", strings)
    mismatched = [s for s, lowered in zip(strings, js_lower) if s.lower() != lowered]
    if mismatched:
        raise SystemExit(f"str.lower() and toLowerCase() disagree on {mismatched!r}")

    regex_inputs = [[op == "$regexi", pattern, value] for _, op, pattern, value in REGEX]
    regex_results = node_eval(
        "let d='';process.stdin.on('data',c=>d+=c).on('end',()=>{"
        "console.log(JSON.stringify(JSON.parse(d).map(([i,p,v])=>new RegExp(p, i ? 'i' : undefined).test(v))))})",
        regex_inputs)
    regex = []
    for (name, op, pattern, value), expected in zip(REGEX, regex_results):
        regex.append({"name": name, "condition": {"s": {op: pattern}}, "attributes": {"s": value}, "expected": expected})

    node_version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    document = {
        "generator": "Tests/ExperimentsTests/Reference/generate_string_vectors.py",
        "growthbookPythonSDK": package_version("growthbook"),
        "node": node_version,
        "equality": equality,
        "regex": regex,
        "rejectedPatterns": [{"pattern": p, "construct": c} for p, c in REJECTED],
        "loneSurrogateHash": {"seed": "exp", "valueCodeUnits": [0xD800], "version": 2,
                              "pythonSDK": core.gbhash("exp", "\ud800", 2)},
    }
    with open(OUT, "w", encoding="ascii") as out:
        json.dump(document, out, ensure_ascii=True, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
