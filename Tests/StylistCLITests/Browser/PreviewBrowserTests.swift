import Dispatch
import Foundation
import Testing

/// The preview page in a real browser (headless Chromium, which `make test`
/// installs): what a person would see, from the DOM Chromium built and from
/// the pixels of its screenshot.
@Suite struct PreviewBrowserTests {
  /// Chromium on the search path (Debian's `chromium`).
  static let chromium: URL? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("chromium") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// Runs headless Chromium on `page` with `arguments`; its standard output.
  private static func runChromium(_ arguments: [String], page: URL) throws -> String {
    let chromium = try #require(chromium, "chromium not found: `make test` installs it (apt-get install chromium)")
    let profile = page.deletingLastPathComponent().appendingPathComponent("profile-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = chromium
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--user-data-dir=\(profile.path)", "--force-color-profile=srgb", "--force-device-scale-factor=1",
        "--hide-scrollbars",
      ] + arguments + [page.absoluteString]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 120) { kill(pid, SIGKILL) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
    return String(decoding: data, as: UTF8.self)
  }

  private static func writePage(sheet: String, tree: String, to folder: URL) throws -> URL {
    let page = folder.appendingPathComponent("page.html")
    let result = try CLIRunner.run(["preview", "-s", sheet, "--tree", tree, "-o", page.path])
    #expect(result.status == 0, "\(result.stderr)")
    return page
  }

  private static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Each atom once in each column, and the swatches' colours on screen;
  /// a colour no swatch has is not.
  @Test func pageShowsAtomsAndSwatches() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try Self.writePage(sheet: "preview/sheet.yaml", tree: "preview/tree.yaml", to: folder)

    let dom = try Self.runChromium(["--dump-dom"], page: page)
    let columns = dom.components(separatedBy: "<section class=\"column\">").dropFirst()
    #expect(columns.count == 3)
    let nodes = ["title", "card/background", "card/button/background", "card/button/label", "badge", "footnote"]
    for column in columns {
      for node in nodes {
        #expect(column.components(separatedBy: "<div class=\"node\">\(node)</div>").count == 2, "\(node) once")
      }
    }

    let screenshot = folder.appendingPathComponent("page.png")
    _ = try Self.runChromium(["--screenshot=\(screenshot.path)", "--window-size=1200,1100"], page: page)
    let image = try PNGImage(bytes: Array(try Data(contentsOf: screenshot)))
    #expect(image.width == 1200)
    let histogram = image.histogram
    // Each swatch is 28 × 14 pixels inside its border: one at least is seen whole.
    let swatches = ["#db3b3b", "#777777", "#111111", "#eeeeee", "#1e1e1e", "#f5f5f5"]
    for hex in swatches {
      let pixel = try #require(PNGImage.Pixel(hex: hex))
      #expect(histogram[pixel, default: 0] >= 28 * 14, "\(hex): \(histogram[pixel, default: 0]) pixels")
    }
    let absent = try #require(PNGImage.Pixel(hex: "#00ff00"))
    #expect(histogram[absent, default: 0] == 0)
  }

  /// The hostile sheet's markup makes no element: no script, image or svg
  /// in the DOM Chromium built, and the title is the page's own.
  @Test func hostileMarkupStaysText() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = try Self.writePage(sheet: "preview/hostile.yaml", tree: "preview/hostile-tree.yaml", to: folder)
    let dom = try Self.runChromium(["--dump-dom"], page: page)
    for element in ["<script", "<img", "<svg", "<b>"] {
      #expect(!dom.contains(element), "\(element) became an element")
    }
    let titles = dom.components(separatedBy: "<title>").dropFirst().map { $0.components(separatedBy: "</title>")[0] }
    #expect(titles == ["Stylist preview: hostile-tree.yaml"])
    #expect(dom.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
    let columns = dom.components(separatedBy: "<section class=\"column\">").dropFirst()
    #expect(columns.count == 2)
    for column in columns {
      #expect(
        column.components(separatedBy: "<div class=\"node\">&lt;svg onload=alert(7)&gt;/&lt;script&gt;alert(1)</div>")
          .count == 2)
    }
  }
}
