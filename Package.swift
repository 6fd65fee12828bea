// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fieldcheck",
    products: [
        .library(name: "FieldCheck", targets: ["FieldCheck"]),
        // For the schema fuzz target (Fuzz/): the YAML reader the command line uses.
        .library(name: "YAMLTree", targets: ["YAMLTree"]),
        .executable(name: "fieldcheck", targets: ["fieldcheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The system ICU 72 from Debian's libicu-dev, found through pkg-config.
        .systemLibrary(
            name: "CICUSystem",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev"])]
        ),
        // The only code that includes ICU headers: plain C wrappers (cicu_*) around ICU's
        // versioned entry points, which Swift cannot import by their documented names; one
        // (cicu_currency.cpp) is C++, as ICU's C API reads currency amounts only as doubles.
        .target(name: "CICU", dependencies: ["CICUSystem"]),
        // The system libyaml (Debian's libyaml-dev), which reads Table Schema files (YAML, and
        // JSON as its subset) as events; `YAMLTree` composes them into values, within bounds.
        // Not Yams: it brings all of Foundation, and its ICU data, into the binary.
        .systemLibrary(
            name: "CYAMLSystem",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .target(name: "YAMLTree", dependencies: ["CYAMLSystem"]),
        // The process's argc and argv as the C library hands them over at start: the Swift
        // runtime reads them from /proc, which a bare chroot or container may not have.
        .target(name: "CProcess"),
        .target(name: "FieldCheck", dependencies: ["CICU"]),
        .executableTarget(
            name: "fieldcheck",
            dependencies: [
                "FieldCheck", "YAMLTree", "CProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FieldCheckTests", dependencies: ["FieldCheck"]),
        // CLITests run the built binary; they import Foundation and never FieldCheck, whose
        // ICU module (CICU) clashes with Foundation's own copy of ICU in one compilation.
        // pty_driver.py types keys into `fieldcheck prompt` on a pseudo-terminal for PromptTests.
        .testTarget(name: "CLITests", dependencies: ["fieldcheck"], exclude: ["pty_driver.py"]),
    ]
)
