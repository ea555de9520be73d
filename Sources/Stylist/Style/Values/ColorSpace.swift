#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The colour spaces of DTCG 2025.10, each with its conversion to and from
/// CIE XYZ (D65) by the formulas and matrices of CSS Color 4 (§10, and the
/// sample code of its §18).
public enum ColorSpace: String, CaseIterable, Hashable, Sendable {
  case srgb
  case srgbLinear = "srgb-linear"
  case hsl, hwb, lab, lch, oklab, oklch
  case displayP3 = "display-p3"
  case a98RGB = "a98-rgb"
  case prophotoRGB = "prophoto-rgb"
  case rec2020
  case xyzD65 = "xyz-d65"
  case xyzD50 = "xyz-d50"

  /// The largest magnitude a component is read with where DTCG 2025.10
  /// sets no bound (`lab`'s a and b, chroma, XYZ), and the bound every
  /// conversion reads a component with: a million is far beyond any colour
  /// there is, yet small enough that every formula (cubes, powers of 2.4,
  /// matrices) stays finite, so no conversion yields NaN or infinity.
  public static let componentLimit = 1_000_000.0

  /// Each component's range, as DTCG 2025.10 lists it (hue in degrees;
  /// `hsl`'s and `hwb`'s other two from 0 to 100), ±``componentLimit``
  /// where it sets no bound. A colour whose component lies outside is
  /// a load warning (docs/SHEETS.md: Typed values).
  public var componentRanges: [ClosedRange<Double>] {
    let unbounded = -Self.componentLimit...Self.componentLimit
    let chroma = 0...Self.componentLimit
    switch self {
    case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: return [0...1, 0...1, 0...1]
    case .hsl, .hwb: return [0...360, 0...100, 0...100]
    case .lab: return [0...100, unbounded, unbounded]
    case .lch: return [0...100, chroma, 0...360]
    case .oklab: return [0...1, unbounded, unbounded]
    case .oklch: return [0...1, chroma, 0...360]
    case .xyzD65, .xyzD50: return [unbounded, unbounded, unbounded]
    }
  }

  func toXYZD65(_ c: [Double]) -> [Double] {
    switch self {
    case .srgb: ColorMatrix.linearSRGBToXYZ.times(c.map(Transfer.srgbToLinear))
    case .srgbLinear: ColorMatrix.linearSRGBToXYZ.times(c)
    case .hsl: ColorSpace.srgb.toXYZD65(Cylinder.hslToSRGB(c))
    case .hwb: ColorSpace.srgb.toXYZD65(Cylinder.hwbToSRGB(c))
    case .displayP3: ColorMatrix.linearP3ToXYZ.times(c.map(Transfer.srgbToLinear))
    case .a98RGB: ColorMatrix.linearA98ToXYZ.times(c.map(Transfer.a98ToLinear))
    case .prophotoRGB:
      ColorMatrix.d50ToD65.times(ColorMatrix.linearProPhotoToXYZD50.times(c.map(Transfer.prophotoToLinear)))
    case .rec2020: ColorMatrix.linear2020ToXYZ.times(c.map(Transfer.rec2020ToLinear))
    case .xyzD65: c
    case .xyzD50: ColorMatrix.d50ToD65.times(c)
    case .lab: ColorMatrix.d50ToD65.times(Cylinder.labToXYZD50(c))
    case .lch: ColorSpace.lab.toXYZD65(Cylinder.polarToRectangular(c))
    case .oklab: Cylinder.oklabToXYZ(c)
    case .oklch: Cylinder.oklabToXYZ(Cylinder.polarToRectangular(c))
    }
  }

  func fromXYZD65(_ xyz: [Double]) -> [Double] {
    switch self {
    case .srgb: ColorMatrix.xyzToLinearSRGB.times(xyz).map(Transfer.linearToSRGB)
    case .srgbLinear: ColorMatrix.xyzToLinearSRGB.times(xyz)
    case .hsl: Cylinder.srgbToHSL(ColorSpace.srgb.fromXYZD65(xyz))
    case .hwb: Cylinder.srgbToHWB(ColorSpace.srgb.fromXYZD65(xyz))
    case .displayP3: ColorMatrix.xyzToLinearP3.times(xyz).map(Transfer.linearToSRGB)
    case .a98RGB: ColorMatrix.xyzToLinearA98.times(xyz).map(Transfer.linearToA98)
    case .prophotoRGB:
      ColorMatrix.xyzD50ToLinearProPhoto.times(ColorMatrix.d65ToD50.times(xyz)).map(Transfer.linearToProPhoto)
    case .rec2020: ColorMatrix.xyzToLinear2020.times(xyz).map(Transfer.linearToRec2020)
    case .xyzD65: xyz
    case .xyzD50: ColorMatrix.d65ToD50.times(xyz)
    case .lab: Cylinder.xyzD50ToLab(ColorMatrix.d65ToD50.times(xyz))
    case .lch: Cylinder.rectangularToPolar(ColorSpace.lab.fromXYZD65(xyz))
    case .oklab: Cylinder.xyzToOKLab(xyz)
    case .oklch: Cylinder.rectangularToPolar(Cylinder.xyzToOKLab(xyz))
    }
  }
}

/// The transfer functions of CSS Color 4 §10, odd-extended to negative values.
enum Transfer {
  private static func signed(_ c: Double, _ f: (Double) -> Double) -> Double { c < 0 ? -f(-c) : f(c) }

  static func srgbToLinear(_ c: Double) -> Double {
    signed(c) { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
  }
  static func linearToSRGB(_ c: Double) -> Double {
    signed(c) { $0 > 0.0031308 ? 1.055 * pow($0, 1 / 2.4) - 0.055 : 12.92 * $0 }
  }
  static func a98ToLinear(_ c: Double) -> Double { signed(c) { pow($0, 563 / 256) } }
  static func linearToA98(_ c: Double) -> Double { signed(c) { pow($0, 256 / 563) } }
  static func prophotoToLinear(_ c: Double) -> Double { signed(c) { $0 <= 16 / 512 ? $0 / 16 : pow($0, 1.8) } }
  static func linearToProPhoto(_ c: Double) -> Double { signed(c) { $0 >= 1 / 512 ? pow($0, 1 / 1.8) : 16 * $0 } }
  private static let alpha = 1.09929682680944
  private static let beta = 0.018053968510807
  static func rec2020ToLinear(_ c: Double) -> Double {
    signed(c) { $0 < beta * 4.5 ? $0 / 4.5 : pow(($0 + alpha - 1) / alpha, 1 / 0.45) }
  }
  static func linearToRec2020(_ c: Double) -> Double {
    signed(c) { $0 >= beta ? alpha * pow($0, 0.45) - (alpha - 1) : 4.5 * $0 }
  }
}

/// The polar and cylindrical spaces: Lab and LCH (D50), OKLab and OKLCH,
/// HSL and HWB.
enum Cylinder {
  static let d50White = [0.3457 / 0.3585, 1.0, (1.0 - 0.3457 - 0.3585) / 0.3585]
  static let kappa = 24389.0 / 27
  static let epsilon = 216.0 / 24389

  static func labToXYZD50(_ lab: [Double]) -> [Double] {
    let f1 = (lab[0] + 16) / 116
    let f0 = lab[1] / 500 + f1
    let f2 = f1 - lab[2] / 200
    let x = pow(f0, 3) > epsilon ? pow(f0, 3) : (116 * f0 - 16) / kappa
    let y = lab[0] > kappa * epsilon ? pow((lab[0] + 16) / 116, 3) : lab[0] / kappa
    let z = pow(f2, 3) > epsilon ? pow(f2, 3) : (116 * f2 - 16) / kappa
    return [x * d50White[0], y * d50White[1], z * d50White[2]]
  }

  static func xyzD50ToLab(_ xyz: [Double]) -> [Double] {
    let f = zip(xyz, d50White).map { value, white in
      let scaled = value / white
      return scaled > epsilon ? cbrt(scaled) : (kappa * scaled + 16) / 116
    }
    return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
  }

  static func polarToRectangular(_ lch: [Double]) -> [Double] {
    let hue = lch[2] * .pi / 180
    return [lch[0], lch[1] * cos(hue), lch[1] * sin(hue)]
  }

  static func rectangularToPolar(_ lab: [Double]) -> [Double] {
    var hue = atan2(lab[2], lab[1]) * 180 / .pi
    if hue < 0 { hue += 360 }
    return [lab[0], (lab[1] * lab[1] + lab[2] * lab[2]).squareRoot(), hue]
  }

  static func oklabToXYZ(_ lab: [Double]) -> [Double] {
    ColorMatrix.lmsToXYZ.times(ColorMatrix.oklabToLMS.times(lab).map { $0 * $0 * $0 })
  }

  static func xyzToOKLab(_ xyz: [Double]) -> [Double] {
    ColorMatrix.lmsToOKLab.times(ColorMatrix.xyzToLMS.times(xyz).map(cbrt))
  }

  /// CSS Color 4 §7.1; saturation and lightness from 0 to 100.
  static func hslToSRGB(_ hsl: [Double]) -> [Double] {
    let hue = hsl[0].truncatingRemainder(dividingBy: 360) + (hsl[0] < 0 ? 360 : 0)
    let (saturation, lightness) = (hsl[1] / 100, hsl[2] / 100)
    func channel(_ n: Double) -> Double {
      let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return lightness - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return [channel(0), channel(8), channel(4)]
  }

  /// CSS Color 4 §7.2's sample code; an achromatic colour's hue is 0.
  static func srgbToHSL(_ rgb: [Double]) -> [Double] {
    let (maximum, minimum) = (rgb.max()!, rgb.min()!)
    let lightness = (minimum + maximum) / 2
    let delta = maximum - minimum
    var (hue, saturation) = (0.0, 0.0)
    if delta != 0 {
      saturation = lightness == 0 || lightness == 1 ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
      switch maximum {
      case rgb[0]: hue = (rgb[1] - rgb[2]) / delta + (rgb[1] < rgb[2] ? 6 : 0)
      case rgb[1]: hue = (rgb[2] - rgb[0]) / delta + 2
      default: hue = (rgb[0] - rgb[1]) / delta + 4
      }
      hue *= 60
    }
    return [hue, saturation * 100, lightness * 100]
  }

  /// CSS Color 4 §8.1; whiteness and blackness from 0 to 100.
  static func hwbToSRGB(_ hwb: [Double]) -> [Double] {
    let (white, black) = (hwb[1] / 100, hwb[2] / 100)
    if white + black >= 1 { return Array(repeating: white / (white + black), count: 3) }
    return hslToSRGB([hwb[0], 100, 50]).map { $0 * (1 - white - black) + white }
  }

  static func srgbToHWB(_ rgb: [Double]) -> [Double] {
    [srgbToHSL(rgb)[0], rgb.min()! * 100, (1 - rgb.max()!) * 100]
  }
}
