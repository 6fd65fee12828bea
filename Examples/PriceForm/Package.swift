// swift-tools-version:6.0
// An example of FieldCheck used as a library, as a server validating form input would: it
// depends on the fieldcheck package by path and never runs the command line.
import PackageDescription

let package = Package(
    name: "PriceForm",
    dependencies: [.package(name: "fieldcheck", path: "../..")],
    targets: [
        .executableTarget(name: "PriceForm", dependencies: [.product(name: "FieldCheck", package: "fieldcheck")])
    ]
)
