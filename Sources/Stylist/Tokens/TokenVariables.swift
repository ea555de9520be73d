import OrderedCollections

/// Turns a resolved token tree into variables (docs/SHEETS.md: Design tokens): a
/// group is a map, a token a leaf at its path whose value is `$value` with
/// every alias `{a.b}` made a reference to the variable `a.b`, so the
/// sheet's one evaluator follows chains, finds cycles and unknown names
/// and resolves them under each theme. A `$ref` to a whole token is such a
/// reference too; one into a token's value copies what it points at, from
/// the tree the token is read in.
///
/// Each token's type is settled here (its own, the aliased token's, the
/// nearest group's) and its value checked against it.
struct TokenVariables {
  /// Where pointers and alias types are looked up: the whole merged tree.
  let tree: TokenGroup
  /// The resolver context the tokens are read for; nil for a set's.
  let theme: String?
  let sink: DiagnosticSink
  let budget: ExpansionBudget
  /// Every alias, for the outline.
  private(set) var uses: [SheetOutline.Use] = []
  private(set) var tokens: [SheetOutline.Token] = []
  /// The references of the token being read.
  private var references: [String] = []
  /// Pointers being followed, each inside the one before.
  private var pointerDepth = 0
  /// How many `$ref`s failed (each reported).
  private var pointerFailures = 0
  static let maxPointerDepth = 100

  init(tree: TokenGroup, theme: String?, sink: DiagnosticSink, budget: ExpansionBudget) {
    self.tree = tree
    self.theme = theme
    self.sink = sink
    self.budget = budget
  }

  /// What a group hands its tokens.
  private struct Inherited {
    var type: String?
    var deprecation: TokenDeprecation?
  }

  /// The variables of `group` (a part of `tree`, or all of it).
  mutating func variables(of group: TokenGroup) -> VariableTree {
    reportAliasCycles(in: group)
    return variables(of: group, path: [], inherited: Inherited())
  }

  /// Tokens whose aliases lead back to themselves, each reported at its
  /// alias (the Format module asks for an error for every token of a
  /// cycle); their values are null, so that evaluating them says nothing more.
  private var cyclic: Set<[String]> = []

  private mutating func reportAliasCycles(in group: TokenGroup) {
    var settled: Set<[String]> = []
    var stack: [(path: [String], group: TokenGroup)] = [([], group)]
    while let (prefix, current) = stack.popLast() {
      for (name, node) in current.children {
        switch node {
        case .group(let inner): stack.append((prefix + [name], inner))
        case .token: reportCycle(from: prefix + [name], settled: &settled)
        }
      }
    }
  }

  /// Follows the whole-value aliases from `start` (at most
  /// `maxPointerDepth` links); a chain that meets itself reports each
  /// token of the loop once.
  private mutating func reportCycle(from start: [String], settled: inout Set<[String]>) {
    var chain: [(path: [String], token: DesignToken)] = []
    var path = start
    while !settled.contains(path), chain.count < Self.maxPointerDepth,
      case .token(let token)? = tree.node(at: path)
    {
      if let loop = chain.firstIndex(where: { $0.path == path }) {
        let members = Array(chain[loop...])
        let names = members.map { $0.path.joined(separator: ".") }
        for (index, member) in members.enumerated() where cyclic.insert(member.path).inserted {
          // At the alias's `{`, inside the string's quote; at a `$ref` object.
          let at = member.token.value.position
          let column = at.column + (member.token.value.stringValue == nil ? 0 : 1)
          // The loop as read from the token reported, back to it.
          let loop = names[index...] + names[..<index] + [names[index]]
          sink.error(
            "alias cycle: \(loop.joined(separator: " -> "))", .variableCycle,
            at: SourcePosition(line: at.line, column: column).location(in: member.token.file))
        }
        break
      }
      chain.append((path, token))
      guard let next = aliasTarget(of: token) else { break }
      path = next.path
    }
    for link in chain { settled.insert(link.path) }
  }

  private mutating func variables(of group: TokenGroup, path: [String], inherited outer: Inherited) -> VariableTree {
    var inherited = outer
    if let type = group.properties.type { inherited.type = type.name }
    if let deprecation = group.properties.deprecation { inherited.deprecation = deprecation }
    var children: OrderedDictionary<String, VariableTree> = [:]
    for (name, node) in group.children {
      switch node {
      case .group(let inner): children[name] = variables(of: inner, path: path + [name], inherited: inherited)
      case .token(let token): children[name] = .leaf(leaf(token, path: path + [name], inherited: inherited))
      }
    }
    return .map(children)
  }

  private mutating func leaf(_ token: DesignToken, path: [String], inherited: Inherited) -> VariableLeaf {
    references = []
    let type = token.properties.type?.name ?? aliasedType(of: token) ?? inherited.type
    let value: SourceValue
    if cyclic.contains(path) {
      value = .scalar(SourceScalar(form: .literal(.null), position: token.value.position))
      check(nil, of: token, path: path, type: type)
    } else {
      let (uses, failures) = (self.uses, pointerFailures)
      let dtcg = converted(token.value, file: token.file)
      // A pointer that failed is an error of its own; its null is no value to check.
      check(pointerFailures == failures ? dtcg : nil, of: token, path: path, type: type)
      let (dtcgUses, dtcgReferences) = (self.uses, references)
      (self.uses, references) = (uses, [])
      if let stylist = stylistValue(of: token) {
        // `$value` is checked as other tools read it; the variable is the export's value.
        value = stylist
      } else {
        (self.uses, references) = (dtcgUses, dtcgReferences)
        value = dtcg
      }
    }
    var seen: Set<String> = []
    let distinct = references.filter { seen.insert($0).inserted }
    let deprecation: SheetOutline.Token.Deprecation? =
      switch token.properties.deprecation ?? inherited.deprecation {
      case .deprecated(let reason)?: .init(reason: reason)
      case .current?, nil: nil
      }
    tokens.append(
      SheetOutline.Token(
        path: path.joined(separator: "."), theme: theme, type: type, description: token.properties.description,
        deprecation: deprecation, extensions: token.properties.extensions.flatMap(\.literalValue),
        color: Self.colorObject(of: token, type: type), file: token.file, position: token.key,
        valuePosition: token.value.position))
    return VariableLeaf(value: value, key: token.key, file: token.file, references: distinct, origin: .token)
  }

  /// The colour of a `color` token whose `$value` is a colour object.
  private static func colorObject(of token: DesignToken, type: String?) -> StyleColor? {
    guard type == "color", case .map = token.value else { return nil }
    return token.value.literalValue.flatMap(StyleColor.init)
  }

  /// The value a Stylist export keeps where DTCG's `$value` cannot say
  /// it (docs/CLI.md: Exporting tokens), under `$extensions."dev.stylist"`:
  /// `template`, the value as a sheet writes it (its strings' references
  /// read as a sheet's are), else `value`, the value exactly (no alias
  /// in it). A number JSON cannot write is `{ "$number": ".nan" }` in
  /// either. It is the variable's value, so that importing an export gives
  /// back what was exported; `$value` is what other tools read.
  private mutating func stylistValue(of token: DesignToken) -> SourceValue? {
    guard case .map(let extensions)? = token.properties.extensions,
      case .map(let stylist)? = extensions.entries.last(where: { $0.key == "dev.stylist" })?.value
    else { return nil }
    if let template = stylist.entries.last(where: { $0.key == "template" })?.value {
      return sheetValue(template, file: token.file)
    }
    return stylist.entries.last(where: { $0.key == "value" }).map { Self.exactValue($0.value) }
  }

  /// `value` with each `{ "$number": … }` made its number.
  private static func exactValue(_ value: SourceValue) -> SourceValue {
    switch value {
    case .scalar: return value
    case .list(var list):
      list.items = list.items.map(exactValue)
      return .list(list)
    case .map(var map):
      if let number = Self.number(in: map) { return number }
      for index in map.entries.indices { map.entries[index].value = exactValue(map.entries[index].value) }
      return .map(map)
    }
  }

  private static func number(in map: SourceMap) -> SourceValue? {
    guard map.entries.count == 1, let text = map.entries[0].value.stringValue,
      let number = DTCGValues.number(in: [map.entries[0].key: .string(text)])
    else { return nil }
    return .scalar(SourceScalar(form: .literal(.double(number)), position: map.position))
  }

  /// A template's value: each string's `$$` and references read as a
  /// sheet reads them (a string that is one reference is that variable's
  /// value), numbers as in ``exactValue(_:)``; a malformed reference is
  /// an error at the string.
  private mutating func sheetValue(_ value: SourceValue, file: String) -> SourceValue {
    switch value {
    case .scalar(let scalar):
      guard case .literal(.string(let text)) = scalar.form else { return value }
      let pieces: [TemplatePiece]?
      do {
        pieces = try VariableReference.pieces(in: text, at: scalar.position, textColumn: nil)
      } catch {
        sink.error(error.message, .invalidToken, at: scalar.position.location(in: file))
        return .scalar(SourceScalar(form: .literal(.null), position: scalar.position))
      }
      guard let pieces else { return value }
      var literal = ""
      var converted: [TemplatePiece] = []
      for piece in pieces {
        switch piece {
        case .literal(let text):
          literal += text
          converted.append(piece)
        case .reference(let use):
          references.append(use.name)
          uses.append(SheetOutline.Use(path: use.name, file: file, position: use.position))
          converted.append(piece)
        }
      }
      if converted.count == 1, case .reference(let use) = converted[0] {
        return .scalar(SourceScalar(form: .reference(use), position: scalar.position))
      }
      let form: SourceScalar.Form =
        converted.contains { if case .reference = $0 { true } else { false } }
        ? .template(converted) : .literal(.string(literal))
      return .scalar(SourceScalar(form: form, position: scalar.position))
    case .list(var list):
      list.items = list.items.map { sheetValue($0, file: file) }
      return .list(list)
    case .map(var map):
      if let number = Self.number(in: map) { return number }
      for index in map.entries.indices {
        map.entries[index].value = sheetValue(map.entries[index].value, file: file)
      }
      return .map(map)
    }
  }

  /// The type of the token an alias chain ends at, following at most
  /// `maxPointerDepth` links (a cycle is the evaluator's to report).
  private func aliasedType(of token: DesignToken) -> String? {
    var current = token
    for _ in 0..<Self.maxPointerDepth {
      guard let target = aliasTarget(of: current), case .token(let next)? = tree.node(at: target.path) else {
        return nil
      }
      if let type = next.properties.type { return type.name }
      if let type = groupType(at: target.path) { return type }
      current = next
    }
    return nil
  }

  /// The type of the token at the variable `name`'s path, settled as a
  /// token's is (its own, its alias's, its group's); nil for no token.
  private func tokenType(of name: String) -> String? {
    let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard case .token(let token)? = tree.node(at: path) else { return nil }
    return token.properties.type?.name ?? aliasedType(of: token) ?? groupType(at: path)
  }

  /// The type the nearest group around `path` gives.
  private func groupType(at path: [String]) -> String? {
    var group = tree
    var type = tree.properties.type?.name
    for name in path.dropLast() {
      guard case .group(let inner)? = group.children[name] else { break }
      group = inner
      if let own = inner.properties.type { type = own.name }
    }
    return type
  }

  /// The token a whole value aliases (`{a.b}`, or a `$ref` to the token or its `$value`).
  private func aliasTarget(of token: DesignToken) -> (path: [String], position: SourcePosition)? {
    let value = token.value
    if let path = token.alias { return (path, value.position) }
    guard let pointer = Self.pointer(value), pointer.isLocal else { return nil }
    var segments = pointer.segments
    if segments.last == "$value" { segments.removeLast() }
    guard case .token? = tree.node(at: segments) else { return nil }
    return (segments, value.position)
  }

  private static func pointer(_ value: SourceValue) -> TokenPointer? {
    guard case .map(let map) = value, map.entries.count == 1, map.entries[0].key == "$ref",
      let text = map.entries[0].value.stringValue
    else { return nil }
    return TokenPointer(text)
  }

  /// Checks `value`, the token's `$value` with its pointers resolved (a
  /// part a `$ref` copies is checked where it lands; an alias, where its
  /// token is), against the token's type; nil checks the type alone.
  private func check(_ value: SourceValue?, of token: DesignToken, path: [String], type: String?) {
    let location = token.key.location(in: token.file)
    let name = path.joined(separator: ".")
    guard let type else {
      sink.warning("token '\(name)' has no '$type', its own, its alias's or a group's", .nonstandardToken, at: location)
      return
    }
    guard let known = TokenType(rawValue: type) else {
      sink.warning(
        "token '\(name)' has the type '\(type)', which the format does not define", .nonstandardToken, at: location)
      return
    }
    guard let value else { return }
    for problem in TokenValueCheck.problems(of: value, as: known, typeOf: tokenType) {
      sink.warning(
        "\(known.rawValue) token '\(name)': \(problem.message)", .nonstandardToken,
        at: problem.position.location(in: token.file))
    }
  }

  /// `value` with aliases made references and pointers resolved.
  private mutating func converted(_ value: SourceValue, file: String) -> SourceValue {
    switch value {
    case .scalar(let scalar):
      guard let text = value.stringValue, let path = TokenAlias.path(in: text) else { return value }
      // At the alias's `{`, inside the string's quote (JSON's strings are quoted).
      let brace = SourcePosition(line: scalar.position.line, column: scalar.position.column + 1)
      return reference(path.joined(separator: "."), at: brace, file: file)
    case .list(var list):
      list.items = list.items.map { converted($0, file: file) }
      return .list(list)
    case .map(var map):
      if let pointer = Self.pointer(value) { return resolved(pointer, at: value.position, file: file) }
      for index in map.entries.indices {
        map.entries[index].value = converted(map.entries[index].value, file: file)
      }
      return .map(map)
    }
  }

  private mutating func reference(_ name: String, at position: SourcePosition, file: String) -> SourceValue {
    references.append(name)
    uses.append(SheetOutline.Use(path: name, file: file, position: position))
    return .scalar(SourceScalar(form: .reference(VariableUse(name: name, position: position)), position: position))
  }

  /// A `$ref`: a reference when it names a token or its whole `$value`,
  /// else a copy of what it points at; a `.invalid` scalar after reporting.
  private mutating func resolved(_ pointer: TokenPointer, at position: SourcePosition, file: String) -> SourceValue {
    let location = position.location(in: file)
    // The load fails with the error; the value is null so that evaluating it says nothing more.
    func failure(_ message: String) -> SourceValue {
      pointerFailures += 1
      sink.error(message, .invalidToken, at: location)
      return .scalar(SourceScalar(form: .literal(.null), position: position))
    }
    guard pointer.isLocal else { return failure("a '$ref' in a token's value must point into the tokens ('#/…')") }
    var tokenPath: [String] = []
    var rest = pointer.segments[...]
    var token: DesignToken?
    while let name = rest.first {
      guard let node = tree.node(at: tokenPath + [name]) else { break }
      tokenPath.append(name)
      rest = rest.dropFirst()
      if case .token(let found) = node {
        token = found
        break
      }
    }
    let written = pointer.text
    guard !pointer.segments.isEmpty else {
      return failure("'$ref' '\(written)' points at the whole document: a '$ref' in a token points at a token")
    }
    guard let token else {
      let hint = Suggestion.hint(for: pointer.segments.joined(separator: "."), among: tree.tokenPaths)
      return failure("'$ref' '\(written)' points at no token\(hint.text)")
    }
    if rest.isEmpty || Array(rest) == ["$value"] {
      return reference(tokenPath.joined(separator: "."), at: position, file: file)
    }
    guard rest.first == "$value" else {
      return failure("'$ref' '\(written)' must point at a token, its '$value' or a part of it")
    }
    var target = token.value
    for segment in rest.dropFirst() {
      switch target {
      case .map(let map):
        guard let entry = map.entries.first(where: { $0.key == segment }) else {
          return failure("'$ref' '\(written)': the value has no '\(segment)'")
        }
        target = entry.value
      case .list(let list):
        guard TokenPointer.isIndex(segment) else {
          return failure("'$ref' '\(written)': '\(segment)' is no list index (RFC 6901: digits, no leading zero)")
        }
        guard let index = Int(segment), list.items.indices.contains(index) else {
          return failure("'$ref' '\(written)': the list has no item '\(segment)'")
        }
        target = list.items[index]
      case .scalar:
        return failure("'$ref' '\(written)': '\(segment)' is past a scalar")
      }
    }
    guard pointerDepth < Self.maxPointerDepth else {
      return failure("'$ref' chain deeper than \(Self.maxPointerDepth) at '\(written)'")
    }
    switch budget.spend(1) {
    case .spent: break
    case .ranOut: return failure("values expand to too many nodes (alias or variable bomb?)")
    case .refused: return .scalar(SourceScalar(form: .literal(.null), position: position))
    }
    pointerDepth += 1
    defer { pointerDepth -= 1 }
    return converted(target, file: token.file).relocated(to: position)
  }
}

extension TokenGroup {
  /// Every token's path, dotted, in document order: what a mistyped pointer is compared with.
  var tokenPaths: [String] {
    var result: [String] = []
    var stack: [(String, TokenGroup)] = [("", self)]
    while let (prefix, group) = stack.popLast() {
      for (name, child) in group.children.reversed() {
        let path = prefix.isEmpty ? name : "\(prefix).\(name)"
        switch child {
        case .token: result.append(path)
        case .group(let inner): stack.append((path, inner))
        }
      }
    }
    return result
  }
}

extension SourceValue {
  /// This value placed at `position` (its parts stay where they are
  /// written): a part a `$ref` copies is where the `$ref` is, for the
  /// messages about it.
  func relocated(to position: SourcePosition) -> SourceValue {
    switch self {
    case .scalar(var scalar):
      scalar.position = position
      return .scalar(scalar)
    case .list(var list):
      list.position = position
      return .list(list)
    case .map(var map):
      map.position = position
      return .map(map)
    }
  }

  /// The value of a source with no references (a token file's
  /// `$extensions`): nil where a scalar is invalid.
  var literalValue: PropertyValue? {
    switch self {
    case .scalar(let scalar):
      guard case .literal(let value) = scalar.form else { return nil }
      return value
    case .list(let list):
      var items: [PropertyValue] = []
      for item in list.items {
        guard let value = item.literalValue else { return nil }
        items.append(value)
      }
      return .list(items)
    case .map(let map):
      var properties = Properties()
      for entry in map.entries {
        guard let value = entry.value.literalValue else { return nil }
        properties[entry.key] = value
      }
      return .map(properties)
    }
  }
}
