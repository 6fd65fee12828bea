// swift-tools-version:6.0
// libFuzzer targets for fieldcheck's readers (see README.md here). Built with
// `-sanitize=fuzzer` by run.sh; not part of the main package's build or tests.
import PackageDescription

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "FieldCheckFuzz",
    dependencies: [.package(name: "fieldcheck", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "FieldCheck", package: "fieldcheck")]),
        .executableTarget(name: "FuzzNumber", dependencies: ["FuzzSupport"], swiftSettings: fuzzer),
        .executableTarget(name: "FuzzDate", dependencies: ["FuzzSupport"], swiftSettings: fuzzer),
        .executableTarget(name: "FuzzText", dependencies: ["FuzzSupport"], swiftSettings: fuzzer),
        .executableTarget(name: "FuzzCSV", dependencies: ["FuzzSupport"], swiftSettings: fuzzer),
        .executableTarget(
            name: "FuzzSchema",
            dependencies: ["FuzzSupport", .product(name: "YAMLTree", package: "fieldcheck")],
            swiftSettings: fuzzer),
    ]
)
