import Stylist

// The part of the SwiftUI article (Sources/Stylist/Stylist.docc/SwiftUI.md)
// that needs no SwiftUI: `SwiftUIArticleTests` checks that the article holds
// the block below byte for byte, and runs it.

// article: begin
/// What a text-like view takes from its style; any property may be missing.
struct TextStyle: Decodable, Equatable {
  var color: String?
  var size: Double?
  var bold: Bool?
}

/// The node of a view: its token inside the enclosing groups' components.
/// Reading the answer inside a view's `body` is what makes SwiftUI redraw the
/// view when a reload, a theme change or a mode change can alter it.
func textStyle(_ engine: StyleEngine, path: [Component], token: String) -> TextStyle? {
  let node = NodeIdentifier(token: token).within(path)
  return try? engine.bestMatch(for: node).decode(TextStyle.self)
}

/// `#RRGGBB` or `#RRGGBBAA` as red, green, blue and opacity from 0 to 1.
func rgba(_ hex: String) -> (red: Double, green: Double, blue: Double, opacity: Double)? {
  guard hex.first == "#", hex.count == 7 || hex.count == 9, let value = UInt64(hex.dropFirst(), radix: 16) else {
    return nil
  }
  let rgba = hex.count == 7 ? value << 8 | 0xFF : value
  let channel = { (shift: UInt64) in Double(rgba >> shift & 0xFF) / 255 }
  return (channel(24), channel(16), channel(8), channel(0))
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
