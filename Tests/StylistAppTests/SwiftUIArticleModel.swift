import Stylist

// The part of the SwiftUI article (Sources/Stylist/Stylist.docc/SwiftUI.md)
// that needs no SwiftUI: `SwiftUIArticleTests` checks that the article holds
// the block below byte for byte, and runs it.

// article: begin
/// What a text-like view takes from its style; any property may be missing.
/// Colours and lengths decode as sheets and design tokens write them: a
/// colour object or a CSS hex string, a `{ value, unit }` length.
struct TextStyle: Decodable, Equatable {
  var color: StyleColor?
  var size: StyleDimension?
  var bold: Bool?
}

/// The node of a view: its token inside the enclosing groups' components.
/// Reading the answer inside a view's `body` is what makes SwiftUI redraw the
/// view when a reload, a theme change or a mode change can alter it. A
/// style that does not fit `TextStyle` is a mistake in the sheet: `report`
/// gets its located message (debug builds print it), and the view is unstyled.
func textStyle(
  _ engine: StyleEngine, path: [Component], token: String,
  report: (StyleDecodingError) -> Void = { error in
    #if DEBUG
      print(error)
    #endif
  }
) -> TextStyle? {
  let answer = engine.bestMatch(for: NodeIdentifier(token: token).within(path))
  guard answer.isResolved else { return nil }
  do {
    return try answer.decode(TextStyle.self)
  } catch {
    report(error)
    return nil
  }
}

/// A colour as red, green, blue and opacity from 0 to 1 in sRGB (converted
/// and gamut-mapped from any colour space), as `Color(.sRGB, …)` takes them.
func rgba(_ color: StyleColor) -> (red: Double, green: Double, blue: Double, opacity: Double) {
  let srgb = color.srgb
  let channel = { (index: Int) in srgb.components[index] ?? 0 }
  return (channel(0), channel(1), channel(2), srgb.alpha)
}

/// On a sheet with `appearance` and `density` axes, each axis follows one
/// environment value and is set alone, so the other keeps its theme; nil
/// leaves an axis at its default.
func followColorScheme(_ engine: StyleEngine, isDark: Bool) {
  engine.setTheme(isDark ? "dark" : nil, onAxis: "appearance")
}

func followSizeClass(_ engine: StyleEngine, isCompact: Bool) {
  engine.setTheme(isCompact ? "compact" : nil, onAxis: "density")
}
// article: end
