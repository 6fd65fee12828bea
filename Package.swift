// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fieldcheck",
    products: [
        .library(name: "FieldCheck", targets: ["FieldCheck"]),
        .executable(name: "fieldcheck", targets: ["fieldcheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The system ICU 72 from Debian's libicu-dev, found through pkg-config.
        .systemLibrary(
            name: "CICUSystem",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The only code that includes ICU headers: plain C wrappers (cicu_*) around ICU's
        // versioned entry points, which Swift cannot import by their documented names.
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // Yams reads Table Schema files (YAML, and JSON as its subset) for `csv`. The command
        // line parses the file and hands the tree to the library, so that Foundation's ICU
        // (which Yams brings) never meets the system ICU inside `FieldCheck`.
        .target(name: "YAMLTree", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(name: "FieldCheck", dependencies: ["CICU"]),
        .executableTarget(
            name: "fieldcheck",
            dependencies: [
                "FieldCheck", "YAMLTree",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FieldCheckTests", dependencies: ["FieldCheck"]),
        .testTarget(name: "CLITests", dependencies: ["fieldcheck", "FieldCheck"]),
    ]
)
