/// A scalar as written, and what it is: a typed value, one variable's
/// value, or a string made of literal text and variables.
///
/// The text as read is not kept beside the form, which holds what of it
/// matters (a string's text, a reference's path): a design system's
/// hundred thousand styles keep no second copy of each value.
struct SourceScalar: Sendable {
  // The position first: fields are laid out in order, and after the form
  // it would need padding (a design system's model holds millions).
  var position: SourcePosition
  var form: Form

  init(form: Form, position: SourcePosition) {
    self.position = position
    self.form = form
  }

  enum Form: Sendable {
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
}

/// One use of a variable in a value: its path and where it is written.
struct VariableUse: Hashable, Sendable {
  var name: String
  var position: SourcePosition
}

/// A piece of a scalar with references (docs/SHEETS.md: Style sheets).
enum TemplatePiece: Sendable {
  case literal(String)
  case reference(VariableUse)
}
