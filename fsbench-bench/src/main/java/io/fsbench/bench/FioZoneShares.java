package io.fsbench.bench;

import io.fsbench.api.Distribution;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where random I/Os landed, from each side's completion-latency log with {@code log_offset=1}: for
 * a section with {@code random_distribution=zoned} or {@code zoned_abs}, the share of each
 * direction's I/Os in each zone, fio's against fsbench's, within 5 points or four standard
 * deviations of the difference of the two binomial draws, whichever is larger (the two draw from
 * different random streams); and with {@code blockalign}, every offset on both sides a multiple of
 * it. Zone boundaries are fio's ({@code __get_next_rand_offset_zoned}): percentages of {@code
 * last_block} aligned blocks, rounded down.
 */
final class FioZoneShares {

  /** The log prefix the generator gives a section with placement options. */
  static String prefix(int section) {
    return "fsbench-zone" + section;
  }

  private FioZoneShares() {}

  static List<String> compare(FioCase c, Path fioLogs, Path ownLogs) throws IOException {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < c.sections().size(); i++) {
      FioCase.Section s = c.sections().get(i);
      if (!s.flag("log_offset")) {
        continue;
      }
      List<long[]> fio = samples(fioLogs, prefix(i));
      List<long[]> own = samples(ownLogs, prefix(i));
      for (int d = 0; d < 2; d++) {
        long align = align(s, d);
        // a verify reads back each write at the write's offset: with verify, a read is aligned
        // to the read's alignment or to the write's (seed 3301 case 26)
        long also =
            d == 0 && !List.of("0", "none").contains(s.option("verify", "0")) ? align(s, 1) : align;
        aligned(s.name(), "fio", fio, d, align, also, out);
        aligned(s.name(), "fsbench", own, d, align, also, out);
        String dist = s.option("random_distribution", "");
        if (dist.startsWith("zoned")) {
          shares(s, d, align, fio, own, out);
        }
      }
    }
    return out;
  }

  private static void aligned(
      String job,
      String side,
      List<long[]> samples,
      int d,
      long align,
      long also,
      List<String> out) {
    long off =
        samples.stream()
            .filter(x -> x[0] == d && x[1] % align != 0 && x[1] % also != 0)
            .mapToLong(x -> x[1])
            .count();
    if (off > 0) {
      out.add(
          job + ": " + side + " has " + off + " " + dir(d) + " offsets off blockalign " + align);
    }
  }

  private static void shares(
      FioCase.Section s, int d, long align, List<long[]> fio, List<long[]> own, List<String> out) {
    boolean kb1000 = "1000".equals(s.options().get("kb_base"));
    Distribution dist =
        Distribution.parse(s.option("random_distribution", ""), kb1000 ? 1000 : 1024);
    List<Distribution.Zone> zones = d == 0 ? dist.readZones() : dist.writeZones();
    if (zones.isEmpty()) {
      return;
    }
    long smallest = smallest(s, d);
    long lastb = (s.fileBytes() - Math.max(0, smallest - align)) / align;
    long start = 0;
    long startPercent = 0;
    for (Distribution.Zone z : zones) {
      long from;
      long to;
      if (dist.kind() == Distribution.Kind.ZONED_ABS) {
        from = start / align * align;
        to = (start + z.size().bytes()) / align * align;
        start += z.size().bytes();
      } else {
        from = startPercent * lastb / 100 * align;
        to = from + lastb * z.sizePercent() / 100 * align;
        startPercent += z.sizePercent();
      }
      compareShare(s.name(), d, from, Math.max(to, from + align), fio, own, out);
    }
  }

  private static void compareShare(
      String job, int d, long from, long to, List<long[]> fio, List<long[]> own, List<String> out) {
    long fn = fio.stream().filter(x -> x[0] == d).count();
    long on = own.stream().filter(x -> x[0] == d).count();
    if (fn == 0 || on == 0) {
      return; // the I/O counts themselves are compared in the JSON
    }
    double fp =
        fio.stream().filter(x -> x[0] == d && x[1] >= from && x[1] < to).count() / (double) fn;
    double op =
        own.stream().filter(x -> x[0] == d && x[1] >= from && x[1] < to).count() / (double) on;
    double p = (fp + op) / 2;
    double sd = Math.sqrt(p * (1 - p) * (1.0 / fn + 1.0 / on));
    if (Math.abs(fp - op) > Math.max(0.05, 4 * sd)) {
      out.add(
          String.format(
              "%s: %s share in [%d, %d): fio %.3f of %d, fsbench %.3f of %d",
              job, dir(d), from, to, fp, fn, op, on));
    }
  }

  /** The direction's alignment: blockalign (ba), or fio's default, its smallest block size. */
  private static long align(FioCase.Section s, int d) {
    String ba = s.options().getOrDefault("blockalign", s.options().get("ba"));
    if (ba == null) {
      return smallest(s, d);
    }
    String[] parts = ba.split(",", -1);
    String mine = parts.length == 1 ? parts[0] : parts[d];
    boolean kb1000 = "1000".equals(s.options().get("kb_base"));
    return mine.isBlank() ? smallest(s, d) : FioJobGenerator.bytes(mine.strip(), kb1000);
  }

  private static long smallest(FioCase.Section s, int d) {
    boolean kb1000 = "1000".equals(s.options().get("kb_base"));
    if (s.options().containsKey("bssplit") || s.options().containsKey("bsrange")) {
      return FioTolerances.blockSizes(s, true).stream()
          .mapToLong(Long::longValue)
          .min()
          .orElse(4096);
    }
    String[] parts = s.option("bs", "4k").split(",", -1);
    return FioJobGenerator.bytes(parts.length == 1 ? parts[0] : parts[d], kb1000);
  }

  /** {direction, offset} of each line of the section's clat logs (every clone's). */
  private static List<long[]> samples(Path dir, String prefix) throws IOException {
    List<long[]> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.sorted().toList()) {
        if (!f.getFileName().toString().startsWith(prefix + "_clat")) {
          continue;
        }
        for (String line : Files.readAllLines(f)) {
          String[] cols = line.split(",\\s*");
          if (cols.length >= 6) {
            out.add(new long[] {Long.parseLong(cols[2]), Long.parseLong(cols[4])});
          }
        }
      }
    }
    return out;
  }

  private static String dir(int d) {
    return d == 0 ? "read" : "write";
  }
}
