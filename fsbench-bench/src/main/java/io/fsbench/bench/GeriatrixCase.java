package io.fsbench.bench;

import io.fsbench.api.InvalidInputException;
import io.fsbench.api.Size;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One aging both tools run: a filesystem, a volume size, a fullness, an overwrite (Geriatrix's
 * {@code -i}: volume sizes written in all, the fill included) and a seed (Geriatrix's {@code -r},
 * fsbench's {@code seed}).
 */
record GeriatrixCase(String fileSystem, Size size, double fullness, int overwrite, long seed) {

  static final List<String> FILE_SYSTEMS = List.of("ext4", "xfs", "btrfs");

  GeriatrixCase {
    if (!FILE_SYSTEMS.contains(fileSystem)) {
      throw new InvalidInputException(
          "--fs " + fileSystem + " is not one vs-geriatrix ages; give one of " + FILE_SYSTEMS);
    }
    if (size.bytes() < (256L << 20) || size.bytes() > (64L << 30)) {
      throw new InvalidInputException(
          "--size " + size + " must be from 256m to 64g (a loop volume per side)");
    }
    if (!(fullness >= 0.05 && fullness <= 0.95)) {
      throw new InvalidInputException(
          "--fullness " + fullness + " must be from 0.05 to 0.95 (or 5% to 95%)");
    }
    if (overwrite < 1 || overwrite > 100) {
      throw new InvalidInputException(
          "--overwrite " + overwrite + " must be a whole number of volume sizes from 1 to 100");
    }
    if (seed < 0 || seed > Integer.MAX_VALUE) {
      throw new InvalidInputException(
          "--seed "
              + seed
              + " must be from 0 to "
              + Integer.MAX_VALUE
              + " (Geriatrix's -r is an int)");
    }
  }

  /**
   * {@code count} cases drawn from {@code seed}: any of ext4, XFS, Btrfs; 256 MiB to 1 GiB in steps
   * of 64 MiB; 60% to 90% full; 1 to 3 volume sizes written; a seed below a million.
   */
  static List<GeriatrixCase> draw(long seed, int count) {
    SplittableRandom random = new SplittableRandom(seed);
    List<GeriatrixCase> cases = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      cases.add(
          new GeriatrixCase(
              FILE_SYSTEMS.get(random.nextInt(FILE_SYSTEMS.size())),
              Size.mib(256 + 64L * random.nextInt(13)),
              (60 + random.nextInt(31)) / 100.0,
              1 + random.nextInt(3),
              random.nextInt(1_000_000)));
    }
    return cases;
  }

  /** The case as the harness's options would give it. */
  String options() {
    return String.format(
        Locale.ROOT,
        "--fs %s --size %dm --fullness %.0f%% --overwrite %d --seed %d",
        fileSystem,
        size.bytes() >> 20,
        fullness * 100,
        overwrite,
        seed);
  }
}
