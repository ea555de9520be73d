/// A node as a query reads it: the ids of its names in an index's table,
/// and their text for the few checks that need it (a glob against a name no
/// rule spells out). `NodeIdentifier` is one; `NodeLine` (a node still in
/// the bytes it was read from) is another, so `batch` builds no `String`
/// per component.
protocol QueryNode {
  /// Number of path components.
  var depth: Int { get }
  /// Writes the ids of the path's names and variants: `.unknown` for text
  /// the table lacks, `.none` where a component has no variant.
  func intern(
    in table: NameTable, names: UnsafeMutableBufferPointer<NameID>, variants: UnsafeMutableBufferPointer<NameID>)
  func tokenID(in table: NameTable) -> NameID
  func name(at index: Int) -> String
  func variant(at index: Int) -> String?
  var tokenText: String { get }
}

/// A `NodeIdentifier` lent to one query: its path read in place, so the
/// query retains nothing of it.
struct IdentifierView: QueryNode {
  let path: UnsafeBufferPointer<Component>
  let token: String

  var depth: Int { path.count }

  func intern(
    in table: NameTable, names: UnsafeMutableBufferPointer<NameID>, variants: UnsafeMutableBufferPointer<NameID>
  ) {
    for index in path.indices {
      names[index] = table.id(path[index].name)
      variants[index] = path[index].variant.map { table.id($0) } ?? .none
    }
  }

  func tokenID(in table: NameTable) -> NameID { table.id(token) }
  func name(at index: Int) -> String { path[index].name }
  func variant(at index: Int) -> String? { path[index].variant }
  var tokenText: String { token }
}

extension NodeIdentifier {
  /// Calls `body` with this node lent as a query node.
  func withView<Result>(_ body: (IdentifierView) -> Result) -> Result {
    path.withUnsafeBufferPointer { body(IdentifierView(path: $0, token: token)) }
  }
}
