import CProcess
import FieldCheck

/// `fieldcheck --version` (and `--version --json`): the version and the commit it was built
/// from, and the ICU it reads its data with — ICU's, CLDR's and Unicode's versions, and
/// whether ICU is linked in (`make dist`) or a shared library of the system.
enum VersionReport {
    static let version = "0.1.0"

    static var commit: String { String(cString: cprocess_build_commit()) }

    static var icuLinkage: String {
        switch FieldCheckLibrary.icuIsLinkedIn {
        case true?: "static"
        case false?: "shared"
        case nil: "unknown"
        }
    }

    /// `fieldcheck 0.1.0 (commit 9582db2)` and `ICU 72.1 (static), CLDR 42.0, Unicode 15.0`.
    static var text: String {
        "fieldcheck \(version) (commit \(commit))\n"
            + "ICU \(FieldCheckLibrary.icuVersion) (\(icuLinkage)), CLDR \(FieldCheckLibrary.cldrVersion), "
            + "Unicode \(FieldCheckLibrary.unicodeVersion)"
    }

    /// One JSON object: `formatVersion`, `version`, `commit`, `icu`, `icuLinkage` (static, shared), `cldr`, `unicode`.
    static var json: String {
        JSON.recordStart + "\"version\":\(JSON.string(version)),\"commit\":\(JSON.string(commit)),"
            + "\"icu\":\(JSON.string(FieldCheckLibrary.icuVersion)),\"icuLinkage\":\(JSON.string(icuLinkage)),"
            + "\"cldr\":\(JSON.string(FieldCheckLibrary.cldrVersion)),"
            + "\"unicode\":\(JSON.string(FieldCheckLibrary.unicodeVersion))}\n"
    }
}
