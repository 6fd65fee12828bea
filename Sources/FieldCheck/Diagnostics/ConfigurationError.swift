/// A problem with how fieldcheck was asked to run — an unknown locale, a malformed set,
/// regular expression, pattern or schema. The command line reports it and exits with status 2.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, in words a person understands.
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
