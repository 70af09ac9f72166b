package io.fsbench.zfs;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The property table that {@code zfs get} and {@code zpool get} print with their usage: each
 * property with the values it takes, as this ZFS build has them. Reading it is how the plugin
 * learns what the installed ZFS offers (zfs-fuse has no {@code sync}, no {@code lz4}; OpenZFS 2.3
 * has {@code direct}) without guessing from version numbers.
 *
 * <pre>{@code
 * compression     YES      YES   on | off | lzjb | gzip | gzip-[1-9] | zle
 * recordsize      YES      YES   512 to 128k, power of 2
 * ashift          YES   <ashift, 9-13, or 0=default>
 * }</pre>
 */
record PropertyTable(Map<String, String> values) {

  /** {@code name EDIT [INHERIT] VALUES}; the zpool table has no INHERIT column. */
  private static final Pattern ROW =
      Pattern.compile("^\\s+([a-z][a-z0-9_:.@]*)\\s+(?:YES|NO)\\s+(?:(?:YES|NO)\\s+)?(\\S.*)$");

  /** {@code gzip-[1-9]}, {@code zstd-fast-[1-10,20,30,...,1000]}. */
  private static final Pattern BRACKETS = Pattern.compile("^(.*)\\[([0-9,-]+)]$");

  private static final Pattern SIZE_RANGE = Pattern.compile("(\\w+) to (\\w+)");
  private static final Pattern INT_RANGE = Pattern.compile("(\\d+)-(\\d+)");

  PropertyTable {
    values = Map.copyOf(values);
  }

  static PropertyTable parse(String usage) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String line : usage.lines().toList()) {
      Matcher m = ROW.matcher(line);
      if (m.matches()) {
        values.put(m.group(1), m.group(2).strip());
      }
    }
    return new PropertyTable(values);
  }

  boolean has(String property) {
    return values.containsKey(property);
  }

  /** The values column as printed, e.g. {@code on | off | lzjb | gzip | gzip-[1-9] | zle}. */
  Optional<String> valuesOf(String property) {
    return Optional.ofNullable(values.get(property));
  }

  /**
   * Every value a property takes, with ranges written out: {@code gzip-[1-9]} becomes {@code
   * gzip-1} … {@code gzip-9}.
   */
  List<String> alternatives(String property) {
    List<String> out = new ArrayList<>();
    for (String alternative : valuesOf(property).orElse("").split("\\|")) {
      String a = alternative.strip();
      Matcher m = BRACKETS.matcher(a);
      if (!m.matches()) {
        out.add(a);
        continue;
      }
      for (String part : m.group(2).split(",")) {
        Matcher range = INT_RANGE.matcher(part);
        if (range.matches()) {
          int to = Integer.parseInt(range.group(2));
          for (int i = Integer.parseInt(range.group(1)); i <= to; i++) {
            out.add(m.group(1) + i);
          }
        } else {
          out.add(m.group(1) + part);
        }
      }
    }
    return out;
  }

  /** The sizes in {@code 512 to 128k, power of 2}, as [min, max]. */
  Optional<List<Size>> sizeRange(String property) {
    return valuesOf(property)
        .map(SIZE_RANGE::matcher)
        .filter(Matcher::find)
        .flatMap(
            m -> {
              try {
                return Optional.of(List.of(Size.parse(m.group(1)), Size.parse(m.group(2))));
              } catch (InvalidInputException e) {
                return Optional.empty();
              }
            });
  }

  /** The numbers in {@code <ashift, 9-13, or 0=default>}, as [min, max]. */
  Optional<List<Integer>> intRange(String property) {
    return valuesOf(property)
        .map(INT_RANGE::matcher)
        .filter(Matcher::find)
        .map(m -> Arrays.asList(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))));
  }
}
