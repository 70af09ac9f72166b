package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.filebench.WmlScript.Attribute;
import io.fsbench.filebench.WmlScript.Value;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A workload's variables as filebench holds them while it reads the script ({@code vars.c}): each
 * name holds a plain value (a number, a boolean, a text) or a random variable, the last {@code set}
 * winning; and the reading of an attribute's value against them, as {@code avd_get_int}, {@code
 * avd_get_bool} and {@code avd_get_str} read it. Errors name the file, line, column and attribute.
 */
final class WmlVariables {

  private final String file;
  private final Map<String, Value> plain = new HashMap<>();
  private final Map<String, RandomVariable> random = new HashMap<>();

  WmlVariables(String file) {
    this.file = file;
  }

  /** {@code set $name = value}. */
  void set(String name, Value value) {
    random.remove(name);
    plain.put(name, value);
  }

  /**
   * {@code set $name = left op right}, evaluated now, with the values its operands hold now
   * (filebench 1.4 kept the expression and evaluated it at each use; a workload sets its operands
   * before, so the two agree, and fsbench's {@code --set} replaces an operand's set before it is
   * read).
   */
  void set(WmlScript.SetArithmetic arithmetic) {
    long left = operand(arithmetic, arithmetic.left());
    long right = operand(arithmetic, arithmetic.right());
    String shown =
        "$" + arithmetic.name() + " = " + left + " " + arithmetic.operator() + " " + right;
    if (arithmetic.operator() == '/' && right == 0) {
      throw arithmeticError(arithmetic, shown + " divides by zero");
    }
    long value;
    try {
      value =
          switch (arithmetic.operator()) {
            case '+' -> Math.addExact(left, right);
            case '-' -> Math.subtractExact(left, right);
            case '*' -> Math.multiplyExact(left, right);
            default -> left / right;
          };
    } catch (ArithmeticException e) {
      throw arithmeticError(arithmetic, shown + " is too big for a 64-bit integer");
    }
    if (value < 0) {
      throw arithmeticError(arithmetic, shown + " is negative: filebench's integers are unsigned");
    }
    set(arithmetic.name(), new Value.Number(value));
  }

  private long operand(WmlScript.SetArithmetic arithmetic, Value value) {
    if (value instanceof Value.Number n) {
      return n.value();
    }
    String name = ((Value.Variable) value).name();
    if (random.containsKey(name)) {
      throw arithmeticError(
          arithmetic, "$" + name + " is a random variable: arithmetic takes numbers only");
    }
    Value held = plain.get(name);
    if (held == null) {
      throw arithmeticError(arithmetic, "$" + name + " is never set: set it before this line");
    }
    if (!(held instanceof Value.Number n)) {
      throw arithmeticError(
          arithmetic, "$" + name + " (" + shown(held) + ") is not a number: arithmetic needs one");
    }
    return n.value();
  }

  private InvalidInputException arithmeticError(
      WmlScript.SetArithmetic arithmetic, String problem) {
    return new InvalidInputException(
        file + ":" + arithmetic.line() + ":" + arithmetic.column() + ": " + problem);
  }

  /** {@code set $name = randvar(...)} or {@code cvar(...)}. */
  void set(String name, RandomVariable value) {
    plain.remove(name);
    random.put(name, value);
  }

  /** A plain value: itself; a variable: the plain value it holds, if it holds one. */
  Optional<Value> plainValue(Value value) {
    return value instanceof Value.Variable v
        ? Optional.ofNullable(plain.get(v.name()))
        : Optional.of(value);
  }

  /**
   * {@code e} with this file's {@code prefix} before its message, unless it has a place already.
   */
  InvalidInputException located(String prefix, InvalidInputException e) {
    return e.getMessage().startsWith(file + ":")
        ? e
        : new InvalidInputException(prefix + e.getMessage(), e);
  }

  /** The attribute's value with a variable looked up: a plain value or a random variable. */
  Object resolve(Attribute attribute, String what) {
    if (!(attribute.value() instanceof Value.Variable v)) {
      return attribute.value();
    }
    if (random.containsKey(v.name())) {
      return random.get(v.name());
    }
    Value value = plain.get(v.name());
    if (value == null) {
      throw error(
          attribute,
          what,
          "refers to $" + v.name() + ", which is never set: set it before the define");
    }
    return value;
  }

  String text(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof Value.Text t) {
      return t.value();
    }
    if (value instanceof Value.Number n) {
      return Long.toString(n.value());
    }
    throw error(attribute, what, "needs a name or a path");
  }

  /** A number read once, as avd_get_int reads entries and leafdirs when the fileset is made. */
  long integer(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof RandomVariable r) {
      return r.nextInteger();
    }
    if (value instanceof Value.Number n) {
      return n.value();
    }
    throw error(attribute, what, "needs a number" + given(attribute, value));
  }

  /** What a variable held when it was not what the attribute needs, for the message. */
  private static String given(Attribute attribute, Object value) {
    return attribute.value() instanceof Value.Variable && value instanceof Value v
        ? ", not " + shown(v)
        : "";
  }

  long constantInteger(Attribute attribute, String what) {
    if (resolve(attribute, what) instanceof RandomVariable) {
      throw error(attribute, what, "cannot be random (filebench refuses it too): give a number");
    }
    return integer(attribute, what);
  }

  RandomVariable variable(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof RandomVariable r) {
      return r;
    }
    if (value instanceof Value.Number n) {
      return RandomVariable.constant(n.value());
    }
    throw error(attribute, what, "needs a number or a randvar or cvar");
  }

  Randvar randvarOnly(Attribute attribute, String what) {
    if (resolve(attribute, what) instanceof Randvar r) {
      return r;
    }
    throw error(attribute, what, "must be a randvar: set $depth = randvar(type=..., ...)");
  }

  /** prealloc alone is 100; prealloc=N is N percent. */
  int percent(Attribute attribute, String what) {
    Object value = resolve(attribute, what);
    if (value instanceof Value.Bool b) {
      return b.value() ? 100 : 0;
    }
    long percent = value instanceof RandomVariable r ? r.nextInteger() : -1;
    if (value instanceof Value.Number n) {
      percent = n.value();
    }
    if (percent < 0 || percent > 100) {
      throw error(attribute, what, "must be a percentage, 0 to 100");
    }
    return (int) percent;
  }

  boolean flag(Map<String, Attribute> a, String name, String what) {
    Attribute attribute = a.get(name);
    if (attribute == null) {
      return false;
    }
    Object value = resolve(attribute, what);
    if (value instanceof Value.Bool b) {
      return b.value();
    }
    if (value instanceof Value.Number n && (n.value() == 0 || n.value() == 1)) {
      return n.value() == 1;
    }
    throw error(attribute, what, "needs true or false (or the word alone for true)");
  }

  String where(int line) {
    return file + ":" + line + ": ";
  }

  String where(Attribute attribute) {
    return file + ":" + attribute.line() + ":" + attribute.column() + ": ";
  }

  InvalidInputException error(Attribute attribute, String what, String problem) {
    return new InvalidInputException(
        where(attribute)
            + what
            + ": "
            + attribute.name()
            + " ("
            + shown(attribute.value())
            + ") "
            + problem);
  }

  static String shown(Value value) {
    if (value instanceof Value.Number n) {
      return Long.toString(n.value());
    }
    if (value instanceof Value.Bool b) {
      return Boolean.toString(b.value());
    }
    if (value instanceof Value.Text t) {
      return t.value();
    }
    return value instanceof Value.Variable v ? "$" + v.name() : "no value";
  }
}
