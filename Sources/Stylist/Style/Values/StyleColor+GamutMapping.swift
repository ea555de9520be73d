/// Gamut mapping by CSS Color 4 §13.2: chroma reduced in OKLCH by binary
/// search until clipping the colour changes it by less than a just
/// noticeable difference (ΔEOK 0.02).
extension StyleColor {
  private static let justNoticeable = 0.02
  private static let precision = 0.0001

  /// This colour in `space` (an RGB space), inside its gamut, with its
  /// alpha inside 0...1.
  func mapped(into space: ColorSpace) -> StyleColor {
    let alpha = Self.unit(alpha)
    let direct = converted(to: space).values
    // Inside the gamut but for rounding (a component of -1e-16): clipped.
    if Self.isInGamut(direct) { return StyleColor(colorSpace: space, components: direct.map(Self.unit), alpha: alpha) }
    let origin = converted(to: .oklch).values
    if origin[0] >= 1 { return StyleColor(colorSpace: space, components: [1, 1, 1], alpha: alpha) }
    if origin[0] <= 0 { return StyleColor(colorSpace: space, components: [0, 0, 0], alpha: alpha) }
    func inSpace(_ oklch: [Double]) -> [Double] { space.fromXYZD65(ColorSpace.oklch.toXYZD65(oklch)) }
    func clipped(_ rgb: [Double]) -> [Double] { rgb.map(Self.unit) }
    func distance(_ rgb: [Double], _ oklch: [Double]) -> Double {
      let a = ColorSpace.oklab.fromXYZD65(space.toXYZD65(rgb))
      let b = Cylinder.polarToRectangular(oklch)
      return zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }
    var current = origin
    var clip = clipped(inSpace(current))
    if distance(clip, current) < Self.justNoticeable {
      return StyleColor(colorSpace: space, components: clip, alpha: alpha)
    }
    var (low, high, lowIsInGamut) = (0.0, origin[1], true)
    while high - low > Self.precision {
      let chroma = (low + high) / 2
      current[1] = chroma
      let candidate = inSpace(current)
      if lowIsInGamut && Self.isInGamut(candidate) {
        low = chroma
        continue
      }
      clip = clipped(candidate)
      let error = distance(clip, current)
      if error < Self.justNoticeable {
        if Self.justNoticeable - error < Self.precision { break }
        lowIsInGamut = false
        low = chroma
      } else {
        high = chroma
      }
    }
    return StyleColor(colorSpace: space, components: clip, alpha: alpha)
  }

  private static func isInGamut(_ rgb: [Double]) -> Bool {
    rgb.allSatisfy { $0 >= -0.000001 && $0 <= 1.000001 }
  }
}
