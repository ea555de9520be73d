import Stylist

/// The values a sheet's variables resolve to, per theme, evaluated once a
/// request (completion lists every variable): what hover and completion
/// show beside the value as written, `$brand` → `#DB3B3B`.
struct ResolvedValues {
  let sheet: StyleSheet?
  private var byTheme: [String?: [String: PropertyValue]] = [:]

  init(sheet: StyleSheet?) { self.sheet = sheet }

  /// The value of the variable at `path` under `theme` (nil: no theme) in
  /// its text form (``PropertyValue/text``: `12px`, `#db3b3b`); nil when
  /// it does not resolve there.
  mutating func text(of path: String, theme: String?) -> String? {
    guard let sheet else { return nil }
    if byTheme[theme] == nil { byTheme[theme] = sheet.resolvedVariables(themes: theme.map { [$0] } ?? []) }
    return byTheme[theme]?[path].map(\.text)
  }
}
