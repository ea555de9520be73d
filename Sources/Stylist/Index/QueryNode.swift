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

extension NodeIdentifier: QueryNode {
  var depth: Int { path.count }

  func intern(
    in table: NameTable, names: UnsafeMutableBufferPointer<NameID>, variants: UnsafeMutableBufferPointer<NameID>
  ) {
    for index in path.indices {
      names[index] = table.nameID(path[index].name)
      variants[index] = path[index].variant.map { table.nameID($0) } ?? .none
    }
  }

  func tokenID(in table: NameTable) -> NameID { table.nameID(token) }
  func name(at index: Int) -> String { path[index].name }
  func variant(at index: Int) -> String? { path[index].variant }
  var tokenText: String { token }
}

extension NameTable {
  /// The id of `name`, or `.unknown`.
  func nameID(_ name: String) -> NameID {
    let id = id(name)
    return id == NameTable.absent ? .unknown : NameID(raw: id)
  }
}
