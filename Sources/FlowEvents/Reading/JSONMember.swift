/// One `"key": value` pair of a parsed JSON object; objects keep their members in order.
struct JSONMember {
    var key: String
    var value: JSONValue
}
