package io.fsbench.junit;

import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Parameter;

/** Where in a test class a volume was asked for, as messages name it. */
final class Sites {

  private Sites() {}

  /** {@code field 'mount' of XfsTest}. */
  static String field(Field field) {
    return "field '" + field.getName() + "' of " + field.getDeclaringClass().getSimpleName();
  }

  /** {@code parameter 'mount' of XfsTest.writes}, or {@code parameter 0 of ...} without names. */
  static String parameter(Executable executable, int index) {
    Parameter parameter = executable.getParameters()[index];
    String name = parameter.isNamePresent() ? "'" + parameter.getName() + "'" : "" + index;
    return "parameter "
        + name
        + " of "
        + executable.getDeclaringClass().getSimpleName()
        + "."
        + executable.getName();
  }
}
