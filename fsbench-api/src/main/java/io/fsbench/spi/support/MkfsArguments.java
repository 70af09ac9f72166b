package io.fsbench.spi.support;

import java.util.Arrays;
import java.util.List;

/**
 * Reads extra mkfs arguments ({@code mkfs-options}) back from the mkfs command lines that ran: they
 * leave no trace of their own on disk, so what can be checked is that they were passed.
 */
public final class MkfsArguments {

  private MkfsArguments() {}

  /**
   * The requested arguments that the command lines contain, as a word or as the items of a
   * comma-separated word: a plugin may merge suboptions into an argument of its own, as the ext4
   * plugin merges a requested {@code -E stride=16} into its {@code -E lazy_itable_init=0,...}
   * (mke2fs honours only the last {@code -E}).
   *
   * <pre>{@code
   * MkfsArguments.found(List.of("-m", "1"), applied.mkfsCommand()); // [-m, 1] if both were passed
   * }</pre>
   */
  public static List<String> found(List<String> requested, List<String> commandLines) {
    List<String> words =
        commandLines.stream().flatMap(line -> Arrays.stream(line.split("\\s+"))).toList();
    return requested.stream().filter(argument -> contains(words, argument)).toList();
  }

  private static boolean contains(List<String> words, String argument) {
    if (words.contains(argument)) {
      return true;
    }
    List<String> items = List.of(argument.split(","));
    return words.stream().anyMatch(word -> List.of(word.split(",")).containsAll(items));
  }
}
