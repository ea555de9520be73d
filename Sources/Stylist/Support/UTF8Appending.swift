extension [UInt8] {
  /// Appends `text`'s UTF-8 from its contiguous storage: one copy, where
  /// `append(contentsOf: text.utf8)` goes through the collection a
  /// sequence at a time. The text writers behind every answer's JSON use it.
  package mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }
}
