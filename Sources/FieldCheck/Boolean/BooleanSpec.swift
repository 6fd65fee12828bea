/// The rules of a boolean field: the words that mean true and false (Table Schema's
/// `trueValues` and `falseValues`), compared exactly, as the spec compares them.
public struct BooleanSpec: Sendable, Hashable {
    /// Table Schema's defaults.
    public var trueValues = ["true", "True", "TRUE", "1"]
    public var falseValues = ["false", "False", "FALSE", "0"]

    public init() {}
}
