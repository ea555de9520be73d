import Testing

@testable import Stylist

/// Records a big sheet holds once per style or per property: their sizes
/// are decisions (see each type's comment), kept here so that a new field
/// is a choice, not an accident.
@Suite struct RecordSizeTests {
  /// A glob is one reference, so the pattern enums stay a string and a tag.
  @Test func aSelectorComponentIsFortyEightBytes() {
    #expect(MemoryLayout<Glob>.size == 8)
    #expect(MemoryLayout<NamePattern>.stride == 24)
    #expect(MemoryLayout<SelectorComponent>.stride == 48)
  }

  /// A template keeps two scalars per property until it is compiled.
  @Test func aTemplateScalarIsThirtyTwoBytes() {
    #expect(MemoryLayout<YAMLMark>.size == 8)
  }
}
