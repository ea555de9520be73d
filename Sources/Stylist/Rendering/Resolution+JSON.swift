extension Resolution {
  /// Appends the answer as the JSON object every command prints for tools
  /// (``JSONRenderer/answer(_:node:)``: `match --format json`, `resolve`,
  /// `watch`, `explain`'s result), one writer for all of them and for
  /// `batch`'s (`AnswerWriter`):
  /// `{"node":…,"selector":…|null,"source":"file:line:col"|null,"default":bool,"properties":{…}|null}`.
  /// `node` is echoed as the caller wrote it.
  package func writeJSON(node: String, to output: inout [UInt8]) {
    output.append(utf8Of: #"{"node":"#)
    PropertyValue.writeJSONString(node, to: &output)
    Fields(rule: match?.rule, isDefault: isDefault, source: source, properties: properties).writeJSON(to: &output)
  }

  /// What an answer's JSON says after its node.
  struct Fields {
    /// The winner; nil for the default style or nothing.
    var rule: StyleRule?
    var isDefault: Bool
    var source: SourceLocation?
    var properties: Properties?

    /// The fields after the node and the closing brace:
    /// `,"selector":…,"source":…,"default":…,"properties":…}`.
    func writeJSON(to output: inout [UInt8]) {
      writeHead(to: &output)
      if let properties {
        PropertyValue.writeJSONObject(properties, to: &output)
      } else {
        output.append(utf8Of: "null")
      }
      output.append(UInt8(ascii: "}"))
    }

    /// The fields up to the properties' value:
    /// `,"selector":…,"source":…,"default":…,"properties":`. What follows
    /// is the properties' JSON and `}` (a cascade's are written from
    /// rendered members, `RenderedRules`).
    func writeHead(to output: inout [UInt8]) {
      output.append(utf8Of: #","selector":"#)
      if let rule {
        PropertyValue.writeJSONString(to: &output) { rule.writeName(to: &$0) }
      } else {
        output.append(utf8Of: "null")
      }
      output.append(utf8Of: #","source":"#)
      if let source {
        PropertyValue.writeJSONString(to: &output) { source.writeText(to: &$0) }
      } else {
        output.append(utf8Of: "null")
      }
      output.append(utf8Of: isDefault ? #","default":true"# : #","default":false"#)
      output.append(utf8Of: #","properties":"#)
    }
  }
}
