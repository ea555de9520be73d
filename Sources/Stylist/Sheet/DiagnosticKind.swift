/// What a diagnostic is about, as a stable name that tools match on
/// (`unknown-variable`) and that `lint --ignore` takes. The names never
/// change meaning; new ones may be added.
public struct DiagnosticKind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The stable name, such as `unused-variable`.
  public let rawValue: String

  /// A kind by its stable name.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// The stable name.
  public var description: String { rawValue }

  // Errors: the load fails.

  /// YAML that libyaml cannot parse (tabs, unclosed quotes or brackets, …).
  public static let yamlSyntax = Self(rawValue: "yaml-syntax")
  /// A token or resolver file that is no JSON (RFC 8259): a comment, a bare
  /// or single-quoted key, `0x10`, `.inf`, a trailing comma, …
  public static let invalidJSON = Self(rawValue: "invalid-json")
  /// A key written twice in one map.
  public static let duplicateKey = Self(rawValue: "duplicate-key")
  /// A value of the wrong kind (`styles` a list, a style a string, …).
  public static let wrongType = Self(rawValue: "wrong-type")
  /// A key the format does not know (at the top level, in a theme).
  public static let unknownKey = Self(rawValue: "unknown-key")
  /// A selector, group or `extends` target that does not parse.
  public static let invalidSelector = Self(rawValue: "invalid-selector")
  /// A variable or theme name with characters names cannot have.
  public static let invalidName = Self(rawValue: "invalid-name")
  /// A `version` or `mode` the format does not know.
  public static let invalidSetting = Self(rawValue: "invalid-setting")
  /// A value that cannot be what it says (a bad tag, merge key or interpolation).
  public static let invalidValue = Self(rawValue: "invalid-value")
  /// A `$reference` to a variable no loaded sheet defines.
  public static let unknownVariable = Self(rawValue: "unknown-variable")
  /// Variables that refer to each other in a loop.
  public static let variableCycle = Self(rawValue: "variable-cycle")
  /// `extends` of a selector no loaded sheet defines.
  public static let unknownExtends = Self(rawValue: "unknown-extends")
  /// Styles that extend each other in a loop.
  public static let extendsCycle = Self(rawValue: "extends-cycle")
  /// An import whose file does not exist.
  public static let importNotFound = Self(rawValue: "import-not-found")
  /// Imports that import each other in a loop.
  public static let importCycle = Self(rawValue: "import-cycle")
  /// A file that is missing, a folder, or unreadable.
  public static let unreadableFile = Self(rawValue: "unreadable-file")
  /// A remote file that could not be fetched: its HTTP status, a timeout,
  /// no network (docs/SHEETS.md: Remote sheets).
  public static let networkFailure = Self(rawValue: "network-failure")
  /// A name a load may not read: a remote sheet naming a local file or
  /// another host, an `http:` URL to a host not on this machine.
  public static let refusedName = Self(rawValue: "refused-name")
  /// Input past a limit of `LoadOptions`: file size, nesting, expansion.
  public static let limitExceeded = Self(rawValue: "limit-exceeded")
  /// An `axes:` entry that cannot be: a theme on two axes, a default that
  /// is not one of its axis's themes.
  public static let invalidAxis = Self(rawValue: "invalid-axis")
  /// A tree file (`resolve --tree`) of the wrong shape.
  public static let invalidTree = Self(rawValue: "invalid-tree")
  /// A node identifier given to a command that is not one (`a/*/b`).
  public static let invalidNode = Self(rawValue: "invalid-node")
  /// A design-token file that breaks the format: `$value` beside child
  /// tokens, a `$ref` or `$extends` to nothing, an extension cycle.
  public static let invalidToken = Self(rawValue: "invalid-token")
  /// A token resolver file that breaks the format: its `version`, a
  /// modifier without contexts, a context already a theme of another axis.
  public static let invalidResolver = Self(rawValue: "invalid-resolver")
  /// An export's output that cannot be written (`stylist export -o`).
  public static let unwritableOutput = Self(rawValue: "unwritable-output")

  // Warnings: the load succeeds.

  /// A remote file that could not be fetched, loaded from its cached copy.
  public static let cachedCopy = Self(rawValue: "cached-copy")

  /// A selector defined again; the later definition replaces the earlier.
  public static let duplicateSelector = Self(rawValue: "duplicate-selector")
  /// A selector that another always outranks wherever it applies (`lint`).
  public static let neverWins = Self(rawValue: "never-wins")
  /// A variable no style or variable uses.
  public static let unusedVariable = Self(rawValue: "unused-variable")
  /// An empty component (`a//b`) that was dropped.
  public static let emptyComponent = Self(rawValue: "empty-component")
  /// A theme asked for that no loaded sheet mentions.
  public static let unknownTheme = Self(rawValue: "unknown-theme")
  /// A library engine's `setTheme(_:onAxis:)` naming an axis no loaded
  /// sheet declares: nothing changes (`themeWarning`).
  public static let unknownAxis = Self(rawValue: "unknown-axis")
  /// Two themes of one axis asked for together (an error in a node, batch
  /// line or tree; a warning about an engine's themes).
  public static let themeConflict = Self(rawValue: "theme-conflict")
  /// A tree's group `@theme` inside another group: a component there, not
  /// the theme (`resolve`, where a sheet mentions the theme).
  public static let themeGroup = Self(rawValue: "theme-group")
  /// A theme whose name is one typo away from another theme's (`drak`, `dark`).
  public static let similarTheme = Self(rawValue: "similar-theme")
  /// A themed style that lacks properties of the unthemed style it replaces
  /// under its theme (`@dark/title` without `title`'s `size`; `lint`).
  public static let themedDropsProperties = Self(rawValue: "themed-drops-properties")
  /// A design token that strays from the format (an unknown type, a unit
  /// or field it does not define): it loads as written.
  public static let nonstandardToken = Self(rawValue: "nonstandard-token")
  /// A sheet's variable at a design token's path, which it shadows.
  public static let shadowedToken = Self(rawValue: "shadowed-token")
  /// A use of a design token marked `$deprecated` (`lint`).
  public static let deprecatedToken = Self(rawValue: "deprecated-token")
  /// A resolver's set that neither `resolutionOrder` nor a context lists.
  public static let unlistedSet = Self(rawValue: "unlisted-set")
  /// A resolver's modifier with one context: an axis of one theme.
  public static let singleContextModifier = Self(rawValue: "single-context-modifier")
  /// A number a sheet's typed value cannot hold: a colour component outside
  /// its space's range or not finite, an alpha outside 0 to 1, a length or
  /// time that is not finite, a font weight outside 1 to 1000.
  public static let valueOutOfRange = Self(rawValue: "value-out-of-range")
  /// A style's foreground and background colours whose contrast ratio is
  /// below the minimum under some set of themes (`lint`; `contrast:`).
  public static let lowContrast = Self(rawValue: "low-contrast")

  /// Every kind, errors first, as the documentation lists them.
  public static let all: [DiagnosticKind] = [
    .yamlSyntax, .invalidJSON, .duplicateKey, .wrongType, .unknownKey, .invalidSelector, .invalidName, .invalidSetting,
    .invalidValue, .unknownVariable, .variableCycle, .unknownExtends, .extendsCycle, .importNotFound, .importCycle,
    .unreadableFile, .limitExceeded, .invalidAxis, .invalidTree, .invalidNode, .invalidToken, .invalidResolver,
    .unwritableOutput, .duplicateSelector,
    .neverWins, .unusedVariable, .emptyComponent,
    .unknownTheme, .unknownAxis, .themeConflict, .themeGroup, .similarTheme, .themedDropsProperties, .nonstandardToken,
    .shadowedToken, .deprecatedToken, .unlistedSet, .singleContextModifier, .valueOutOfRange, .lowContrast,
  ]
}
