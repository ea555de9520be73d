// swift-tools-version:6.0
// libFuzzer targets for Stylist, kept out of the main package because they
// only link with `-sanitize=fuzzer` (libFuzzer supplies `main`). Built and
// run by `make fuzz` at the top level.
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is wherever the checkout was cloned.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let stylist = Target.Dependency.product(name: "Stylist", package: root.lastPathComponent.lowercased())

let package = Package(
  name: "StylistFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: root.path)],
  targets: [
    .target(name: "FuzzDriver"),
    .executableTarget(name: "FuzzSelector", dependencies: [stylist, "FuzzDriver"]),
    .executableTarget(name: "FuzzSheet", dependencies: [stylist, "FuzzDriver"]),
    .executableTarget(name: "FuzzTokens", dependencies: [stylist, "FuzzDriver"]),
    .executableTarget(name: "FuzzRender", dependencies: [stylist, "FuzzDriver"]),
    .executableTarget(
      name: "FuzzLanguageServer",
      dependencies: [
        .product(name: "StylistLanguageServer", package: root.lastPathComponent.lowercased()), "FuzzDriver",
      ]),
  ]
)
