// swift-tools-version: 6.0
import PackageDescription

// libyaml: Linux and macOS use the system library (pkg-config `yaml-0.1`) through
// `CYAML`; platforms without one use the copy Yams bundles, its `CYaml` module (the
// same C API). `STYLIST_BUNDLED_LIBYAML=1` selects the bundled copy everywhere, so
// the path iOS takes is built and tested on Linux too.
let bundledEverywhere = Context.environment["STYLIST_BUNDLED_LIBYAML"] == "1"
let systemLibYAMLPlatforms: [Platform] = [.linux, .macOS, .openbsd]
let bundledLibYAMLPlatforms: [Platform] = [.iOS, .macCatalyst, .tvOS, .watchOS, .visionOS]
let bundledLibYAML: TargetDependencyCondition? =
  bundledEverywhere ? nil : .when(platforms: bundledLibYAMLPlatforms)
/// `STYLIST_BUNDLED_LIBYAML` is defined where the bundled copy is used (its limits differ).
let libYAMLSettings: [SwiftSetting] = [
  .define("STYLIST_BUNDLED_LIBYAML", bundledEverywhere ? nil : .when(platforms: bundledLibYAMLPlatforms))
]
let libYAMLDependencies: [Target.Dependency] =
  (bundledEverywhere ? [] : [.target(name: "CYAML", condition: .when(platforms: systemLibYAMLPlatforms))])
  + [.product(name: "Yams", package: "Yams", condition: bundledLibYAML)]

let package = Package(
  name: "Stylist",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Stylist", targets: ["Stylist"]),
    .executable(name: "stylist", targets: ["StylistCLI"]),
    // The language server as a library: `stylist lsp` runs it, the fuzz target feeds it.
    .library(name: "StylistLanguageServer", targets: ["StylistLanguageServer"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    // Only for the libyaml it bundles (its `CYaml` target, not a product:
    // pinned to a minor version), on platforms without a system one.
    .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
    // `make docs`: the DocC catalog in Sources/Stylist/Stylist.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
    ),
    .target(
      name: "Stylist",
      dependencies: libYAMLDependencies + [
        .product(name: "OrderedCollections", package: "swift-collections")
      ],
      swiftSettings: libYAMLSettings
    ),
    // `stylist lsp`: the language server, over the library's loads.
    .target(name: "StylistLanguageServer", dependencies: ["Stylist"]),
    .executableTarget(
      name: "StylistCLI",
      dependencies: [
        "Stylist",
        "StylistLanguageServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The README's library example, built and run by the tests as an app would.
    .executableTarget(name: "QuickStart", dependencies: ["Stylist"], path: "Examples/QuickStart"),
    .testTarget(name: "StylistTests", dependencies: ["Stylist"], swiftSettings: libYAMLSettings),
    .testTarget(name: "StylistCLITests", dependencies: ["StylistCLI", "Stylist", "StylistLanguageServer"]),
    // Uses only the public API, as an app does (no `@testable`).
    .testTarget(name: "StylistAppTests", dependencies: ["Stylist"]),
  ],
  swiftLanguageModes: [.v6]
)
