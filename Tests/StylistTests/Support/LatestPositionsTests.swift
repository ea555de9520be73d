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
}
