import Stylist

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes `batch`'s answers, block after block, on the thread of the run's
/// `Handoff`, while the command's thread reads and matches the lines after
/// them: rendering each distinct answer (whose rule has been cold since the
/// load), finding the cached ones and copying bytes out cost a large
/// sheet's run as much as matching its lines, and need not hold it up.
///
/// `@unchecked Sendable`: it is handed to the handoff's thread before the
/// first block, and from then on only that thread touches it (`write`),
/// until `Handoff.finish` has returned.
final class BatchWriter: @unchecked Sendable {
  /// Everything writing changes, in one value: a block reaches it through
  /// one access to the class's storage, not several a line (each access
  /// to a class's stored property is checked for exclusivity at run time).
  private var blocks: BlockWriter

  /// Answers of `index`, written to `descriptor`.
  init(index: StyleIndex, descriptor: Int32 = STDOUT_FILENO) {
    blocks = BlockWriter(index: index, descriptor: descriptor)
  }

  /// Writes the block's lines in order: each answer one line late (see
  /// `AnswerCache.add`), every one of them before a flush.
  func write(_ block: AnsweredLines) { blocks.write(block) }
}

/// What `BatchWriter` does with a block: renders, finds and writes its
/// lines' answers.
private struct BlockWriter {
  private var output: OutputBuffer
  private var answers: AnswerCache
  private var cascades: CascadeRenderer

  init(index: StyleIndex, descriptor: Int32) {
    output = OutputBuffer(descriptor: descriptor)
    answers = AnswerCache(index: index)
    cascades = CascadeRenderer(index: index)
  }

  /// How many lines before adding a cascade line the renderer is told of
  /// it (`CascadeRenderer.expect`): its lookup's slot starts loading two
  /// lines early, the record the slot points to one line early.
  static let cascadeLookAhead = 2

  mutating func write(_ block: AnsweredLines) {
    // The next line to tell the cascade renderer of.
    var toExpect = 0
    block.text.withUnsafeBufferPointer { text in
      var start = 0
      for (number, line) in block.lines.enumerated() {
        toExpect = expectCascades(in: block, from: toExpect, through: number + Self.cascadeLookAhead)
        let node = UnsafeBufferPointer(rebasing: text[start..<line.end])
        start = line.end
        switch line.outcome {
        case .bestMatch(let order, let theme):
          answers.add(order: order, theme: theme, node: node, to: &output)
        case .cascade(let range, let theme):
          cascades.add(block.orders[range], theme: theme, node: node, to: &output)
        case .syntaxError(let message):
          writeQueued()
          output.writeNodeField(node)
          output.write(#","error":"#)
          output.writeJSONString(message)
          output.writeLine("}")
        case .tooLong(let message):
          writeQueued()
          output.write(#"{"node":null,"error":"#)
          output.writeJSONString(message)
          output.writeLine("}")
        }
      }
    }
    if block.flushes {
      writeQueued()
      output.flush()
    }
  }

  /// Tells the cascade renderer of the block's cascade lines from `first`
  /// through `last` (as far as the block goes); returns the line after.
  private mutating func expectCascades(in block: AnsweredLines, from first: Int, through last: Int) -> Int {
    var line = first
    while line <= last && line < block.lines.count {
      if case .cascade(let range, let theme) = block.lines[line].outcome {
        cascades.expect(block.orders[range], theme: theme)
      }
      line += 1
    }
    return line
  }

  /// Writes the answer queued one line late, by whichever of the two holds it.
  private mutating func writeQueued() {
    answers.writeQueued(to: &output)
    cascades.writeQueued(to: &output)
  }
}
