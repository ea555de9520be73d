/// Reads a DTCG document (a token file, or a resolver's inline source)
/// from the source model into a `TokenGroup`, reporting every problem of
/// the document in one pass: names the format reserves or cannot spell,
/// `$value` beside child tokens, properties of the wrong kind. What strays
/// from the standard without breaking anything is a `nonstandard-token`
/// warning, and the token loads as written.
struct TokenDocumentReader {
  let file: String
  let sink: DiagnosticSink

  private func location(_ position: SourcePosition) -> SourceLocation { position.location(in: file) }

  /// The document's top-level group.
  func document(_ map: SourceMap) -> TokenGroup {
    group(map, path: [], isDocument: true)
  }

  private func group(_ map: SourceMap, path: [String], isDocument: Bool = false) -> TokenGroup {
    var group = TokenGroup(file: file, position: map.position)
    for entry in map.entries {
      let name = entry.key
      if name.hasPrefix("$"), name != "$root" {
        readGroupProperty(entry, into: &group, path: path, isDocument: isDocument)
        continue
      }
      guard isValidName(name, at: entry.keyPosition) else { continue }
      guard case .map(let child) = entry.value else {
        sink.error(
          "'\(Self.dotted(path + [name]))' must be an object (a token with '$value', or a group), not "
            + entry.value.tokenKindName, .invalidToken, at: location(entry.value.position))
        continue
      }
      if let node = node(child, name: name, key: entry.keyPosition, path: path + [name]) {
        group.children[name] = node
      }
    }
    return group
  }

  /// A child object: a token when it has `$value` (or is a `$ref` alone),
  /// else a group.
  private func node(_ map: SourceMap, name: String, key: SourcePosition, path: [String]) -> TokenNode? {
    if let value = map.entries.first(where: { $0.key == "$value" }) {
      return .token(token(map, value: value.value, key: key, path: path))
    }
    let isPointer = map.entries.contains { $0.key == "$ref" }
    if isPointer, !map.entries.contains(where: { !$0.key.hasPrefix("$") }) {
      // `"primary": { "$ref": "#/colors/blue" }`: the token aliases another.
      var pointer = map
      pointer.entries.removeAll { $0.key != "$ref" }
      return .token(token(map, value: .map(pointer), key: key, path: path))
    }
    if name == "$root" {
      sink.error("'\(Self.dotted(path))' must be a token with '$value'", .invalidToken, at: location(key))
      return nil
    }
    return .group(group(map, path: path))
  }

  private func token(_ map: SourceMap, value: SourceValue, key: SourcePosition, path: [String]) -> DesignToken {
    var token = DesignToken(value: value, file: file, key: key)
    for entry in map.entries {
      switch entry.key {
      case "$value", "$ref": continue
      case "$type": token.properties.type = typeName(entry)
      case "$description": token.properties.description = description(entry)
      case "$deprecated": token.properties.deprecation = deprecation(entry)
      case "$extensions": token.properties.extensions = extensions(entry)
      default:
        if case .map(let child) = entry.value, child.entries.contains(where: { $0.key == "$value" }) {
          sink.error(
            "token '\(Self.dotted(path))' has '$value' and a child token '\(entry.key)': an object is a token or a group, not both",
            .invalidToken, at: location(entry.keyPosition))
        } else {
          sink.warning(
            "token '\(Self.dotted(path))' has a key '\(entry.key)' the format does not define", .nonstandardToken,
            at: location(entry.keyPosition))
        }
      }
    }
    return token
  }

  private func readGroupProperty(_ entry: SourceEntry, into group: inout TokenGroup, path: [String], isDocument: Bool) {
    switch entry.key {
    case "$type": group.properties.type = typeName(entry)
    case "$description": group.properties.description = description(entry)
    case "$deprecated": group.properties.deprecation = deprecation(entry)
    case "$extensions": group.properties.extensions = extensions(entry)
    case "$extends":
      guard let text = entry.value.stringValue, let reference = TokenAlias.path(in: text) else {
        sink.error(
          "'$extends' must name a group as '{group.name}', not \(entry.value.tokenKindName)", .invalidToken,
          at: location(entry.value.position))
        return
      }
      group.extends = TokenReference(path: reference, position: entry.value.position, file: file)
    case "$ref":
      guard let text = entry.value.stringValue, let pointer = TokenPointer(text), pointer.isLocal else {
        sink.error(
          "a group's '$ref' must be a JSON pointer into this document ('#/group'), not "
            + (entry.value.stringValue.map { "'\($0)'" } ?? entry.value.tokenKindName), .invalidToken,
          at: location(entry.value.position))
        return
      }
      group.extends = TokenReference(path: pointer.segments, position: entry.value.position, file: file)
    case "$schema" where isDocument: return
    case "$value": return  // A token's; `node` reads it.
    default:
      sink.error(
        "invalid token name '\(entry.key)': a name cannot start with '$' (the format's own properties do)",
        .invalidName, at: location(entry.keyPosition))
    }
  }

  private func isValidName(_ name: String, at position: SourcePosition) -> Bool {
    if name.isEmpty || name.contains(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
      sink.error(
        "invalid token name '\(name)': a name is not empty and holds no '{', '}' or '.'", .invalidName,
        at: location(position))
      return false
    }
    return true
  }

  private func typeName(_ entry: SourceEntry) -> (name: String, position: SourcePosition)? {
    guard let name = entry.value.stringValue else {
      sink.error(
        "'$type' must be a string, not \(entry.value.tokenKindName)", .wrongType, at: location(entry.value.position))
      return nil
    }
    return (name, entry.value.position)
  }

  private func description(_ entry: SourceEntry) -> String? {
    guard let text = entry.value.stringValue else {
      sink.error(
        "'$description' must be a string, not \(entry.value.tokenKindName)", .wrongType,
        at: location(entry.value.position))
      return nil
    }
    return text
  }

  private func deprecation(_ entry: SourceEntry) -> TokenDeprecation? {
    if let reason = entry.value.stringValue { return .deprecated(reason: reason) }
    if case .scalar(let scalar) = entry.value, case .literal(.bool(let flag)) = scalar.form {
      return flag ? .deprecated(reason: nil) : .current
    }
    sink.error(
      "'$deprecated' must be true, false or a reason, not \(entry.value.tokenKindName)", .wrongType,
      at: location(entry.value.position))
    return nil
  }

  private func extensions(_ entry: SourceEntry) -> SourceValue? {
    guard case .map = entry.value else {
      sink.error(
        "'$extensions' must be an object, not \(entry.value.tokenKindName)", .wrongType,
        at: location(entry.value.position))
      return nil
    }
    return entry.value
  }

  static func dotted(_ path: [String]) -> String { path.joined(separator: ".") }
}
