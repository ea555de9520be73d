/// The themes an index knows, interned, with what a query needs of each
/// in flat arrays by `ThemeID`: a query reads a node's `@` parts as ids
/// from the bytes of its line, with no `String` built (the way it reads
/// component names, `NameTable`), and works out its current themes by axis
/// slot in ids.
///
/// A class: the index hands it to each query as one reference.
final class ThemeTable: Sendable {
  private let names: NameTable
  /// The axis slot of each theme (`ThemeAxes.slot(of:)`).
  let slots: [Int]
  /// The default of each declared axis, by slot; `.none` for none.
  let defaults: [ThemeID]
  /// The themes of each theme set the rules name, by `ThemeSetID`.
  let themeSets: [[ThemeID]]
  /// Whether each theme has variables of its own (its values differ).
  private let hasVariables: [Bool]
  /// Each theme as the sheets spell it (keys of `Style.themed` are), as a set of one.
  private let spelled: [ThemeSet]
  /// Whether each theme is named by a key some style has values under
  /// (`Style.themed`). A style keeps values under the sets of themes its
  /// variables reach (`Style.dependsOn`), so a query's key need not be
  /// one it stores; a key naming none of these finds nothing anywhere.
  private let isInStoredKeys: [Bool]
  /// Slots in all: the declared axes', then the implicit axis's.
  var slotCount: Int { defaults.count + 1 }
  /// The slot of every theme no axis lists (an unknown one's too).
  var implicitSlot: Int { defaults.count }

  /// `themes` in order, each once (they include every axis's themes and
  /// every theme `trie`'s theme sets name), and every theme of a one-theme
  /// key of `valuesKeys`, the keys styles have values under (whose themes
  /// are noted), with what the plan `axes` says of each.
  init(_ themes: [String], axes: ThemeAxes, valuesKeys: Set<ThemeSet>, trie: RuleTrie) {
    var names = NameTable()
    var (slots, hasVariables) = ([Int](), [Bool]())
    var spelled: [ThemeSet] = []
    let single = valuesKeys.compactMap { $0.themes.count == 1 ? $0.themes[0] : nil }.sorted()
    for theme in themes + single where !names.id(theme).isInterned {
      spelled.append(ThemeSet(theme))
      // Spelled in NFC, as a query's names are (`NodeScanner`).
      _ = names.intern(theme.utf8.allSatisfy { $0 < 0x80 } ? theme : NameRules.nfc(theme))
      slots.append(axes.slot(of: theme))
      hasVariables.append(axes.hasVariables(theme))
    }
    (self.names, self.slots, self.hasVariables, self.spelled) = (names, slots, hasVariables, spelled)
    let id = { (theme: String) in Self.id(theme, in: names) }
    defaults = axes.axes.map { axis in axis.defaultTheme.map(id).flatMap { $0.isKnown ? $0 : nil } ?? .none }
    themeSets = trie.themeSets.map { set in set.map { id(trie.names.names[$0.index]) } }
    var stored = Set<String>()
    for key in valuesKeys { stored.formUnion(key.themes) }
    isInStoredKeys = spelled.map { stored.contains($0.themes[0]) }
  }

  /// The known themes, by id.
  var themes: [String] { names.names }

  /// The id of `theme` (compared as its NFC form), or `.unknown`.
  func id(_ theme: String) -> ThemeID { Self.id(theme, in: names) }

  private static func id(_ theme: String, in names: NameTable) -> ThemeID {
    let id = names.id(theme)
    return id.isInterned ? ThemeID(id.index) : .unknown
  }

  /// The id of the theme spelled `text` (ASCII, its own NFC form), or `.unknown`.
  func id(ascii text: UnsafeBufferPointer<UInt8>) -> ThemeID {
    let id = names.id(utf8: text)
    return id.isInterned ? ThemeID(id.index) : .unknown
  }

  /// The slot of a known theme, or the implicit one for an unknown theme.
  func slot(of theme: ThemeID) -> Int { theme.isKnown ? slots[theme.index] : implicitSlot }

  /// The key of `Style.themed` for the current themes `slots` (by axis
  /// slot, `.none` where an axis has none): `ThemeAxes.valuesKey` in ids,
  /// the themes with variables of their own, in axis order, and one
  /// current theme its own key. Empty when it names no theme some style
  /// has values under, so that a query makes no lookup.
  func valuesKey(_ slots: [ThemeID]) -> ThemeSet {
    var keyed: [ThemeID] = []
    var (count, only) = (0, ThemeID.none)
    for theme in slots where theme != .none {
      (count, only) = (count + 1, theme)
      if theme.isKnown && hasVariables[theme.index] { keyed.append(theme) }
    }
    if count < 2 { return only.isKnown && isInStoredKeys[only.index] ? spelled[only.index] : .none }
    guard keyed.contains(where: { isInStoredKeys[$0.index] }) else { return .none }
    return keyed.count == 1 ? spelled[keyed[0].index] : ThemeSet(unique: keyed.map { spelled[$0.index].themes[0] })
  }
}
