/// What the server tells the client it does, in `initialize`'s answer.
enum Capabilities {
  static var initializeResult: JSONObject {
    [
      "capabilities": [
        // Full text on every change: one load reads the whole sheet anyway.
        "textDocumentSync": ["openClose": true, "change": 1],
        "completionProvider": ["triggerCharacters": ["$", "@", "{", ".", "/"]],
        "hoverProvider": true,
        "definitionProvider": true,
        "documentSymbolProvider": true,
        "colorProvider": true,
      ] as JSONObject,
      "serverInfo": ["name": "stylist"],
    ]
  }
}
