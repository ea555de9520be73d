/// How a preview draws a property's value beside its text: a swatch for a
/// colour, a text sample for a font, a bar for a dimension. Each is read
/// from the value's parsed type, so what goes into the page's CSS is made
/// from numbers and checked names, never copied from the sheet.
public enum PropertySample: Hashable, Sendable {
  /// A colour (a hex string or a DTCG colour object), as a swatch.
  case swatch(StyleColor)
  /// A font, as a line of text set in it.
  case font(FontSample)
  /// A length (a DTCG dimension), as a bar that long.
  case bar(StyleDimension)

  /// The sample for property `key`'s `value`; nil for a value drawn as
  /// text alone. A font is a typography object (`fontFamily`,
  /// `fontSize`, `fontWeight`) or, under a key named `font`, the text
  /// `Family-Style Size` that sheets write (`Roboto-Bold 20`). A dimension
  /// whose length is NaN, and a font that sets nothing (no plain family,
  /// size or weight), have no sample: there is nothing to draw.
  public init?(key: String, value: PropertyValue) {
    if let color = value.colorValue {
      self = .swatch(color)
    } else if let dimension = value.dimensionValue {
      guard !dimension.points().isNaN else { return nil }
      self = .bar(dimension)
    } else if let font = FontSample(key: key, value: value) {
      guard font.family != nil || font.size != nil || font.weight != nil else { return nil }
      self = .font(font)
    } else {
      return nil
    }
  }
}

/// A font as a preview sets its sample: a family (only when its name is
/// plain: letters, digits, spaces, `-` and `_`), a size in CSS pixels and
/// a weight from 1 to 1000.
public struct FontSample: Hashable, Sendable {
  /// The family's name; nil when the value names none, or one that is not plain.
  public var family: String?
  /// The size in CSS pixels, when the value gives one.
  public var size: Double?
  /// The weight, when the value gives one.
  public var weight: Int?

  /// The weights a font can have (CSS and DTCG `fontWeight`).
  public static let weights = 1.0...1000.0

  /// A font of `family`, `size` and `weight`.
  public init(family: String?, size: Double?, weight: Int?) {
    self.family = family.flatMap(Self.plainName)
    self.size = size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
    self.weight = weight.flatMap { Self.weights.contains(Double($0)) ? $0 : nil }
  }

  /// The font `value` gives under `key` (see ``PropertySample/init(key:value:)``).
  init?(key: String, value: PropertyValue) {
    switch value {
    case .map(let map) where map["fontFamily"] != nil || map["fontSize"] != nil:
      let family = map["fontFamily"]?.stringValue ?? map["fontFamily"]?.listValue?.first?.stringValue
      let size = map["fontSize"]?.dimensionValue?.points() ?? map["fontSize"]?.doubleValue
      self.init(family: family, size: size, weight: map["fontWeight"].flatMap(Self.weight))
    case .string(let text) where key.lowercased() == "font" || key == "fontFamily":
      var words = text.split(separator: " ")
      let size = words.count > 1 ? words.last.flatMap { Double($0) } : nil
      if size != nil { words.removeLast() }
      self.init(family: words.joined(separator: " "), size: size, weight: nil)
    default:
      return nil
    }
  }

  /// A DTCG `fontWeight`: a number from 1 to 1000 (rounded to a whole
  /// one), or one of the named weights; nil for any other number, so a
  /// weight of `1e19` or `.nan` sets none.
  private static func weight(_ value: PropertyValue) -> Int? {
    if let number = value.doubleValue {
      return weights.contains(number) ? Int(number.rounded()) : nil
    }
    let names = [
      "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300, "normal": 400,
      "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600, "bold": 700,
      "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900, "extra-black": 950, "ultra-black": 950,
    ]
    return value.stringValue.flatMap { names[$0] }
  }

  /// `name` when it is plain enough to stand quoted in CSS as it is.
  private static func plainName(_ name: String) -> String? {
    let isPlain =
      !name.isEmpty && name.count <= 100
      && name.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " -_".unicodeScalars.contains(scalar))
      }
    return isPlain ? name : nil
  }
}
