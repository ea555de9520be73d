#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Contrast by WCAG 2.2 (success criterion 1.4.3): relative luminance of
/// sRGB and the ratio (L1 + 0.05) / (L2 + 0.05), with alpha composited
/// (docs/SHEETS.md: Contrast).
extension StyleColor {
  /// Opaque white: what a translucent background is composited over
  /// unless a sheet names another canvas.
  public static let white = StyleColor(colorSpace: .srgb, components: [1, 1, 1])

  /// The WCAG 2.2 relative luminance of this colour's sRGB conversion
  /// (gamut-mapped, ``srgb``), from 0 (black) to 1 (white). Alpha is not
  /// read: composite a translucent colour first (``composited(over:)``).
  public var relativeLuminance: Double {
    let channels = srgb.values.map { channel -> Double in
      let value = Self.unit(channel)
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
  }

  /// This colour drawn over `backdrop`, as an opaque sRGB colour: the
  /// sRGB channels mixed by this colour's alpha (source-over, as a browser
  /// paints it). A translucent backdrop is itself composited over white.
  public func composited(over backdrop: StyleColor) -> StyleColor {
    let below = backdrop.alpha < 1 ? backdrop.composited(over: .white) : backdrop.srgb
    let above = srgb
    let alpha = Self.unit(above.alpha)
    let mixed = zip(above.values, below.values).map { top, bottom -> Double? in
      Self.unit(top) * alpha + Self.unit(bottom) * (1 - alpha)
    }
    return StyleColor(colorSpace: .srgb, components: mixed)
  }

  /// The WCAG 2.2 contrast ratio of this colour as text on `background`,
  /// from 1 to 21: a translucent background is composited over `canvas`
  /// (white unless given), then a translucent foreground over that. For
  /// opaque colours it is the same either way round.
  public func contrastRatio(with background: StyleColor, canvas: StyleColor = .white) -> Double {
    let below = background.alpha < 1 ? background.composited(over: canvas) : background
    let above = alpha < 1 ? composited(over: below) : self
    let (first, second) = (above.relativeLuminance, below.relativeLuminance)
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }
}
