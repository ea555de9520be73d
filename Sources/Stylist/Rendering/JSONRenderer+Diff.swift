extension JSONRenderer {
  /// A node diff (`diff --nodes`) as one object and a newline:
  /// `{"nodes":N,"changedNodes":C,"changes":[{"nodes":[node…],
  /// "before":{"selector","source","default","properties"},"after":{…}}…]}`,
  /// an answer's fields as `batch` writes them after its node.
  public func nodeDiff(_ diff: NodeDiff) -> String {
    String(writingUTF8: { writeNodeDiff(diff, to: &$0) })
  }

  /// Appends ``nodeDiff(_:)``'s UTF-8.
  package func writeNodeDiff(_ diff: NodeDiff, to output: inout [UInt8]) {
    diff.record.writeJSON(to: &output)
    output.append(0x0A)
  }

  /// A sheet diff (`diff` without nodes) as one object and a newline:
  /// `{"themeSets":[[theme…]…],"added":[{"selector","source","properties"}…],
  /// "removed":[…],"addedVariables":[{"path","source","value"}…],
  /// "removedVariables":[…],"changed":[{"themes":[…],"styles":[{"selector",
  /// "before":{"source","properties"},"after":{…}}…],"variables":[{"path",
  /// "before":{"source","value"},"after":{…}}…]}…]}`; the default style's
  /// selector is null.
  public func sheetDiff(_ diff: SheetDiff) -> String {
    String(writingUTF8: { writeSheetDiff(diff, to: &$0) })
  }

  /// Appends ``sheetDiff(_:)``'s UTF-8.
  package func writeSheetDiff(_ diff: SheetDiff, to output: inout [UInt8]) {
    diff.record.writeJSON(to: &output)
    output.append(0x0A)
  }
}
