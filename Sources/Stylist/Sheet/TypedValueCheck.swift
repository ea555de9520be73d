/// Checks the numbers of a sheet's typed values where they are written:
/// what the library reads as a colour (``StyleColor``), a dimension or
/// duration (``StyleDimension``, ``StyleDuration``) or a font's weight
/// (``FontSample``). A number such a value cannot hold — a colour
/// component outside its space's range or not finite, an alpha outside
/// 0...1, a length or time that is not finite, a weight outside 1...1000 —
/// is a `value-out-of-range` warning at the number. The value loads as
/// written; each reading of it is total (docs/SHEETS.md: Typed values).
///
/// Only numbers written in the map itself are checked: a component given
/// by a variable reference has its value per theme, after reading, and is
/// not checked (its readings are total all the same).
enum TypedValueCheck {
  /// The problems of the map `value`, not of the maps inside it (the
  /// reader checks each map it reads).
  static func problems(of value: SourceValue) -> [(message: String, position: SourcePosition)] {
    guard case .map = value else { return [] }
    var problems: [(message: String, position: SourcePosition)] = []
    func note(_ message: String, _ at: SourceValue) { problems.append((message, at.position)) }
    if let space = value["colorSpace"]?.stringValue.flatMap(ColorSpace.init(rawValue:)),
      case .list(let components)? = value["components"], components.items.count == 3
    {
      for (component, range) in zip(components.items, space.componentRanges) {
        guard let number = component.numberValue, !range.contains(number) else { continue }
        note(
          "colour component \(PropertyValue.yamlText(for: number)) is outside \(space.rawValue)'s range"
            + " (\(text(range.lowerBound)) to \(text(range.upperBound)))", component)
      }
      if let alpha = value["alpha"], let number = alpha.numberValue, !(0...1).contains(number) {
        note("a colour's alpha \(PropertyValue.yamlText(for: number)) is outside 0 to 1", alpha)
      }
    }
    if let measure = value["value"], let number = measure.numberValue, !number.isFinite,
      let unit = value["unit"]?.stringValue, ["px", "rem", "ms", "s"].contains(unit)
    {
      note(
        "a \(unit == "px" || unit == "rem" ? "dimension" : "duration")'s value must be finite, not \(PropertyValue.yamlText(for: number))",
        measure)
    }
    if value["fontFamily"] != nil || value["fontSize"] != nil, let weight = value["fontWeight"],
      let number = weight.numberValue, !FontSample.weights.contains(number)
    {
      note("font weight \(PropertyValue.yamlText(for: number)) is outside 1 to 1000", weight)
    }
    return problems
  }

  private static func text(_ bound: Double) -> String {
    ExportNumbers.text(bound)
  }
}
