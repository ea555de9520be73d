extension Resolution: CustomStringConvertible {
  /// One line: the node, the winner's name (or `(default)`, or
  /// `no style`), where its properties come from, every theme the query ran
  /// under and the properties as JSON —
  /// `home/title → @dark/title (app.yaml:9:3, theme dark) {"color":"#EEEEEE"}`,
  /// `title → @compact/header/title (app.yaml:12:3, themes dark, compact) {…}`.
  /// A cascade says so, and that the source is its strongest rule's:
  /// `home/title → cascade of 2 rules, strongest home/title (…) {…}`.
  public var description: String {
    var text = node.map { "\($0) → " } ?? ""
    if let cascaded, cascaded.orders.count > 1 { text += "cascade of \(cascaded.orders.count) rules, strongest " }
    text += match?.rule.name ?? (isDefault ? "(default)" : "no style")
    let themeList =
      switch themes.count {
      case 0: nil as String?
      case 1: "theme \(themes[0])"
      default: "themes " + themes.joined(separator: ", ")
      }
    let place = [source.map(String.init(describing:)), themeList].compactMap { $0 }
    if !place.isEmpty { text += " (" + place.joined(separator: ", ") + ")" }
    if let properties { text += " " + PropertyValue.map(properties).jsonText }
    return text
  }
}

extension Match: CustomStringConvertible {
  /// The rule's name and its specificity on the node: `header/title [3, 12]`.
  public var description: String { "\(rule.name) \(specificity)" }
}

extension StyleRule: CustomStringConvertible {
  /// The rule's name and where it was written: `header/title (app.yaml:4:3)`.
  public var description: String { style.source.map { "\(name) (\($0))" } ?? name }
}
