import Foundation
import Stylist

/// A language server (LSP 3.17) for sheets and token files, over JSON-RPC
/// on a pair of file descriptors: diagnostics pushed on open and change,
/// completion, hover, definitions, document symbols and colours, all read
/// from the library's load of each open document.
///
/// It answers one message at a time, in order: a load of the 10k-style
/// design-system sheet takes milliseconds, and in-order answers keep every
/// diagnostic about the text it was published for.
public struct LanguageServer {
  /// Where the server is in the protocol's life cycle.
  enum Phase {
    case waitingForInitialize
    case running
    /// After `shutdown`: only `exit` is answered.
    case shutDown
  }

  private var reader: MessageReader
  private let writer: MessageWriter
  private var phase = Phase.waitingForInitialize
  private var workspace = Workspace()
  private var diagnostics = DiagnosticsPublisher()

  /// A server reading messages from `input` and writing to `output`.
  public init(input: Int32, output: Int32) {
    reader = MessageReader(.descriptor(input))
    writer = MessageWriter(descriptor: output)
  }

  /// A server that reads the message stream `messages` and answers
  /// nowhere: for fuzzing, where only a crash or a hang counts.
  public init(replaying messages: [UInt8]) {
    reader = MessageReader(.bytes(messages))
    writer = MessageWriter(descriptor: nil)
  }

  /// Serves until `exit` or the end of input: the exit status, 0 after
  /// `shutdown` and 1 without.
  public mutating func run() -> Int32 {
    while true {
      switch reader.next() {
      case .end: return phase == .shutDown ? 0 : 1
      case .malformed(let reason):
        writer.respond(to: nil, error: ResponseError(.parseError, reason))
      case .body(let body):
        do {
          switch try IncomingMessage.parse(body) {
          case .request(let id, let method, let params): answer(id: id, method: method, params: params)
          case .notification(let method, let params):
            if method == "exit" { return phase == .shutDown ? 0 : 1 }
            handleNotification(method, params: params)
          case .response: break
          case .invalid(let id, let reason): writer.respond(to: id, error: ResponseError(.invalidRequest, reason))
          }
        } catch {
          writer.respond(to: nil, error: error)
        }
      }
    }
  }

  private mutating func answer(id: RequestID, method: String, params: Any?) {
    do {
      let result = try result(of: method, params: Params(params))
      writer.respond(to: id, result: result)
    } catch let error as ResponseError {
      writer.respond(to: id, error: error)
    } catch {
      writer.respond(to: id, error: ResponseError(.internalError, "\(error)"))
    }
  }

  private mutating func result(of method: String, params: Params) throws -> Any {
    switch phase {
    case .waitingForInitialize where method != "initialize":
      throw ResponseError(.serverNotInitialized, "'\(method)' before 'initialize'")
    case .shutDown: throw ResponseError(.invalidRequest, "'\(method)' after 'shutdown'")
    case .running where method == "initialize": throw ResponseError(.invalidRequest, "'initialize' sent twice")
    default: break
    }
    switch method {
    case "initialize":
      phase = .running
      return Capabilities.initializeResult
    case "shutdown":
      phase = .shutDown
      return PropertyValue.null
    case "textDocument/completion": return try Completion.items(params, in: workspace)
    case "textDocument/hover": return try Hover.hover(params, in: workspace)
    case "textDocument/definition": return try Definition.locations(params, in: workspace)
    case "textDocument/documentSymbol": return try DocumentSymbols.symbols(params, in: workspace)
    case "textDocument/documentColor": return try DocumentColors.colors(params, in: workspace)
    case "textDocument/colorPresentation": return try DocumentColors.presentations(params, in: workspace)
    default: throw ResponseError(.methodNotFound, "unknown method '\(method)'")
    }
  }

  /// A notification: wrong params drop it (there is no answer to carry an
  /// error), but for a change, whose rejection is shown: from there on the
  /// editor's text and the server's differ.
  private mutating func handleNotification(_ method: String, params: Any?) {
    guard phase == .running else { return }
    let params = Params(params)
    switch method {
    case "textDocument/didOpen":
      guard let document = try? params.object("textDocument"), let uri = try? document.string("uri"),
        let path = DocumentURI(uri).path, let text = try? document.string("text")
      else { return }
      workspace.store.open(DocumentURI(uri), path: path, version: (try? document.int("version")) ?? 0, text: text)
      reload(changed: path)
    case "textDocument/didChange":
      guard let document = try? params.object("textDocument"), let path = try? document.path() else { return }
      let changes: [TextChange]
      do throws(ResponseError) {
        changes = try params.contentChanges()
      } catch {
        showError("\(path): error: \(error.message); the change is not applied")
        return
      }
      do throws(RejectedChange) {
        guard try workspace.store.change(path: path, version: (try? document.int("version")) ?? 0, changes: changes)
        else { return }
      } catch {
        let location = SourceLocation(file: path, line: error.position.line + 1, column: error.position.character + 1)
        showError("\(location): error: \(error.reason); the change is not applied")
        return
      }
      reload(changed: path)
    case "textDocument/didClose":
      guard let path = try? params.object("textDocument").path() else { return }
      workspace.store.close(path: path)
      workspace.forget(path)
      reload(changed: path)
    case "workspace/didChangeWatchedFiles":
      let changes = (try? params.array("changes")) ?? []
      let paths = changes.compactMap { ($0 as? JSONObject)?["uri"] as? String }.compactMap { DocumentURI($0).path }
      for path in paths where workspace.store.document(atPath: path) == nil { reload(changed: path) }
    default: break
    }
  }

  /// Shows `message` as an error: a notification has no answer to carry one.
  private func showError(_ message: String) {
    writer.notify("window/showMessage", ["type": 1, "message": message])
  }

  /// Loads again every open document that reads `path`, and publishes.
  private mutating func reload(changed path: String) {
    var documents = workspace.documents(reading: path)
    if workspace.store.document(atPath: path) != nil && !documents.contains(path) { documents.append(path) }
    for document in documents { workspace.load(document) }
    diagnostics.publish(workspace, loaded: documents, through: writer)
  }
}
