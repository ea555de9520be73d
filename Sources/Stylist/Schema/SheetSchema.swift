/// The JSON Schema (draft 2020-12) of the sheet format, with a description
/// on every key so that editors show it on hover. The repository keeps the
/// same text as `schema/stylist.schema.json`, where editors point at it; a
/// test keeps the two byte-equal.
public enum SheetSchema {
  /// The schema's JSON text, ending with a newline.
  public static let json: String = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "title": "Stylist style sheet",
      "description": "A Stylist style sheet: selectors mapped to properties, with variables, themes, theme axes, imports and design-token files. JSON is YAML: a JSON sheet loads the same way.",
      "type": ["object", "null"],
      "additionalProperties": false,
      "properties": {
        "version": {
          "description": "The sheet format's version. Optional; 1 is the only version known, any other value is an error.",
          "const": 1
        },
        "mode": {
          "description": "The default precedence mode of queries on this sheet: themed (a themed selector outranks an unthemed one) or classic (specificity first).",
          "enum": ["themed", "classic"]
        },
        "imports": {
          "description": "Sheets loaded before this one, paths relative to this file: a path or a list of paths.",
          "$ref": "#/$defs/paths"
        },
        "tokens": {
          "description": "Design-token files (DTCG *.tokens.json) and resolver files (*.resolver.json), paths relative to this file; their tokens become variables at their paths.",
          "$ref": "#/$defs/paths"
        },
        "variables": {
          "description": "Variables, referenced as $name or ${name} in any value; nested maps are referenced by dotted paths ($colors.text).",
          "$ref": "#/$defs/variables"
        },
        "default": {
          "description": "The properties answered when no selector applies to a node: a style body, extends included. Null clears an earlier sheet's default.",
          "$ref": "#/$defs/style"
        },
        "styles": {
          "description": "Selectors mapped to their properties: `title`, `@dark/title`, `*/list/body`, `searchbar[disabled]/label`.",
          "$ref": "#/$defs/styles"
        },
        "groups": {
          "description": "Groups of styles whose selectors are relative to the group's path: `heading` in group `list` registers `list/heading`.",
          "$ref": "#/$defs/groups"
        },
        "themes": {
          "description": "Themes by name, each with themed values of variables and styles registered under the theme (`@dark/title`).",
          "type": ["object", "null"],
          "propertyNames": { "description": "A theme's name.", "$ref": "#/$defs/themeName" },
          "additionalProperties": { "$ref": "#/$defs/theme" }
        },
        "axes": {
          "description": "Theme axes: at most one theme of each axis is current. An axis is a list of its themes, or a map with its themes and its default.",
          "type": ["object", "null"],
          "propertyNames": { "description": "An axis's name.", "$ref": "#/$defs/themeName" },
          "additionalProperties": { "$ref": "#/$defs/axis" }
        },
        "contrast": {
          "description": "What lint's low-contrast check compares: each style's foreground and background colours, under every set of themes it applies in, against a minimum WCAG 2.2 contrast ratio. Each part replaces its default; a later sheet replaces the parts it gives.",
          "type": ["object", "null"],
          "additionalProperties": false,
          "properties": {
            "foreground": {
              "description": "The properties drawn on a background (default: color, textColor, foregroundColor, tint).",
              "type": "array",
              "items": { "type": "string", "minLength": 1 }
            },
            "background": {
              "description": "The properties a foreground is drawn on (default: backgroundColor, background).",
              "type": "array",
              "items": { "type": "string", "minLength": 1 }
            },
            "minimum": {
              "description": "The least contrast ratio allowed, from 1 to 21 (default 4.5, WCAG AA for text; 3 for large text, 7 for AAA).",
              "type": "number",
              "minimum": 1,
              "maximum": 21
            },
            "canvas": {
              "description": "The colour a translucent background is composited over (default white): a CSS hex string, or a colour object as design tokens write it.",
              "anyOf": [
                { "type": "string", "pattern": "^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$" },
                {
                  "type": "object",
                  "required": ["colorSpace", "components"],
                  "properties": {
                    "colorSpace": { "description": "The colour space: srgb, display-p3, oklch, … (DTCG 2025.10).", "type": "string" },
                    "components": {
                      "description": "The three components, in the space's own units; none for a missing one.",
                      "type": "array",
                      "minItems": 3,
                      "maxItems": 3,
                      "items": { "anyOf": [{ "type": "number" }, { "const": "none" }] }
                    },
                    "alpha": { "description": "From 0 (transparent) to 1 (opaque; the default).", "type": "number", "minimum": 0, "maximum": 1 }
                  }
                }
              ]
            }
          }
        }
      },
      "$defs": {
        "paths": {
          "description": "A path, or a list of paths, relative to the sheet.",
          "anyOf": [
            { "$ref": "#/$defs/path" },
            { "type": "array", "items": { "$ref": "#/$defs/path" } }
          ]
        },
        "path": {
          "description": "A file's path, relative to the sheet that names it.",
          "type": "string",
          "minLength": 1
        },
        "variables": {
          "description": "Variables by name: a value of any type, or a map of nested variables (referenced by dotted paths).",
          "type": ["object", "null"],
          "propertyNames": {
            "description": "A variable name: letters, digits, '_' and '-', not starting with a digit or '-'.",
            "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"
          },
          "additionalProperties": { "$ref": "#/$defs/variableValue" }
        },
        "variableValue": {
          "description": "A variable's value: a scalar or a list, used with its type, or a map of nested variables.",
          "anyOf": [
            { "type": ["string", "number", "boolean", "null", "array"] },
            { "$ref": "#/$defs/variables" }
          ]
        },
        "styles": {
          "description": "Selectors mapped to style bodies.",
          "type": ["object", "null"],
          "additionalProperties": { "$ref": "#/$defs/style" }
        },
        "style": {
          "description": "A style's properties (any YAML values; $name takes a variable's value), and the styles it extends.",
          "type": ["object", "null"],
          "properties": {
            "extends": {
              "description": "Selectors of styles, written in full as registered, whose properties go underneath this style's own: one selector or a list.",
              "anyOf": [
                { "$ref": "#/$defs/selector" },
                { "type": "array", "items": { "$ref": "#/$defs/selector" } }
              ]
            }
          }
        },
        "selector": {
          "description": "A selector as registered: components joined by '/', themes in front as '@name'.",
          "type": "string",
          "minLength": 1
        },
        "groups": {
          "description": "Group paths mapped to their styles and nested groups.",
          "type": ["object", "null"],
          "propertyNames": {
            "description": "A group's path: selector components joined by '/', naming no theme.",
            "pattern": "^[^@]"
          },
          "additionalProperties": { "$ref": "#/$defs/group" }
        },
        "group": {
          "description": "A group: selectors relative to its path mapped to style bodies, and nested groups under 'groups'.",
          "type": ["object", "null"],
          "properties": {
            "groups": {
              "description": "Groups nested in this one; their paths continue this group's.",
              "$ref": "#/$defs/groups"
            }
          },
          "additionalProperties": { "$ref": "#/$defs/style" }
        },
        "themeName": {
          "description": "A theme or axis name: not empty, none of '/', '[', ']', '*', '@'.",
          "type": "string",
          "pattern": "^[^/\\[\\]*@]+$"
        },
        "theme": {
          "description": "A theme's variables (shadowing the global ones leaf by leaf), styles and groups.",
          "type": ["object", "null"],
          "additionalProperties": false,
          "properties": {
            "variables": {
              "description": "Values of variables under this theme; a leaf replaces the global leaf at its path only.",
              "$ref": "#/$defs/variables"
            },
            "styles": {
              "description": "Styles registered under this theme: `title` here registers `@theme/title`.",
              "$ref": "#/$defs/styles"
            },
            "groups": {
              "description": "Groups registered under this theme: their styles take the theme in front.",
              "$ref": "#/$defs/groups"
            }
          }
        },
        "axis": {
          "description": "An axis: the list of its themes in order, or a map with 'themes' and 'default'.",
          "anyOf": [
            { "$ref": "#/$defs/axisThemes" },
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "themes": {
                  "description": "The axis's themes, in order.",
                  "$ref": "#/$defs/axisThemes"
                },
                "default": {
                  "description": "The theme current on this axis when a query names none of its themes; one of its themes.",
                  "$ref": "#/$defs/themeName"
                }
              }
            }
          ]
        },
        "axisThemes": {
          "description": "The themes of an axis, in order; a theme belongs to one axis.",
          "type": "array",
          "items": { "$ref": "#/$defs/themeName" }
        }
      }
    }

    """#
}
