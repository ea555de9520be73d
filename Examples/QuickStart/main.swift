import Foundation
import Stylist

let yaml = """
  variables:
    ink: "#111111"
  themes:
    dark:
      variables:
        ink: "#EEEEEE"
  styles:
    label: { color: $ink, size: 14 }
    searchBar/label: { color: $ink, size: 16, insets: { top: 4, bottom: 4 } }
  """
let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "app.yaml")])

// Which style wins, and typed reads of its values.
let answer = engine.bestMatch(for: "home/searchBar/label")
print(answer.match?.rule.name ?? "none")  // searchBar/label
print(answer.properties?["size"]?.intValue ?? 0)  // 16
print(answer.properties?["insets"]?["top"]?.doubleValue ?? 0)  // 4.0

// Decoded into the app's own type; a mismatch names the property and the style.
struct LabelStyle: Decodable {
  struct Insets: Decodable { var top: Double, bottom: Double }
  var color: String
  var size: Double
  var insets: Insets?
}
let style = try answer.decode(LabelStyle.self)
print(style.color, style.size)  // #111111 16.0
do {
  struct Wrong: Decodable { var size: String }
  _ = try answer.decode(Wrong.self)
} catch {
  print(error)  // app.yaml:9:3: error: cannot decode 'size': expected a string, found the integer 16
}

// Observers hear theme and mode changes and new sheets, one at a time, in order.
let token = engine.observe { update in
  let color = engine.bestMatch(for: "home/searchBar/label").properties?["color"]
  print("update \(update.generation): theme \(update.theme ?? "none"), color \(color?.stringValue ?? "-")")
}
engine.theme = "dark"  // update 1: theme dark, color #EEEEEE
token.cancel()

// The same updates as an async sequence (observing from the moment it is made).
let updates = engine.updates
let firstUpdate = Task {
  for await update in updates { return update.changes }
  return []
}
engine.replace(with: [try StyleSheet(yaml: "styles:\n  label: { color: red }\n")])
print(await firstUpdate.value == .snapshot)  // true
