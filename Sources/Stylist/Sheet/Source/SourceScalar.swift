/// A scalar as written, and what it is: a typed value, one variable's
/// value, or a string made of literal text and variables.
struct SourceScalar {
  /// The text as read (escapes resolved, quotes removed).
  var text: String
  var form: Form
  var position: SourcePosition

  enum Form {
    /// The value the format's typing gives the text (YAML's core schema:
    /// string, int, float, bool or null).
    case literal(PropertyValue)
    /// The whole scalar is one reference (`$colors.text`, `${size}`): the
    /// variable's value, of whatever kind.
    case reference(VariableUse)
    /// Literal text and references (`1px solid $border`): a string.
    case template([TemplatePiece])
    /// Text that is no value (a number out of range, a malformed
    /// reference): the message, reported where the value is evaluated, so
    /// that a value no query can see stays quiet like any other.
    case invalid(String)
  }

  /// Whether the scalar's value is known without variables.
  var isLiteral: Bool {
    if case .literal = form { true } else { false }
  }
}

/// One use of a variable in a value: its path and where it is written.
struct VariableUse: Hashable {
  var name: String
  var position: SourcePosition
}

/// A piece of a scalar with references (README: Style sheets).
enum TemplatePiece {
  case literal(String)
  case reference(VariableUse)
}
