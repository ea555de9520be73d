import FuzzDriver
import Glibc
import StylistLanguageServer

@main enum FuzzLanguageServerMain {
  static func main() {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzLanguageServer(data, size) })
  }
}

/// The frames every run starts with, so that the fuzzer's bytes reach the
/// document handlers: `initialize`, then a sheet opened under a path no
/// file has.
let preamble: [UInt8] = {
  func frame(_ json: String) -> [UInt8] { Array("Content-Length: \(json.utf8.count)\r\n\r\n\(json)".utf8) }
  return frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    + frame(
      ##"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///nonexistent/fuzz.yaml","languageId":"yaml","version":1,"text":"variables: { a: \"#fff\" }\nstyles: { t: { c: $a } }\n"}}}"##
    )
}()

/// libFuzzer entry: the input is a stream of JSON-RPC frames (after the
/// preamble). The server must read it to the end without crashing or
/// running unbounded, whatever the frames hold.
func fuzzLanguageServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var server = LanguageServer(replaying: preamble + Array(UnsafeBufferPointer(start: data, count: size)))
  let status = server.run()
  if status != 0 && status != 1 { abort() }
  return 0
}
