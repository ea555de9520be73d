import Stylist

/// SplitMix64: every workload is generated from a fixed seed, so runs compare.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A generated design system: a sheet (YAML text) and nodes to query.
///
/// Shape, per 10,000 selectors: ~300 tokens and ~200 component names (both
/// scale with the selector count, so "same shape" keeps ~33 selectors per
/// token), paths of 0–7 components, a variant on 30 % of components, `>` on
/// 10 %, name globs and `*` on 10 % each, 1 % `*` or glob tokens, 20 % themed.
struct Workload {
  var yaml: String
  var selectorCount: Int
  var nodes: [NodeIdentifier]

  init(selectors count: Int, sharedToken: String? = nil, nodes nodeCount: Int, seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let tokenCount = max(10, count * 3 / 100)
    let nameCount = max(10, count / 50)
    func pick(_ n: Int) -> Int { Int.random(in: 0..<n, using: &random) }
    func chance(_ percent: Int) -> Bool { pick(100) < percent }
    func token() -> String { sharedToken ?? "t\(pick(tokenCount))" }
    func name() -> String { "c\(pick(nameCount))" }
    func variant() -> String { "v\(pick(8))" }

    var yaml = "version: 1\nstyles:\n"
    yaml.reserveCapacity(count * 110)
    var selectors: [[String]] = []
    var keys: Set<String> = []
    var index = 0
    while index < count {
      var parts: [String] = []
      for _ in 0..<pick(8) {
        var part = chance(10) ? "*" : chance(11) ? "\(name().prefix(2))*" : name()
        if chance(30) { part += chance(80) ? "[\(variant())]" : chance(50) ? "[*]" : "[v\(pick(8))*]" }
        if chance(10) && !parts.isEmpty { part = ">" + part }
        parts.append(part)
      }
      let tokenText = sharedToken == nil && chance(1) ? (chance(50) ? "*" : "t\(pick(10))*") : token()
      let theme = chance(20) ? (chance(50) ? "@dark/" : "@light/") : ""
      let key = theme + (parts + [tokenText]).joined(separator: "/")
      // YAML keys must be unique; a repeat is drawn again.
      guard keys.insert(key).inserted else { continue }
      selectors.append(parts + [tokenText])
      yaml += "  \"\(key)\": { color: \"#\(String(index % 0xFFFFFF, radix: 16))\", size: \(index % 40), "
      yaml += "font: body\(index % 7), weight: \(index % 9 * 100) }\n"
      index += 1
    }
    self.yaml = yaml
    selectorCount = count

    // Half the nodes instantiate a selector (so something applies), half are random.
    nodes = (0..<nodeCount).map { _ in
      var path: [Component] = []
      if chance(50) {
        let parts = selectors[pick(selectors.count)]
        for part in parts.dropLast() {
          if chance(30) { path.append(Component(name: name())) }
          let bare = part.hasPrefix(">") ? String(part.dropFirst()) : part
          let nameText = bare.split(separator: "[").first.map(String.init) ?? bare
          let concrete = nameText.contains("*") ? "c\(pick(nameCount))" : nameText
          path.append(Component(name: concrete, variant: bare.contains("[") || chance(30) ? variant() : nil))
        }
        let tokenText = parts.last!.contains("*") ? token() : parts.last!
        return NodeIdentifier(path: Array(path.suffix(8)), token: tokenText)
      }
      for _ in 0..<pick(9) { path.append(Component(name: name(), variant: chance(30) ? variant() : nil)) }
      return NodeIdentifier(path: path, token: token())
    }
  }
}
