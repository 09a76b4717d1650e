import Synchronization

/// The unqualified names of coordinator classes, computed once per class.
///
/// A coordinator is named after its type by default, and flows create coordinators by the
/// thousand: asking the runtime to demangle the same type name for each one would cost more
/// than the rest of creating it.
enum CoordinatorTypeNames {
    private static let names = Mutex<[ObjectIdentifier: String]>([:])

    /// The name of `type`, as `_typeName(_:qualified: false)` gives it.
    static func name(of type: Coordinator.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let name = _typeName(type, qualified: false)
        names.withLock { $0[key] = name }
        return name
    }
}
