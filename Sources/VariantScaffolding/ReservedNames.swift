/// Names a generated variant module, or a type its templates derive from it, must not take: the
/// compiler reads them as something else, or they shadow a module or type every variant depends on.
public enum ReservedNames {
    /// Why `name` cannot be used, or nil when it can. Module names are compared ignoring case, as
    /// build folders on a case-insensitive file system (macOS) would collide.
    public static func reason(forbidding name: String) -> String? {
        if keywords.contains(name) { return "a Swift keyword" }
        let lowered = name.lowercased()
        if toolchainModules.contains(where: { $0.lowercased() == lowered }) { return "a module of the Swift toolchain" }
        if standardLibraryTypes.contains(name) { return "a type of the Swift standard library, which would shadow the module" }
        if name == "RegisteredApps" || name == "RegisteredApp" { return "the name of the registry's generated type" }
        return nil
    }

    /// Swift's keywords and contextual keywords, including the capitalised ones (`Self`, `Any`,
    /// `Type`, `Protocol`) that an UpperCamelCase name can spell.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch",
        "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "await", "false", "is", "nil", "self", "super", "throws", "true",
        "try", "async", "each", "some", "any", "macro", "package", "actor", "convenience", "dynamic", "didSet", "final",
        "get", "indirect", "infix", "lazy", "left", "mutating", "none", "nonmutating", "optional", "override", "postfix",
        "precedence", "prefix", "required", "right", "set", "unowned", "weak", "willSet", "copy", "consume", "discard",
        "sending", "isolated", "then", "Self", "Any", "Type", "Protocol",
    ]

    /// Modules every Swift toolchain or platform ships; a package module of the same name clashes with them.
    static let toolchainModules: Set<String> = [
        "Swift", "SwiftShims", "SwiftOnoneSupport", "_Concurrency", "_StringProcessing", "_Differentiation",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
        "CoreFoundation", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "Android", "XCTest", "Testing",
        "Observation", "Synchronization", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "PackageDescription",
        "PackagePlugin", "UIKit", "AppKit", "SwiftUI", "Combine", "os",
    ]

    /// Types of the standard library a variant's code or the generated registry names; a module
    /// named like one is shadowed by the type wherever the two meet.
    static let standardLibraryTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "UInt128",
        "Double", "Float", "Float16", "Float80", "Bool", "String", "Character", "Substring", "Array", "ContiguousArray",
        "ArraySlice", "Dictionary", "Set", "Optional", "Result", "Never", "Void", "Error", "Range", "ClosedRange",
        "Sequence", "Collection", "Hashable", "Equatable", "Comparable", "Codable", "Encodable", "Decodable",
        "Identifiable", "Task", "TaskGroup", "Actor", "MainActor", "AnyHashable", "AnyClass", "Unicode", "Duration",
        "Clock", "ContinuousClock", "SuspendingClock", "Mirror", "Slice", "Hasher", "Copyable", "Escapable",
        "Strideable", "Numeric", "Regex", "Span", "InlineArray", "KeyPath", "Unmanaged", "StaticString",
        "CustomStringConvertible", "Sendable", "AnyObject",
    ]
}
