/// Properties that did not fit the type an app decoded them into, located at
/// the style they came from:
/// `app.yaml:12:3: error: cannot decode 'shadow.radius': expected a number, found the string "4px"`.
public struct StyleDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The property that failed, as keys and list positions
  /// (`shadow.offsets[1]`); empty when the style as a whole did not fit.
  public var propertyPath: String
  /// Where the style (the winner, or the default style) was written; nil for
  /// styles built in code, and when no style applies.
  public var source: SourceLocation?
  /// What was wrong, in the user's terms.
  public var message: String

  /// An error for `propertyPath` of the style at `source`.
  public init(propertyPath: String, source: SourceLocation?, message: String) {
    (self.propertyPath, self.source, self.message) = (propertyPath, source, message)
  }

  /// `FILE:LINE:COL: error: cannot decode 'PATH': MESSAGE`, the location left out when unknown.
  public var description: String {
    let subject = propertyPath.isEmpty ? "cannot decode the style" : "cannot decode '\(propertyPath)'"
    let location = source.map { "\($0): " } ?? ""
    return "\(location)error: \(subject): \(message)"
  }

  /// `error` thrown while decoding properties from `source`.
  init(_ error: any Error, source: SourceLocation?) {
    guard let decoding = error as? DecodingError else {
      self.init(propertyPath: "", source: source, message: String(describing: error))
      return
    }
    let context: DecodingError.Context
    switch decoding {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      self.init(propertyPath: "", source: source, message: String(describing: error))
      return
    }
    self.init(
      propertyPath: Self.path(context.codingPath), source: source, message: context.debugDescription)
  }

  /// `a.b[2].c`: keys joined by dots, list positions in brackets.
  static func path(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let position = key.intValue, key is PropertyKey {
        text += "[\(position)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text
  }
}

extension Resolution {
  /// The answer's properties (the winner's, the default's, or with cascade
  /// the merged ones) decoded into `type`, which reads them as a keyed
  /// container: one stored property per style property.
  ///
  /// Throws `StyleDecodingError` naming the property and the style's
  /// location when a value does not fit, and when nothing applies.
  public func decode<T: Decodable>(_ type: T.Type = T.self) throws(StyleDecodingError) -> T {
    guard let properties else {
      let subject = node.map { "no style applies to '\($0)'" } ?? "no style applies"
      throw StyleDecodingError(propertyPath: "", source: nil, message: subject + " and the sheet has no default")
    }
    do {
      return try T(from: PropertyDecoder(value: .map(properties), codingPath: []))
    } catch {
      throw StyleDecodingError(error, source: source)
    }
  }
}
