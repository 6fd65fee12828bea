internal import Yams

/// Reads YAML (and JSON, a subset of it) into plain Swift values: `[String: Any]`, `[Any]`,
/// `String`, `Int`, `Double`, `Bool`.
///
/// Why a module of its own, used by the command line and not by `FieldCheck`: Yams brings
/// Foundation, and Foundation's bundled ICU declares the same C names as the system ICU that
/// `FieldCheck` uses; the two cannot be loaded into one module.
public enum YAMLTree {
    /// The document's value, or nil for an empty document.
    /// - Throws: `YAMLTreeError` with Yams's description (line and column) of a syntax error.
    public static func parse(_ text: String) throws(YAMLTreeError) -> Any? {
        do {
            return try Yams.load(yaml: text)
        } catch {
            throw YAMLTreeError(description: "\(error)")
        }
    }
}

public struct YAMLTreeError: Error, CustomStringConvertible {
    public var description: String
}
