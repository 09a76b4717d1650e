import Experiments
import Foundation
import JSONCore
import Testing

@Suite("JSON parsing")
struct JSONParserTests {
    @Test("objects keep their key order")
    func keyOrder() throws {
        let value = try JSONParser.parse(#"{"b": 1, "a": 2, "c": 3}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
    }

    @Test("a key repeated in one object is an error at the repeat, naming its path; the same key in two objects is not")
    func repeatedKey() throws {
        #expect {
            _ = try JSONParser.parse(#"{"b": 1, "a": 2, "b": 3}"#)
        } throws: { error in
            (error as? JSONSyntaxError)?.description == "line 1, column 18: duplicate key b: each key may appear once in an object"
        }
        #expect {
            _ = try JSONParser.parse("{\"list\": [{\"x\": 1}, {\"x\": 1,\n \"x\": 2}]}")
        } throws: { error in
            (error as? JSONSyntaxError)?.description == "line 2, column 2: duplicate key list[1].x: each key may appear once in an object"
        }
        #expect(try JSONParser.parse(#"{"a": {"x": 1}, "b": {"x": 1}}"#).objectValue?.keys == ["a", "b"])
    }

    @Test("all JSON types round-trip through the compact printer")
    func roundTrip() throws {
        let text = #"{"n":null,"t":true,"f":false,"i":-12,"d":0.5,"e":1e+21,"s":"a\"b\\c\n","a":[1,[],{}],"o":{"x":"é"}}"#
        let value = try JSONParser.parse(text)
        #expect(value.jsonText == text)
        #expect(try JSONParser.parse(value.jsonText) == value)
    }

    @Test("escaped surrogate pairs decode to one scalar")
    func surrogates() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00x""#) == "😀x")
    }

    @Test("a lone surrogate escape is a syntax error located at the escape, not text repaired to U+FFFD", arguments: [
        (#""a\ud83db""#, "line 1, column 3: lone UTF-16 surrogate \\ud83d is not Unicode text (a surrogate escape needs its pair)"),
        (#""\ude00""#, "line 1, column 2: lone UTF-16 surrogate \\ude00 is not Unicode text (a surrogate escape needs its pair)"),
        (#"{"k": "\ud800\n"}"#, "line 1, column 8: lone UTF-16 surrogate \\ud800 is not Unicode text (a surrogate escape needs its pair)"),
        (#"["\ud800\ud800\udc00"]"#, "line 1, column 3: lone UTF-16 surrogate \\ud800 is not Unicode text (a surrogate escape needs its pair)"),
        (#""\ud800""#, "line 1, column 2: lone UTF-16 surrogate \\ud800 is not Unicode text (a surrogate escape needs its pair)"),
    ])
    func loneSurrogates(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("syntax errors report line and column", arguments: [
        ("{\"a\": 1,}", "line 1, column 9: expected a string key in object"),
        ("[1, 2\n, 3", "line 2, column 4: expected ',' or ']' after array element"),
        ("{\"a\" 1}", "line 1, column 6: expected ':' after object key \"a\""),
        ("tru", "line 1, column 1: invalid literal, expected 'true'"),
        ("\"abc", "line 1, column 1: unterminated string"),
        ("01", "line 1, column 2: unexpected text after the JSON value"),
        ("[1.]", "line 1, column 4: expected a digit after the decimal point"),
        ("\"\u{1}\"", "line 1, column 2: unescaped control character in string"),
        ("", "line 1, column 1: unexpected end of input, expected a value"),
        ("{\"é\": x}", "line 1, column 7: unexpected character 'x', expected a value"),
    ])
    func syntaxErrors(text: String, expected: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test("absurdly deep nesting is rejected instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test("a leading UTF-8 byte order mark is ignored")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)) == [1])
    }

    @Test("JSONValue also decodes through Foundation's JSONDecoder")
    func decodable() throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(#"[1, "a", null, true, {"k": [2]}]"#.utf8))
        #expect(value == [1, "a", nil, true, ["k": [2]]])
    }
}
