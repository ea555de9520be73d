import FuzzDriver
import Glibc
import Stylist

@main enum FuzzTokensMain {
  static func main() {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTokens(data, size) })
  }
}

/// libFuzzer entry: the input is a design-token or resolver file's bytes.
/// Loading must never crash or run unbounded; a file that loads lists its
/// tokens in the outline.
func fuzzTokens(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
  guard let sheet = try? StyleSheet(tokenBytes: bytes, name: "fuzz.tokens.json", options: options) else { return 0 }
  for token in sheet.outline.tokens.prefix(64) where token.path.isEmpty { abort() }
  return 0
}
