/// Axes by slot (`ThemeTable.slot(of:)`: the declared axes in order, then
/// the axis of unlisted themes), as bits: slot 63 and later share the last
/// bit, so a set is one word however many axes a sheet has.
struct AxisMask: Hashable, Sendable {
  private(set) var bits: UInt64 = 0

  static let all = AxisMask(bits: .max)

  /// The bit an axis at `slot` is kept in.
  static func bit(ofSlot slot: Int) -> Int { min(slot, 63) }

  mutating func insert(slot: Int) { bits |= 1 << UInt64(Self.bit(ofSlot: slot)) }
  mutating func remove(slot: Int) { if slot < 63 { bits &= ~(1 << UInt64(slot)) } }
  mutating func formUnion(_ other: AxisMask) { bits |= other.bits }

  /// The bits set, each once.
  var bitIndices: [Int] { (0..<64).filter { bits & 1 << UInt64($0) != 0 } }
}

/// Which axes can change an index's answers (Observation, `StyleEngine`):
/// the axes whose themes a themed selector for a node's token names (a
/// theme there can change which rule wins), and the axes of the themes
/// whose variables a rule's values reach (they can change its values).
/// Worked out once per index, so an answer costs a lookup and a few words.
struct AnswerAxes: Sendable {
  /// By literal token: the axes the themed selectors for it name.
  private let byToken: [String: AxisMask]
  /// The axes that themed selectors with a `*` or glob token name: any node may meet them.
  private let anyToken: AxisMask
  /// By rule position: the axes its values follow.
  private let values: [AxisMask]
  /// The axes the default style's values follow.
  private let defaultValues: AxisMask

  init(rules: [StyleRule], defaultStyle: Style?, themeTable: ThemeTable) {
    func slots(of themes: some Sequence<String>) -> AxisMask {
      var mask = AxisMask()
      for theme in themes { mask.insert(slot: themeTable.slot(of: themeTable.id(theme))) }
      return mask
    }
    func valueAxes(_ style: Style) -> AxisMask {
      guard !style.themed.isEmpty else { return AxisMask() }
      return slots(of: style.dependsOn ?? Set(style.themed.keys.flatMap(\.themes)))
    }
    var byToken: [String: AxisMask] = [:]
    var anyToken = AxisMask()
    for rule in rules where !rule.selector.themes.isEmpty {
      let named = slots(of: rule.selector.themes)
      if case .exact(let token) = rule.selector.token.name {
        byToken[token, default: AxisMask()].formUnion(named)
      } else {
        anyToken.formUnion(named)
      }
    }
    self.byToken = byToken
    self.anyToken = anyToken
    values = rules.map { valueAxes($0.style) }
    defaultValues = defaultStyle.map(valueAxes) ?? AxisMask()
  }

  /// The axes whose current theme can change `answer` (one of this
  /// index's): those of its node's token's themed selectors and those its
  /// values follow, less the axes its node names a theme of (the node's
  /// theme wins there). Every axis for an answer made by hand.
  func axes(changing answer: Resolution, themeTable: ThemeTable) -> AxisMask {
    guard let node = answer.node else { return .all }
    var mask = anyToken
    if let named = byToken[node.token] { mask.formUnion(named) }
    if let cascaded = answer.cascaded {
      for order in cascaded.orders { mask.formUnion(values[order]) }
    } else if let match = answer.match {
      mask.formUnion(values[match.order])
    } else if answer.isDefault {
      mask.formUnion(defaultValues)
    }
    for theme in node.themes { mask.remove(slot: themeTable.slot(of: themeTable.id(theme))) }
    return mask
  }
}
