#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Every error an app can catch reads as its located message through
// `localizedDescription` too, not as "The operation could not be completed".

extension SheetLoadError: LocalizedError {
  /// Every error, one a line: `FILE:LINE:COL: error: MESSAGE`.
  public var errorDescription: String? { description }
}

extension SyntaxError: LocalizedError {
  /// `column N: MESSAGE`.
  public var errorDescription: String? { description }
}

extension StyleDecodingError: LocalizedError {
  /// `FILE:LINE:COL: error: cannot decode 'PATH': MESSAGE`.
  public var errorDescription: String? { description }
}
