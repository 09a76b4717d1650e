extension FlowEvent {
    /// An event with empty texts that allocates nothing, for the decoder to overwrite field by field.
    static var blank: FlowEvent {
        FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "", user: "", type: .back)
    }
}
