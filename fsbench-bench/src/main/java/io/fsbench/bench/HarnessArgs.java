package io.fsbench.bench;

import io.fsbench.api.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line of a differential harness ({@link BonnieDiff}, {@link DdDiff}): {@code --name
 * value} pairs of the names it knows, the switch {@code --ratios}, and {@code --self} where the
 * harness knows it.
 */
final class HarnessArgs {

  private HarnessArgs() {}

  /**
   * The options by name, the switches with an empty value.
   *
   * @param usage what the harness takes, e.g. {@code vs-dd.sh takes --dir PATH, --seed N}
   * @throws InvalidInputException on an unknown option or a missing value, with {@code usage}
   */
  static Map<String, String> parse(String[] args, List<String> known, String usage) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--ratios") || (args[i].equals("--self") && known.contains("--self"))) {
        options.put(args[i], "");
      } else if (known.contains(args[i]) && i + 1 < args.length) {
        options.put(args[i], args[++i]);
      } else {
        throw new InvalidInputException(
            "unknown option or missing value: " + args[i] + "; " + usage);
      }
    }
    return options;
  }

  /** The whole number given for {@code option}, or {@code fallback} without one. */
  static int number(Map<String, String> options, String option, int fallback) {
    String value = options.get(option);
    try {
      return value == null ? fallback : Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(option + " (" + value + ") must be a whole number");
    }
  }
}
