/// The names one output gives an export's paths (or themes: `Key`), each settled
/// once for the whole output so that a leaf has one name in every theme's
/// part: a path's name is its platform's escaped form, and where two
/// paths give names that clash (the same `key`: case-insensitive where
/// the platform's file system may be), the later gets `suffixed(name, 2)`,
/// `3`… — a form the platform's escaping never gives a real name, so no
/// suffixed name is anyone's own.
struct ExportNames<Key: Hashable> {
  private var byPath: [Key: String] = [:]
  private var used: Set<String> = []
  private let key: (String) -> String
  private let suffixed: (String, Int) -> String

  init(key: @escaping (String) -> String = { $0 }, suffixed: @escaping (String, Int) -> String) {
    self.key = key
    self.suffixed = suffixed
  }

  /// Names `path` `escaped` (or a suffixed form of it); a path named before keeps its name.
  @discardableResult
  mutating func add(_ path: Key, escaped: String) -> String {
    if let name = byPath[path] { return name }
    var name = escaped
    var number = 1
    while !used.insert(key(name)).inserted {
      number += 1
      name = suffixed(escaped, number)
    }
    byPath[path] = name
    return name
  }

  /// The name of a path added before.
  func name(_ path: Key) -> String { byPath[path]! }
}

/// Words of names in a limited alphabet (Android's resource names, Sass's
/// identifiers): ASCII letters and digits kept, a non-ASCII character as
/// `uxxxx` (`Uxxxxxxxx` past U+FFFF), every run of other characters one
/// `separator`, none at either end; a path's names joined with one
/// `separator`. So no real name holds the separator twice in a row,
/// which a clash's suffix does.
enum ExportWords {
  static func joined(_ path: [String], separator: Character, lowercased: Bool) -> String {
    var result = ""
    for name in path {
      for scalar in name.unicodeScalars {
        let isASCIIAlphanumeric =
          ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        if isASCIIAlphanumeric {
          result += lowercased ? String(scalar).lowercased() : String(scalar)
        } else if scalar.value >= 0x80 {
          let digits = String(scalar.value, radix: 16, uppercase: false)
          result +=
            scalar.value > 0xFFFF
            ? "U" + String(repeating: "0", count: 8 - digits.count) + digits
            : "u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else if !result.isEmpty, result.last != separator {
          result.append(separator)
        }
      }
      if !result.isEmpty, result.last != separator { result.append(separator) }
    }
    if result.last == separator { result.removeLast() }
    return result
  }
}
