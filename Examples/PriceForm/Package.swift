// swift-tools-version:6.0
// An example of FieldCheck used as a library, as a server validating form input would: it
// never runs the command line. It depends on the fieldcheck package by path; with
// FIELDCHECK_PACKAGE_URL set (a git URL whose tags are versions), by version from that URL,
// as a package from elsewhere would: CI builds it so (.ci/run), which SwiftPM refuses when a
// target of FieldCheck uses unsafe flags.
import Foundation
import PackageDescription

let url = ProcessInfo.processInfo.environment["FIELDCHECK_PACKAGE_URL"]
let fieldcheck: Package.Dependency =
    if let url { .package(url: url, from: "0.1.0") } else { .package(name: "fieldcheck", path: "../..") }
// SwiftPM names a package from a URL by the URL's last component.
let identity = url.map { ($0 as NSString).lastPathComponent.replacingOccurrences(of: ".git", with: "") } ?? "fieldcheck"

let package = Package(
    name: "PriceForm",
    dependencies: [fieldcheck],
    targets: [
        .executableTarget(name: "PriceForm", dependencies: [.product(name: "FieldCheck", package: identity)])
    ]
)
