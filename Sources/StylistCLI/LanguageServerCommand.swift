import ArgumentParser
import Stylist
import StylistLanguageServer

struct LanguageServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Runs the language server (LSP 3.17) for sheets and token files on stdin and stdout.",
    discussion: """
      An editor starts it and speaks JSON-RPC to it: diagnostics as `lint`
      reports them, completion, hover, go to definition, document symbols
      and colours. Exit status: 0 after `shutdown` and `exit`, 1 when the
      input ends or `exit` comes without `shutdown`. SIGTERM and SIGINT end
      it at once, by their default action (a shell reports 143 and 130),
      even when its parent had them ignored.
      """
  )

  func run() throws {
    SystemCalls.takeDefaultTerminatingSignals()
    var server = LanguageServer(input: SystemCalls.standardInput, output: SystemCalls.standardOutput)
    let status = server.run()
    if status != 0 { throw ExitCode(status) }
  }
}
