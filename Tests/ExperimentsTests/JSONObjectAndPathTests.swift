import Experiments
import Testing

@Suite("JSON objects and paths")
struct JSONObjectAndPathTests {
    @Test("paths print like experiments[1].weights, quoting keys that are not plain identifiers")
    func pathDescription() {
        let path = JSONPath.root.appending("experiments").appending(1).appending("condition").appending("father.age").appending("$gt")
        #expect(path.description == #"experiments[1].condition["father.age"].$gt"#)
        #expect(JSONPath.root.description == "(root)")
        #expect(JSONPath.root.appending("a\"b").description == #"["a\"b"]"#)
    }

    @Test("large objects stay ordered and searchable through insertions and removals")
    func largeObjects() {
        var object = JSONObject()
        for index in 0..<20 {
            object["key\(index)"] = .number(Double(index))
        }
        #expect(object["key17"] == 17)
        object["key3"] = nil
        #expect(object["key3"] == nil)
        #expect(object["key17"] == 17)
        #expect(object.count == 19)
        #expect(object.keys.first == "key0")
        #expect(object.keys.last == "key19")
        for index in 4..<20 {
            object["key\(index)"] = nil
        }
        #expect(object.keys == ["key0", "key1", "key2"])
        #expect(object["key2"] == 2)
        #expect(!object.contains("key4"))
    }

    @Test("objects compare equal only with the same keys in the same order")
    func orderedEquality() {
        let ab: JSONObject = ["a": 1, "b": 2]
        let ba: JSONObject = ["b": 2, "a": 1]
        #expect(ab != ba)
        #expect(ab == ["a": 1, "b": 2])
    }
}
