/// How long the names a config gives may be.
///
/// Each is logged in events: an experiment key in every exposure, a slot id and a hash attribute as properties.
/// An event field holds at most `FlowEventLimits.maximumFieldBytes` UTF-8 bytes (in FlowEvents, which this module
/// does not import; a test keeps the two equal), so a longer name is refused here, before anything is written.
public enum ConfigLimits {
    /// The most UTF-8 bytes of an experiment key, slot id or hash attribute.
    public static let maximumNameBytes = 1024
}
