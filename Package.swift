// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Stylist",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Stylist", targets: ["Stylist"]),
    .executable(name: "stylist", targets: ["StylistCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
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
      dependencies: [
        "CYAML",
        .product(name: "OrderedCollections", package: "swift-collections"),
      ]
    ),
    .executableTarget(
      name: "StylistCLI",
      dependencies: [
        "Stylist",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // The README's library example, built and run by the tests as an app would.
    .executableTarget(name: "QuickStart", dependencies: ["Stylist"], path: "Examples/QuickStart"),
    .testTarget(name: "StylistTests", dependencies: ["Stylist"]),
    .testTarget(name: "StylistCLITests", dependencies: ["StylistCLI", "Stylist"]),
    // Uses only the public API, as an app does (no `@testable`).
    .testTarget(name: "StylistAppTests", dependencies: ["Stylist"]),
  ],
  swiftLanguageModes: [.v6]
)
