package io.fsbench.api;

import java.util.ArrayList;
import java.util.List;

/**
 * The block size of one direction: one size, or fio's {@code bssplit} mix of sizes with
 * percentages.
 *
 * <pre>{@code
 * BlockSize.of(Size.kib(4));
 * BlockSize.parse("4k/10:64k/50:32k/40");   // blank percentages share what is left evenly
 * }</pre>
 *
 * @param splits sizes with their share of I/Os in percent, summing to 100
 */
public record BlockSize(List<Split> splits) {

  /** One size and the percentage of I/Os that use it. */
  public record Split(Size size, int percent) {
    public Split {
      if (size.isZero()) {
        throw new InvalidInputException("block size (" + size + ") must be positive");
      }
      if (percent < 0 || percent > 100) {
        throw new InvalidInputException(
            "bssplit percentage (" + percent + ") must be between 0 and 100");
      }
    }
  }

  public BlockSize {
    splits = List.copyOf(splits);
    if (splits.isEmpty() || splits.size() > 64) {
      throw new InvalidInputException("bssplit needs 1 to 64 entries, not " + splits.size());
    }
    int sum = splits.stream().mapToInt(Split::percent).sum();
    if (sum != 100) {
      throw new InvalidInputException("bssplit percentages sum to " + sum + ", not 100");
    }
  }

  public static BlockSize of(Size size) {
    return new BlockSize(List.of(new Split(size, 100)));
  }

  /** Parses {@code 4k} or a bssplit list {@code 4k/10:64k/50:32k}. */
  public static BlockSize parse(String text) {
    return parse(text, 1024);
  }

  public static BlockSize parse(String text, int kbBase) {
    String[] parts = text.strip().split(":");
    if (parts.length == 1 && !parts[0].contains("/")) {
      return of(Size.parse(parts[0], kbBase));
    }
    List<Size> sizes = new ArrayList<>();
    List<Integer> percents = new ArrayList<>();
    int given = 0;
    int blanks = 0;
    for (String part : parts) {
      int slash = part.indexOf('/');
      sizes.add(Size.parse(slash < 0 ? part : part.substring(0, slash), kbBase));
      String pct = slash < 0 ? "" : part.substring(slash + 1).strip();
      if (pct.isEmpty()) {
        percents.add(null);
        blanks++;
      } else {
        try {
          int p = Integer.parseInt(pct);
          percents.add(p);
          given += p;
        } catch (NumberFormatException e) {
          throw new InvalidInputException(
              "bssplit (" + text + ") has percentage '" + pct + "', which is not a whole number");
        }
      }
    }
    if (given > 100) {
      throw new InvalidInputException("bssplit (" + text + ") percentages exceed 100");
    }
    List<Split> splits = new ArrayList<>();
    int left = 100 - given;
    int seen = 0;
    for (int i = 0; i < sizes.size(); i++) {
      Integer p = percents.get(i);
      if (p == null) {
        // As fio does, blanks share what is left evenly; the last blank takes the remainder.
        seen++;
        p = seen == blanks ? left - (left / blanks) * (blanks - 1) : left / blanks;
      }
      splits.add(new Split(sizes.get(i), p));
    }
    if (blanks == 0 && given != 100) {
      throw new InvalidInputException(
          "bssplit (" + text + ") percentages sum to " + given + ", not 100");
    }
    return new BlockSize(splits);
  }

  public boolean isFixed() {
    return splits.size() == 1;
  }

  /** The largest size in the mix; buffers are allocated for it. */
  public Size max() {
    return splits.stream().map(Split::size).max(Size::compareTo).orElseThrow();
  }

  /** The smallest size in the mix; offsets are aligned to it. */
  public Size min() {
    return splits.stream().map(Split::size).min(Size::compareTo).orElseThrow();
  }

  @Override
  public String toString() {
    if (isFixed()) {
      return splits.get(0).size().toString();
    }
    List<String> parts = new ArrayList<>();
    for (Split s : splits) {
      parts.add(s.size() + "/" + s.percent());
    }
    return String.join(":", parts);
  }
}
