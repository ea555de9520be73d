import Testing

@testable import StylistCLI

/// The cache of whole cascade answers: a list's answer comes back only for
/// the same rules, in the same order, under the same theme, and nothing is
/// lost when the byte limit makes it start over.
@Suite struct MergedCascadesTests {
  private func lookUp(_ cache: MergedCascades, _ orders: [Int], theme: Int) -> String? {
    guard let answer = cache.probe(orders, themeID: theme).answer else { return nil }
    var text = ""
    cache.withAnswer(answer) { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  private func keep(_ cache: inout MergedCascades, _ answer: String, for orders: [Int], theme: Int) {
    let probe = cache.probe(orders, themeID: theme)
    #expect(probe.answer == nil)
    let stored = Array(answer.utf8).withUnsafeBufferPointer { cache.insert($0, for: orders, themeID: theme, at: probe) }
    var text = ""
    cache.withAnswer(stored) { text = String(decoding: $0, as: UTF8.self) }
    #expect(text == answer)
  }

  @Test func answersAreKeyedByOrderedRulesAndTheme() {
    var cache = MergedCascades()
    keep(&cache, "a", for: [3, 1, 2], theme: 0)
    keep(&cache, "b", for: [1, 3, 2], theme: 0)
    keep(&cache, "c", for: [3, 1, 2], theme: 1)
    keep(&cache, "d", for: [3, 1], theme: 0)
    #expect(lookUp(cache, [3, 1, 2], theme: 0) == "a")
    #expect(lookUp(cache, [1, 3, 2], theme: 0) == "b")
    #expect(lookUp(cache, [3, 1, 2], theme: 1) == "c")
    #expect(lookUp(cache, [3, 1], theme: 0) == "d")
    #expect(lookUp(cache, [3, 1, 2, 4], theme: 0) == nil)
    #expect(lookUp(cache, [3], theme: 0) == nil)
  }

  /// Thousands of lists grow the table many times over; past the byte limit
  /// the earlier answers go and the new ones are still found.
  @Test func growsAndStartsOverPastItsLimit() {
    var cache = MergedCascades(byteLimit: 100_000)
    let lists = (0..<5_000).map { [$0 % 97, $0, $0 / 3] }
    for (number, list) in lists.enumerated() {
      keep(&cache, "answer \(number)", for: list, theme: number % 2)
      #expect(lookUp(cache, list, theme: number % 2) == "answer \(number)")
    }
    // Each record is about 35 bytes: the first lists went when it started over.
    #expect(lookUp(cache, lists[0], theme: 0) == nil)
    #expect(lookUp(cache, lists[4_999], theme: 1) == "answer 4999")
    #expect(lookUp(cache, lists[4_999], theme: 0) == nil)
  }
}
