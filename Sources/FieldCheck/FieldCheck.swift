/// FieldCheck validates, filters and formats strings as numbers, dates or constrained text,
/// in any locale, with ICU's data — the iOS constrained text field as a library.
///
/// The module owns the value pipeline (decode → prepare → filter → transform → validate →
/// format) driven by one `FieldSpec`, the locale data behind it, and the input reader. It
/// never prints and never exits: results and diagnostics are data for a front end
/// (the `fieldcheck` command line, a server validating form input) to render.
///
/// ICU is the engine: the system ICU 72 through the `CICU` module, imported internally so
/// that no ICU type appears in this module's interface.
public enum FieldCheckLibrary {
    /// The version of the ICU library in use ("72.1").
    public static var icuVersion: String { ICU.version }
    /// The Unicode version of ICU's character data ("15.0").
    public static var unicodeVersion: String { ICU.unicodeVersion }
    /// The CLDR version of ICU's locale data ("42.0").
    public static var cldrVersion: String { ICU.cldrVersion }
    /// Whether ICU is linked into the program rather than loaded as a shared library; nil
    /// when that cannot be told.
    public static var icuIsLinkedIn: Bool? { ICU.isLinkedIn }
}
