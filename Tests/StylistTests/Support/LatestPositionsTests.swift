import Testing

@testable import Stylist

@Suite struct LatestPositionsTests {
  /// Agrees with a dictionary on every update and lookup, with a hash weak
  /// enough that different values share it all the time.
  @Test func agreesWithADictionary() {
    var generator = SeededGenerator(seed: 3)
    let values = (0..<5_000).map { _ in Int.random(in: 0..<1_500, using: &generator) }
    func weakHash(_ value: Int) -> Int { value % 7 }
    var positions = LatestPositions(capacity: values.count)
    var reference: [Int: Int] = [:]
    for (position, value) in values.enumerated() {
      let replaced = positions.update(position, hash: weakHash(value)) { values[$0] == value }
      #expect(replaced == reference.updateValue(position, forKey: value))
    }
    for value in 0..<1_600 {
      #expect(positions.latest(hash: weakHash(value)) { values[$0] == value } == reference[value])
    }
  }

  /// Slots keep 32 bits of a hash: hashes that differ only above them are
  /// told apart by the values.
  @Test func hashesEqualInTheirLowBitsAreToldApart() {
    let values = Array(0..<2_000)
    func highHash(_ value: Int) -> Int { (value % 50) << 32 }
    var positions = LatestPositions(capacity: values.count)
    for (position, value) in values.enumerated() {
      #expect(positions.update(position, hash: highHash(value)) { values[$0] == value } == nil)
    }
    for value in values {
      #expect(positions.latest(hash: highHash(value)) { values[$0] == value } == value)
    }
  }
}
