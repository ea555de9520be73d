/// The contrast of each style's foreground and background colours under
/// every set of themes a query can have in which the style applies, with
/// the values it resolves to there (docs/SHEETS.md: Contrast): `lint`'s
/// `low-contrast` warning, the language server's hover and the preview.
///
/// A style is measured once per set of the themes its values depend on
/// (`Style.dependsOn`), not once per set of current themes: the sets a
/// query can have that agree on those themes give the same values, so the
/// cost follows the values, as loading does (docs/DECISIONS.md: Contrast).
package struct ContrastCheck {
  /// One foreground and background pair of a style, measured under each
  /// set of themes where both are colours.
  package struct Pair: Sendable {
    package var foreground: String
    package var background: String
    package var measures: [Measure]
  }

  /// A pair's colours and ratio under one set of themes.
  package struct Measure: Sendable {
    /// The themes the values depend on that are current (the style's own included).
    package var themes: ThemeSet
    /// The queries that give these values.
    var region: QueryRegion
    package var foregroundColor: StyleColor
    package var backgroundColor: StyleColor
    package var ratio: Double
    /// Where the values hold: `under theme 'dark'`, empty for every query
    /// the style applies to.
    package var phrase: String { region.phrase(namingEveryAxis: true).text }
  }

  package let settings: ContrastSettings
  let plan: ThemeAxes
  private let bySlot: [(slot: Int, themes: [String])]

  /// A check of `sheet`'s styles by its `contrast:` settings.
  package init(_ sheet: StyleSheet) {
    settings = sheet.contrast
    plan = sheet.plan
    bySlot = sheet.plan.variableThemesBySlot
  }

  /// Whether `pair` falls short of the minimum under some set of themes.
  package func fallsShort(_ pair: Pair) -> Bool { pair.measures.contains { $0.ratio < settings.minimum } }

  /// The pairs of `rule`'s style, in the order the settings list
  /// foregrounds, then backgrounds; only pairs that are colours under some set.
  package func pairs(of rule: StyleRule) -> [Pair] {
    pairs(of: rule.style, own: plan.themeSet(rule.selector.themes))
  }

  /// The pairs of `style`, whose selector names the themes `own`.
  func pairs(of style: Style, own: ThemeSet) -> [Pair] {
    guard hasPair(style.properties) || style.themed.values.contains(where: hasPair) else { return [] }
    // Values the same everywhere the style applies: one measure, under its own themes.
    let reached = style.themed.isEmpty ? [] : style.dependsOn ?? Set(style.themed.keys.flatMap(\.themes))
    let sets =
      style.themed.isEmpty
      ? [own] : plan.sets(with: own, among: reached, bySlot: bySlot).filter { plan.isQuerySet($0, reached: reached) }
    var pairs: [Pair] = []
    // One slot per pair of names, in `ContrastSettings.numberedPairs(in:)`'s order.
    for foreground in settings.foreground {
      for background in settings.background where background != foreground {
        pairs.append(Pair(foreground: foreground, background: background, measures: []))
      }
    }
    for set in sets {
      let region = region(of: set, reaching: reached)
      for (position, pair) in settings.numberedPairs(in: style.properties(under: set)) {
        pairs[position].measures.append(
          Measure(
            themes: set, region: region, foregroundColor: pair.foregroundColor, backgroundColor: pair.backgroundColor,
            ratio: pair.ratio))
      }
    }
    return pairs.filter { !$0.measures.isEmpty }
  }

  /// The queries that give a style's values under `set`, where they depend
  /// on `reached`: on the axis of unlisted themes, when `set` names none,
  /// every theme but those reached.
  private func region(of set: ThemeSet, reaching reached: Set<String>) -> QueryRegion {
    let region = plan.region(of: set, reaching: reached)
    let unlisted = plan.axes.count
    guard !set.themes.contains(where: { plan.slot(of: $0) == unlisted }) else { return region }
    return region.excludingUnlisted(
      plan.variableThemes.filter { reached.contains($0) && plan.slot(of: $0) == unlisted })
  }

  /// Whether `properties` has a foreground and a background.
  private func hasPair(_ properties: Properties) -> Bool {
    settings.foreground.contains { properties[$0] != nil } && settings.background.contains { properties[$0] != nil }
  }

  /// A `low-contrast` warning at each style (the default style included)
  /// for each pair below the minimum under some set of themes.
  package func warnings(rules: [StyleRule], defaultStyle: Style?) -> [SheetDiagnostic] {
    var warnings: [SheetDiagnostic] = []
    for rule in rules {
      guard let source = rule.source else { continue }
      for pair in pairs(of: rule) {
        if let warning = warning(pair, style: rule.name, at: source) { warnings.append(warning) }
      }
    }
    if let defaultStyle, let source = defaultStyle.source {
      for pair in pairs(of: defaultStyle, own: .none) {
        if let warning = warning(pair, style: "default", at: source) { warnings.append(warning) }
      }
    }
    return warnings
  }

  /// The warning about `pair` when it falls short under some set: its worst
  /// ratio with that set's colours, and every set it falls short under.
  func warning(_ pair: Pair, style: String, at source: SourceLocation) -> SheetDiagnostic? {
    let short = pair.measures.filter { $0.ratio < settings.minimum }
    guard let worst = short.min(by: { $0.ratio < $1.ratio }) else { return nil }
    var message =
      "'\(style)': '\(pair.foreground)' \(Self.colorText(worst.foregroundColor)) on '\(pair.background)' "
      + "\(Self.colorText(worst.backgroundColor)) has contrast \(ratioText(worst.ratio)), "
      + "below the minimum \(Self.numberText(settings.minimum)):1"
    // Where it falls short: nothing more when that is every query the style applies to.
    let phrases = QueryRegion.merged(short.map(\.region)).map { $0.phrase(namingEveryAxis: true).text }
    message += phrases.filter { !$0.isEmpty }.joined(separator: ",")
    return SheetDiagnostic(.warning, message, kind: .lowContrast, at: source)
  }

  /// A ratio as messages write it, `3.87:1`: to two decimals, rounded,
  /// but down where rounding would reach the minimum (a ratio of 4.496
  /// below 4.5 reads `4.49:1`, not `4.50:1`).
  package func ratioText(_ ratio: Double) -> String { Self.ratioText(ratio, minimum: settings.minimum) }

  /// `ratioText(_:)` for a minimum of `minimum`.
  package static func ratioText(_ ratio: Double, minimum: Double) -> String {
    var hundredths = (ratio * 100).rounded()
    if ratio < minimum && hundredths / 100 >= minimum { hundredths = (ratio * 100).rounded(.down) }
    let whole = Int(hundredths) / 100
    let fraction = Int(hundredths) % 100
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction):1"
  }

  /// A colour as messages write it: `#rrggbb` for sRGB, else its own space's form.
  package static func colorText(_ color: StyleColor) -> String { color.cssText }

  /// A minimum as written: `4.5`, `7`.
  package static func numberText(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
