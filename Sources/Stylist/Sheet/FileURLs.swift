#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SheetLoadError {
  /// The paths of `urls`, which must all be file URLs: another scheme is an
  /// error located at the URL, as a missing file is, so that every API that
  /// takes paths takes file URLs the same way.
  static func paths(of urls: [URL]) throws(SheetLoadError) -> [String] {
    let remote = urls.filter { !$0.isFileURL }
    guard remote.isEmpty else {
      throw SheetLoadError(
        diagnostics: remote.map { url in
          SheetDiagnostic(
            .error, "cannot read '\(url.absoluteString)': only file URLs can be loaded", kind: .unreadableFile,
            at: SourceLocation(file: url.absoluteString, line: 1, column: 1))
        })
    }
    return urls.map(\.path)
  }
}
