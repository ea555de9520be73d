import ArgumentParser
import Foundation
import Stylist
import StylistRemote

/// How sheets named by URL are fetched (docs/CLI.md: Remote sheets): every
/// command that loads sheets takes these, and reads its sheets through them.
struct RemoteCommandOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A folder for the last good copies of sheets fetched from URLs, loaded when the network fails.",
      valueName: "dir"))
  var cache: String?

  @Option(help: ArgumentHelp("Seconds a fetch from a URL may take, redirects included.", valueName: "seconds"))
  var timeout: Double = 10

  @Flag(name: .customLong("allow-http"), help: "Fetch http: URLs from other hosts than this machine.")
  var allowHTTP = false

  func validate() throws {
    guard timeout.isFinite, timeout > 0 else { throw ValidationError("--timeout must be a number of seconds above 0.") }
  }

  /// Load options reading URLs through a `RemoteSheets` of these options.
  func loadOptions() -> LoadOptions {
    let options = RemoteOptions(
      timeout: .milliseconds(Int64((timeout * 1000).rounded(.up))),
      cacheFolder: cache.map { URL(fileURLWithPath: $0, isDirectory: true) }, allowsHTTP: allowHTTP)
    return RemoteSheets(options: options).loadOptions()
  }
}

/// Loads `sheets` (paths, URLs, `-` for standard input) as one sheet
/// through `options`; warns of each copy loaded from the cache, and on
/// failure prints every error and exits 2.
func loadSheet(_ sheets: [String], options: LoadOptions) throws -> StyleSheet {
  do {
    let sheet = try StyleSheet(contentsOf: sheets, dashIsStandardInput: true, options: options)
    Diagnostics.write(sheet.warnings.filter { $0.kind == .cachedCopy })
    return sheet
  } catch {
    throw loadFailure(error)
  }
}
