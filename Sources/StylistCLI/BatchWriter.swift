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
  private var output: OutputBuffer
  private var answers: AnswerCache
  private var cascades: CascadeRenderer

  /// Answers of `index`, written to `descriptor`.
  init(index: StyleIndex, descriptor: Int32 = STDOUT_FILENO) {
    output = OutputBuffer(descriptor: descriptor)
    answers = AnswerCache(index: index)
    cascades = CascadeRenderer(index: index)
  }

  /// Writes the block's lines in order: each answer one line late (see
  /// `AnswerCache.add`), every one of them before a flush.
  func write(_ block: AnsweredLines) {
    block.text.withUnsafeBufferPointer { text in
      var start = 0
      for line in block.lines {
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

  /// Writes the answer queued one line late, by whichever of the two holds it.
  private func writeQueued() {
    answers.writeQueued(to: &output)
    cascades.writeQueued(to: &output)
  }
}
