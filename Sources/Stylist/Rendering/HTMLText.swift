/// Text made safe for an HTML page: every character that could end a text
/// node or an attribute value (`&`, `<`, `>`, `"`, `'`) written as its
/// entity, so what a sheet or tree holds is shown, never read as markup.
enum HTMLText {
  /// `text` escaped for a text node or a quoted attribute value alike.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A CSS number: `value` rounded to two decimals, without a needless
  /// `.0`. Total: a NaN is `0` and an infinity the largest finite number,
  /// as CSS has neither (callers clamp lengths before, this only keeps a
  /// page well-formed whatever they pass).
  static func cssNumber(_ value: Double) -> String {
    let finite = value.isNaN ? 0 : min(max(value, -Double.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    let rounded = abs(finite) < 1e15 ? (finite * 100).rounded() / 100 : finite.rounded()
    if let whole = Int(exactly: rounded), abs(rounded) < 1e15 { return String(whole) }
    return String(rounded)
  }
}
