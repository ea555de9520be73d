// swift-tools-version:6.0
// `make bench`: Stylist's benchmarks, in their own package so that Yams as a
// YAML parser (a baseline here) is never linked into the library, which takes
// only Yams' bundled libyaml, and only where there is no system one.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is wherever the checkout was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "StylistBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: root.path),
    .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
  ],
  targets: [
    // The system libyaml again, for the "parse to events, do nothing" floor.
    .systemLibrary(name: "SystemYAML", pkgConfig: "yaml-0.1"),
    .executableTarget(
      name: "StylistBench",
      dependencies: [
        .product(name: "Stylist", package: root.lastPathComponent.lowercased()),
        .product(name: "Yams", package: "Yams"),
        "SystemYAML",
      ]),
  ]
)
