/// Parses the selectors almost every sheet is made of — printable ASCII, no
/// spaces, no empty components, nothing wrong — in one pass over the bytes,
/// without the general parser's substrings and component arrays.
///
/// Anything else gives nil and goes to the general parser, which handles
/// trimming, Unicode and every error with its column; for any text this
/// accepts, both give the same selector (`SelectorTests` checks that).
enum PlainSelectorParser {
  private static let slash = UInt8(ascii: "/")
  private static let at = UInt8(ascii: "@")
  private static let arrow = UInt8(ascii: ">")
  private static let open = UInt8(ascii: "[")
  private static let close = UInt8(ascii: "]")
  private static let star = UInt8(ascii: "*")

  /// The selector, and whether normalisation dropped leading `*` components.
  static func parse(_ text: String) -> (selector: StyleSelector, droppedWildcards: Bool)? {
    text.utf8.withContiguousStorageIfAvailable(parse(bytes:)) ?? nil
  }

  private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> (selector: StyleSelector, droppedWildcards: Bool)? {
    var themes: [String] = []
    var components: [SelectorComponent] = []
    components.reserveCapacity(bytes.count(where: { $0 == slash }))
    var start = 0
    while true {
      var end = start
      while end < bytes.count, bytes[end] != slash {
        guard bytes[end] > 0x20, bytes[end] < 0x7F else { return nil }
        end += 1
      }
      guard end > start else { return nil }
      let isToken = end == bytes.count
      if components.isEmpty, bytes[start] == at, !isToken || themes.isEmpty {
        guard !isToken, let name = themeName(bytes, from: start + 1, to: end) else { return nil }
        themes.append(name)
      } else {
        guard let component = component(bytes, from: start, to: end) else { return nil }
        if isToken {
          guard component.variant == .unspecified else { return nil }
          let token = TokenPattern(name: component.name, isDirectChild: component.isDirectChild)
          // Themes in another order than the selector prints them: the
          // general parser says the text is not the description.
          if themes.count > 1, themes != Array(Set(themes)).sorted() { return nil }
          let selector = StyleSelector(themes: themes, components: components, token: token)
          return (selector, selector.components.count < components.count)
        }
        components.append(component)
      }
      start = end + 1
    }
  }

  /// `name` after `@`: non-empty, no variant brackets, no wildcard.
  private static func themeName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String? {
    guard start < end else { return nil }
    for index in start..<end where bytes[index] == open || bytes[index] == close || bytes[index] == star {
      return nil
    }
    return text(bytes, from: start, to: end)
  }

  /// `[>]name[[variant]]` between `start` and `end`.
  private static func component(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> SelectorComponent? {
    var nameStart = start
    let isDirectChild = bytes[start] == arrow
    if isDirectChild {
      nameStart += 1
      guard nameStart < end, bytes[nameStart] != arrow else { return nil }
    }
    var nameEnd = nameStart
    while nameEnd < end, bytes[nameEnd] != open {
      guard bytes[nameEnd] != close else { return nil }
      nameEnd += 1
    }
    guard nameEnd > nameStart else { return nil }
    var variant = VariantPattern.unspecified
    if nameEnd < end {
      let variantStart = nameEnd + 1
      let variantEnd = end - 1
      guard variantEnd > variantStart, bytes[variantEnd] == close else { return nil }
      for index in variantStart..<variantEnd where bytes[index] == open || bytes[index] == close { return nil }
      variant = VariantPattern(bytes: slice(bytes, from: variantStart, to: variantEnd))
    }
    return SelectorComponent(
      name: NamePattern(bytes: slice(bytes, from: nameStart, to: nameEnd)), variant: variant,
      isDirectChild: isDirectChild)
  }

  private static func slice(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  private static func text(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
    String(decoding: slice(bytes, from: start, to: end), as: UTF8.self)
  }
}
