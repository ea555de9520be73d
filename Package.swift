// swift-tools-version: 6.0
import PackageDescription

// libyaml: Linux uses the system library (pkg-config `yaml-0.1`) through `CYAML`;
// every Apple platform, macOS included, uses the copy Yams bundles, its `CYaml`
// module (the same C API), so an app ships with nothing to install.
// `STYLIST_BUNDLED_LIBYAML=1` selects the bundled copy on Linux too, so the path
// Apple platforms take is built and tested here.
let bundledEverywhere = Context.environment["STYLIST_BUNDLED_LIBYAML"] == "1"
let systemLibYAMLPlatforms: [Platform] = [.linux, .openbsd]
let bundledLibYAMLPlatforms: [Platform] = [.macOS, .iOS, .macCatalyst, .tvOS, .watchOS, .visionOS]
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
  // Observation's floor: the oldest systems with `Observable`, which the engine is.
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
  products: [
    .library(name: "Stylist", targets: ["Stylist"]),
    .executable(name: "stylist", targets: ["StylistCLI"]),
    // The language server as a library: `stylist lsp` runs it, the fuzz target feeds it.
    .library(name: "StylistLanguageServer", targets: ["StylistLanguageServer"]),
    // Sheets from URLs (URLSession), so the engine itself links no networking.
    .library(name: "StylistRemote", targets: ["StylistRemote"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    // Only for the libyaml it bundles, on Apple platforms: its `CYaml` module
    // comes with the `Yams` product (a target, not a product of its own), and
    // the version is pinned to a minor release because that module is not
    // Yams' public API.
    .package(url: "https://github.com/jpsim/Yams", .upToNextMinor(from: "6.2.2")),
    // `make docs`: the DocC catalog in Sources/Stylist/Stylist.docc.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYAML",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
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
    // Remote sheets: fills the engine's content source with URLs.
    .target(name: "StylistRemote", dependencies: ["Stylist"]),
    .executableTarget(
      name: "StylistCLI",
      dependencies: [
        "Stylist",
        "StylistLanguageServer",
        "StylistRemote",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The README's library example, built and run by the tests as an app would.
    .executableTarget(name: "QuickStart", dependencies: ["Stylist"], path: "Examples/QuickStart"),
    .testTarget(name: "StylistTests", dependencies: ["Stylist"], swiftSettings: libYAMLSettings),
    .testTarget(
      name: "StylistCLITests", dependencies: ["StylistCLI", "Stylist", "StylistLanguageServer", "TestHTTPServer"]),
    // A local HTTP server on 127.0.0.1 for the remote tests: nothing leaves the machine.
    .target(name: "TestHTTPServer", path: "Tests/TestHTTPServer"),
    .testTarget(name: "StylistRemoteTests", dependencies: ["StylistRemote", "Stylist", "TestHTTPServer"]),
    // Uses only the public API, as an app does (no `@testable`).
    .testTarget(name: "StylistAppTests", dependencies: ["Stylist"]),
  ],
  swiftLanguageModes: [.v6]
)
