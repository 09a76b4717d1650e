import JSONCore

/// Malformed JSON text, located by byte offset and by 1-based line and column: the error of JSONCore's
/// parser, which configuration text is read with.
public typealias JSONSyntaxError = JSONCore.JSONSyntaxError
