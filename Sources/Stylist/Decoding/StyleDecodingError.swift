/// Properties that did not fit the type an app decoded them into, located at
/// the style they came from:
/// `app.yaml:12:3: error: cannot decode 'shadow.radius': expected a number, found the string "4px"`.
///
/// The style is the one the failing value was written in: with cascade,
/// the strongest applicable rule that has the property, whose value the
/// merge kept; a property inherited through `extends`, the style it
/// extends that wrote it. A missing property, or a style that does not
/// fit as a whole, is the winner's.
public struct StyleDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The property that failed, as keys and list positions
  /// (`shadow.offsets[1]`); empty when the style as a whole did not fit.
  public var propertyPath: String
  /// The registered selector of the rule the failing value came from; nil
  /// for the default style, and when no rule applies.
  public var rule: String?
  /// Where that rule (or the default style) was written; nil for styles
  /// built in code, and when no style applies.
  public var source: SourceLocation?
  /// What was wrong, in the user's terms.
  public var message: String

  /// An error for `propertyPath` of the style `rule` written at `source`.
  public init(propertyPath: String, rule: String? = nil, source: SourceLocation?, message: String) {
    (self.propertyPath, self.rule, self.source, self.message) = (propertyPath, rule, source, message)
  }

  /// `FILE:LINE:COL: error: cannot decode 'PATH': MESSAGE`, the location left out when unknown.
  public var description: String {
    let subject = propertyPath.isEmpty ? "cannot decode the style" : "cannot decode '\(propertyPath)'"
    let location = source.map { "\($0): " } ?? ""
    return "\(location)error: \(subject): \(message)"
  }

  /// `error` thrown while decoding `answer`'s properties, located at the
  /// rule the failing property came from.
  init(_ error: any Error, decoding answer: Resolution) {
    let context: DecodingError.Context?
    switch error as? DecodingError {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    default:
      context = nil
    }
    let origin = answer.origin(ofProperty: context?.codingPath.first?.stringValue)
    self.init(
      propertyPath: context.map { Self.path($0.codingPath) } ?? "", rule: origin.rule, source: origin.source,
      message: context?.debugDescription ?? String(describing: error))
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
      return try PropertyDecoder(value: .map(properties), codingPath: []).decode(T.self)
    } catch {
      throw StyleDecodingError(error, decoding: self)
    }
  }

  /// The registered selector of the style the top-level property `name`
  /// was written in, and its source: with cascade, the strongest applicable
  /// rule that has it; otherwise the winner; in either, the style it
  /// extends that wrote it, for an inherited one. For a property no rule
  /// has, the winner (nil for the default style) and the answer's source.
  func origin(ofProperty name: String?) -> (rule: String?, source: SourceLocation?) {
    guard let name, let rule = cascaded?.strongestRule(having: name) ?? match?.rule else {
      return (match?.rule.name, source)
    }
    if let inherited = rule.style.inherited[name] { return (inherited.rule, inherited.source) }
    return (rule.name, cascaded == nil ? source : rule.source)
  }
}
