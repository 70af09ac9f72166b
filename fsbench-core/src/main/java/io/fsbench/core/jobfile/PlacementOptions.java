package io.fsbench.core.jobfile;

import io.fsbench.api.BlockAlign;
import io.fsbench.api.Distribution;
import io.fsbench.api.JobSpec;
import io.fsbench.api.Size;

/**
 * Where random I/Os land, for {@link JobOptionParser}: fio's {@code random_distribution} (every
 * form, {@code zoned:} and {@code zoned_abs:} included) and {@code blockalign} ({@code ba}), per
 * direction as fio's {@code read,write,trim} lists.
 */
final class PlacementOptions {

  private Distribution distribution = Distribution.UNIFORM;
  private boolean distributionGiven;
  private final Size[] align = {Size.ZERO, Size.ZERO};

  void apply(String key, String value, int kbBase) {
    switch (key) {
      case "random_distribution" -> {
        distribution = Distribution.parse(value, kbBase);
        distributionGiven = true;
      }
      case "blockalign", "ba" -> blockAlign(key, value, kbBase);
      default -> throw new IllegalStateException("option '" + key + "' has no handler");
    }
  }

  private void blockAlign(String key, String value, int kbBase) {
    String[] parts = FioValues.perDirection(key, value);
    for (int dir = 0; dir < 2; dir++) {
      if (parts[dir] != null) {
        Size size = FioValues.size(key, parts[dir], kbBase);
        if (size.isZero()) {
          throw new io.fsbench.api.InvalidInputException(
              key + " (" + value + ") must be positive; leave it out to align to the block size");
        }
        align[dir] = size;
      }
    }
  }

  /** Puts the options given into {@code builder}; a distribution given turns the map off. */
  void build(JobSpec.Builder builder) {
    if (distributionGiven) {
      builder.distribution(distribution);
    }
    builder.blockAlign(new BlockAlign(align[0], align[1]));
  }
}
