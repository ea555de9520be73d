@testable import Stylist

/// An oracle for the index's placement: the placement of SPEC §3.2, §3.4
/// and §4 written over `String`s, independent of the trie.
///
/// Components joined by `>` form a *chunk* that must sit on consecutive node
/// components. A first pass places every chunk as early (outermost) as it can,
/// which decides whether the selector fits at all; a second pass places chunks
/// innermost first, each as near the token as the earlier chunks allow. Weights
/// depend only on the selector component, so that placement gives the greatest
/// specificity vector.
extension StyleSelector {
  /// Node path index (outermost first) for each selector component, or nil
  /// when the components cannot be placed. With `honoringDirectChild` false,
  /// `>` constraints are ignored (used to explain a mismatch).
  func stringPlacement(on path: [Component], honoringDirectChild: Bool = true) -> [Int]? {
    let count = components.count
    let depth = path.count
    if count == 0 {
      return honoringDirectChild && token.isDirectChild && depth > 0 ? nil : []
    }
    if count > depth { return nil }

    // Chunk r covers components chunkStart[r] ..< chunkStart[r + 1].
    var chunkStart: [Int] = [0]
    for index in 1..<count where !(honoringDirectChild && components[index].isDirectChild) {
      chunkStart.append(index)
    }
    chunkStart.append(count)
    let chunkCount = chunkStart.count - 1
    let rootAnchored = honoringDirectChild && components[0].isDirectChild
    let endAnchored = honoringDirectChild && token.isDirectChild

    func chunkFits(_ chunk: Int, at start: Int) -> Bool {
      var node = start
      for index in chunkStart[chunk]..<chunkStart[chunk + 1] {
        if !components[index].matches(path[node]) { return false }
        node += 1
      }
      return true
    }

    // Forward: earliest placement of each chunk.
    var earliestEnd = [Int](repeating: 0, count: chunkCount)
    var next = 0
    for chunk in 0..<chunkCount {
      let length = chunkStart[chunk + 1] - chunkStart[chunk]
      var start = next
      if chunk == chunkCount - 1 && endAnchored {
        start = depth - length
        if start < next || (chunk == 0 && rootAnchored && start != 0) || !chunkFits(chunk, at: start) {
          return nil
        }
      } else if chunk == 0 && rootAnchored {
        if !chunkFits(0, at: 0) { return nil }
      } else {
        while start + length <= depth && !chunkFits(chunk, at: start) { start += 1 }
        if start + length > depth { return nil }
      }
      earliestEnd[chunk] = start + length - 1
      next = start + length
    }

    // Backward: latest placement of each chunk, innermost first.
    var positions = [Int](repeating: 0, count: count)
    var limit = depth - 1
    for chunk in stride(from: chunkCount - 1, through: 0, by: -1) {
      let length = chunkStart[chunk + 1] - chunkStart[chunk]
      let lower = chunk == 0 ? 0 : earliestEnd[chunk - 1] + 1
      var start: Int
      if chunk == 0 && rootAnchored {
        start = 0
        if start + length - 1 > limit { return nil }
      } else {
        start = limit - length + 1
        let fixed = chunk == chunkCount - 1 && endAnchored
        while start >= lower && !chunkFits(chunk, at: start) {
          if fixed { return nil }
          start -= 1
        }
        if start < lower { return nil }
      }
      for offset in 0..<length { positions[chunkStart[chunk] + offset] = start + offset }
      limit = start - 1
    }
    return positions
  }

  /// The specificity of this selector on `node` when its token and path
  /// apply (theme not considered), else nil.
  func stringSpecificity(on node: NodeIdentifier) -> Specificity? {
    guard token.name.matches(node.token) else { return nil }
    guard let positions = stringPlacement(on: node.path) else { return nil }
    let path = node.path
    let depth = path.count
    let count = positions.count
    // Innermost component first: positions count from the token's parent.
    return Specificity(tokenWeight: token.weight, depth: depth, count: count) { offset in
      let index = count - 1 - offset
      return .init(position: depth - 1 - positions[index], weight: components[index].weight)
    }
  }
}
