/// The themes an index knows, interned: a query reads a node's `@` parts
/// as ids from the bytes of its line, with no `String` built, the way it
/// reads component names (`NameTable`).
struct ThemeTable: Sendable {
  private var names = NameTable()

  /// `themes` in order, each once.
  init(_ themes: some Sequence<String>) {
    for theme in themes { _ = names.intern(theme) }
  }

  /// The known themes, by id.
  var themes: [String] { names.names }

  /// The id of `theme` spelled as the table spells it, or `.unknown`: an
  /// answer names its themes as the query spelled them, so a canonically
  /// equivalent spelling is not this theme here.
  func id(_ theme: String) -> ThemeID {
    let id = names.id(theme)
    return id.isInterned && names.names[id.index].utf8.elementsEqual(theme.utf8) ? ThemeID(id.index) : .unknown
  }

  /// The id of the theme spelled `text` (ASCII), or `.unknown`.
  func id(ascii text: UnsafeBufferPointer<UInt8>) -> ThemeID {
    let id = names.id(utf8: text)
    return id.isInterned ? ThemeID(id.index) : .unknown
  }
}
