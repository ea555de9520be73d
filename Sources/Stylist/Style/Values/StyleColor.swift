/// A colour as design tokens write it (DTCG 2025.10: a colour space, three
/// components, alpha) or as a CSS hex string, with its conversions by the
/// CSS Color 4 formulas (docs/SHEETS.md: Design tokens).
///
/// A component written `none` is nil; conversions read it as 0, as CSS does.
/// Every conversion is total: it reads a component past
/// ±``ColorSpace/componentLimit`` as that bound and a NaN one as 0, and
/// its results are finite (an sRGB or Display P3 one inside 0...1).
public struct StyleColor: Hashable, Sendable {
  public var colorSpace: ColorSpace
  public var components: [Double?]
  /// From 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// A colour of `colorSpace` with three `components`, in the space's own
  /// units (hue in degrees; `hsl`'s and `hwb`'s other two from 0 to 100).
  public init(colorSpace: ColorSpace, components: [Double?], alpha: Double = 1) {
    precondition(components.count == 3, "a colour has three components")
    self.colorSpace = colorSpace
    self.components = components
    self.alpha = alpha
  }

  /// A CSS hex colour, `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, in sRGB;
  /// nil for any other text.
  public init?(hex: String) {
    guard hex.utf8.first == UInt8(ascii: "#") else { return nil }
    let digits = hex.utf8.dropFirst()
    let count = digits.count
    guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
    // Each channel's value 0...255: a short form's digit stands for two.
    var channels: [Double] = []
    channels.reserveCapacity(4)
    var pending: UInt8?
    for byte in digits {
      guard let digit = byte.hexDigitValue else { return nil }
      if count <= 4 {
        channels.append(Double(digit * 17) / 255)
      } else if let high = pending {
        channels.append(Double(high * 16 + digit) / 255)
        pending = nil
      } else {
        pending = digit
      }
    }
    self.init(
      colorSpace: .srgb, components: channels.prefix(3).map { $0 }, alpha: channels.count == 4 ? channels[3] : 1)
  }

  /// The colour a property or token value gives: a DTCG colour object
  /// (`colorSpace`, `components`, optional `alpha`) or a CSS hex string;
  /// nil for anything else, a component that is not finite (`.nan`,
  /// `.inf`) or an alpha outside 0...1 included: no colour has them.
  public init?(_ value: PropertyValue) {
    switch value {
    case .string(let text): self.init(hex: text)
    case .map(let map):
      guard let space = map["colorSpace"]?.stringValue.flatMap(ColorSpace.init(rawValue:)),
        let items = map["components"]?.listValue, items.count == 3
      else { return nil }
      var components: [Double?] = []
      for item in items {
        if item.stringValue == "none" {
          components.append(nil)
        } else if let number = item.doubleValue, number.isFinite {
          components.append(number)
        } else {
          return nil
        }
      }
      let alpha = map["alpha"].map { $0.doubleValue } ?? 1
      guard let alpha, (0...1).contains(alpha) else { return nil }
      self.init(colorSpace: space, components: components, alpha: alpha)
    default: return nil
    }
  }

  /// The components as conversions read them: `none` and NaN as 0, and
  /// each inside ±``ColorSpace/componentLimit``.
  var values: [Double] {
    components.map { component in
      guard let component, !component.isNaN else { return 0 }
      return min(max(component, -ColorSpace.componentLimit), ColorSpace.componentLimit)
    }
  }

  /// `value` inside 0...1, NaN read as 0: a channel or an alpha as
  /// output writes it.
  static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }

  /// This colour in sRGB, gamut-mapped into range (CSS Color 4 §13.2).
  public var srgb: StyleColor { mapped(into: .srgb) }

  /// This colour in Display P3, gamut-mapped into range.
  public var displayP3: StyleColor { mapped(into: .displayP3) }

  /// `#rrggbb` of the sRGB colour, `#rrggbbaa` when it is not opaque.
  public var hex: String {
    let srgb = srgb
    let channels = srgb.values + (srgb.alpha < 1 ? [srgb.alpha] : [])
    return "#"
      + channels.map { channel in
        let byte = Int((Self.unit(channel) * 255).rounded())
        return (byte < 16 ? "0" : "") + String(byte, radix: 16)
      }.joined()
  }

  /// This colour in `space`, by the CSS Color 4 formulas, not mapped into
  /// its gamut (a component may lie outside the space's range).
  public func converted(to space: ColorSpace) -> StyleColor {
    if space == colorSpace { return self }
    return StyleColor(colorSpace: space, components: space.fromXYZD65(colorSpace.toXYZD65(values)), alpha: alpha)
  }
}

extension PropertyValue {
  /// The colour this value gives (``StyleColor/init(_:)``).
  public var colorValue: StyleColor? { StyleColor(self) }
}

extension StyleColor: Decodable {
  /// A colour object or a hex string, as ``init(_:)`` reads them.
  public init(from decoder: any Decoder) throws {
    let value = try PropertyValue(from: decoder)
    guard let color = StyleColor(value) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription:
            "expected a colour: an object with 'colorSpace' and 'components', or a CSS hex string, found "
            + value.kindDescription))
    }
    self = color
  }
}
