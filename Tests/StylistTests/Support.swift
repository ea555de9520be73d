@testable import Stylist

/// An index of rules with empty properties, one per selector, in the given order.
func index(_ selectors: [String], default defaultProperties: Properties? = nil) throws -> StyleIndex {
  let rules = try selectors.map { StyleRule(try StyleSelector(parsing: $0), ["selector": .string($0)]) }
  return StyleIndex(rules: rules, defaultStyle: defaultProperties.map { Style(properties: $0) })
}

/// Names of the applicable rules for `node`, best first.
func ranking(_ selectors: [String], node: String, theme: String? = nil, mode: PrecedenceMode = .themed) throws
  -> [String]
{
  try index(selectors)
    .applicableMatches(for: NodeIdentifier(parsing: node), options: QueryOptions(theme: theme, mode: mode))
    .map(\.rule.name)
}

/// The winner's name for `node`, or nil.
func winner(_ selectors: [String], node: String, theme: String? = nil, mode: PrecedenceMode = .themed) throws -> String?
{
  try index(selectors)
    .bestMatch(for: NodeIdentifier(parsing: node), options: QueryOptions(theme: theme, mode: mode))
    .match?.rule.name
}
