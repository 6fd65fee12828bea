/// A problem with how fieldcheck was asked to run — an unknown locale, a malformed set,
/// regular expression, pattern or schema. The command line reports it and exits with status 2.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong and where, in words a person understands.
    public var message: String
    /// What the front end may add in its own terms (a command that lists the locales).
    public var advice: [Advice] = []

    /// Advice a front end words itself: the library names no command or option.
    public enum Advice: Sendable, Hashable {
        /// How to see every locale ICU knows.
        case listLocales
        /// How to name the locale instead of taking the environment's.
        case setLocale
    }

    public init(_ message: String, advice: [Advice] = []) {
        self.message = message
        self.advice = advice
    }

    public var description: String { message }
}
