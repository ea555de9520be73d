import Stylist

/// The themes a rendered answer can differ by, numbered for the caches of
/// `batch`: slot 0 for no theme and for every theme the sheets never
/// mention (under such a theme each property resolves as under none, and the
/// rendered fields do not name the theme), then one slot per theme the
/// sheets mention. The count is bounded by the sheets, not by the input, so
/// a cache keyed by slot needs no limit.
struct ThemeSlots {
  let count: Int
  private let slotOfTheme: [String: Int]
  /// The last theme asked for: a run's lines nearly all share one.
  private var last: (theme: String?, slot: Int) = (nil, 0)

  init(themes: [String]) {
    var slotOfTheme: [String: Int] = [:]
    for theme in themes where slotOfTheme[theme] == nil { slotOfTheme[theme] = slotOfTheme.count + 1 }
    self.slotOfTheme = slotOfTheme
    count = slotOfTheme.count + 1
  }

  mutating func slot(of theme: String?) -> Int {
    if theme == last.theme { return last.slot }
    let slot = theme.flatMap { slotOfTheme[$0] } ?? 0
    last = (theme, slot)
    return slot
  }
}
