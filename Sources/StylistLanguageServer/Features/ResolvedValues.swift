import Stylist

/// The values a sheet's variables resolve to, per theme, evaluated once a
/// request (completion lists every variable): what hover and completion
/// show beside the value as written, `$brand` → `#DB3B3B`.
struct ResolvedValues {
  let sheet: StyleSheet?
  private var byTheme: [String?: [String: PropertyValue]] = [:]

  init(sheet: StyleSheet?) { self.sheet = sheet }

  /// The value of the variable at `path` under `theme` (nil: no theme) in
  /// its text form (``PropertyValue/text``: `12px`, `#DB3B3B`); nil when
  /// it does not resolve there, or when it is what `written` (the value as
  /// the sheet writes it) already says, in its text form or as JSON
  /// (`"#DB3B3B"` written says `#DB3B3B`).
  mutating func text(of path: String, theme: String?, besides written: String? = nil) -> String? {
    guard let sheet else { return nil }
    if byTheme[theme] == nil { byTheme[theme] = sheet.resolvedVariables(themes: theme.map { [$0] } ?? []) }
    guard let value = byTheme[theme]?[path] else { return nil }
    let text = value.text
    return written == text || written == value.jsonText ? nil : text
  }
}
