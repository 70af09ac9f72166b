package io.fsbench.spi.support;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Parses the values of a plugin's own tuning options ({@link io.fsbench.api.Tuning#options()}) the
 * way the typed knobs parse theirs, and reports values read back in the spelling they were asked
 * in.
 *
 * <pre>{@code
 * boolean reflink = tuning.option("reflink").map(v -> OptionValues.bool("xfs", "reflink", v)).orElse(true);
 * readBack.option("inode_size", OptionValues.asRequested(asked, "256", v -> OptionValues.size("ext4", "inode_size", v)));
 * }</pre>
 */
public final class OptionValues {

  private OptionValues() {}

  /**
   * {@code on}/{@code off} and the spellings the knobs accept for each (true/false, yes/no, 1/0).
   *
   * @throws InvalidInputException naming the filesystem, the option and the value
   */
  public static boolean bool(String fileSystem, String key, String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "on", "true", "yes", "1" -> true;
      case "off", "false", "no", "0" -> false;
      default ->
          throw new InvalidInputException(
              option(fileSystem, key, value) + " takes on or off, e.g. " + key + "=on");
    };
  }

  /**
   * A size such as {@code 256}, {@code 64k} or {@code 1g}.
   *
   * @throws InvalidInputException naming the filesystem, the option and the value
   */
  public static Size size(String fileSystem, String key, String value) {
    try {
      return Size.parse(value);
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          option(fileSystem, key, value) + " is not a size; give bytes such as 256 or 1k", e);
    }
  }

  private static String option(String fileSystem, String key, String value) {
    return fileSystem + " option " + key + " (" + value + ")";
  }

  /** {@code on} or {@code off}, as the knobs spell booleans. */
  public static String onOff(boolean on) {
    return on ? "on" : "off";
  }

  /**
   * The value to report as read back: the spelling that was asked for when it means the same as
   * {@code actual} ({@code 256} and {@code 256b} are one inode size), otherwise {@code actual}.
   * This keeps "requested is contained in read back" a comparison of meaning, not of spelling.
   *
   * @param parse gives a value's meaning; both values must parse
   */
  public static <T> String asRequested(String requested, String actual, Function<String, T> parse) {
    return Objects.equals(parse.apply(requested), parse.apply(actual)) ? requested : actual;
  }
}
