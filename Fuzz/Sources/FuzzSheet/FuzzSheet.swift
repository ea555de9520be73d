import FuzzDriver
import Glibc
import Stylist

@main enum FuzzSheetMain {
  static func main() {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzSheet(data, size) })
  }
}

/// libFuzzer entry: the input is a sheet's bytes. Loading must never crash
/// or run unbounded; a sheet that loads must answer queries and dump.
func fuzzSheet(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
  guard let sheet = try? StyleSheet(bytes: bytes, name: "fuzz.yaml", options: options) else { return 0 }
  let stylist = StyleEngine(sheets: [sheet])
  for rule in sheet.rules.prefix(16) {
    let node = NodeIdentifier(path: [], token: rule.selector.token.name.description)
    _ = stylist.bestMatch(for: node)
    _ = stylist.cascade(for: node)
  }
  return 0
}
