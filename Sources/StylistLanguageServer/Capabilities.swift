/// What the server tells the client it does, in `initialize`'s answer.
enum Capabilities {
  static var initializeResult: JSONObject {
    [
      "capabilities": [
        // Incremental changes: a keystroke sends its range and text, not the
        // whole document (1.4 MB of JSON for the 10k-style sheet).
        "textDocumentSync": ["openClose": true, "change": 2],
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
