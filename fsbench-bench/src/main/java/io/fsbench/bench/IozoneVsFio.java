package io.fsbench.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fsbench.api.FsBenchException;
import io.fsbench.api.InvalidInputException;
import io.fsbench.api.IozoneResult;
import io.fsbench.api.IozoneSpec;
import io.fsbench.api.IozoneSpec.Test;
import io.fsbench.api.Size;
import io.fsbench.workloads.iozone.IozoneRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * fsbench's iozone against the fio jobs that do the same I/O, as speed ratios per column ({@code
 * bench/vs-iozone-fio.sh}). IOzone cannot be installed here; fio is the reference for the I/O
 * pattern, and {@link #fioCommand} is the one place that says which fio job each IOzone test is:
 * the same record size and O_DIRECT flag, the offsets in IOzone's order where fio can say it
 * ({@code rw=read:-2R} backwards, {@code rw=read:(stride−1)R} strided, {@code rw=write:-R} the same
 * record again, {@code randread}/{@code randwrite} with the random map for every record once), an
 * fsync at the end of each writing pass ({@code end_fsync}, as IOzone fsyncs after every pass) and
 * no cache invalidation (IOzone reads what the write left cached).
 *
 * <pre>
 *   bench/vs-iozone-fio.sh [--fs ext4,xfs] [--rounds 2] [--size 256m] [--record 4k,1m]
 *       [--tests 0,1,2,3,4,5,6,7,9,10] [--direct false] [--fsync true]
 * </pre>
 *
 * <p>Each round runs both sides on one fresh loop volume per filesystem, in ABBA order (fsbench
 * first in even rounds, fio first in odd ones), caches dropped before each run. fio's bandwidth
 * includes its {@code end_fsync}, so writes compare fairly with fsbench's {@code -e} ({@code
 * --fsync true}, the default).
 */
public final class IozoneVsFio {

  private static final ObjectMapper JSON = new ObjectMapper();

  private IozoneVsFio() {}

  public static void main(String[] args) {
    try {
      System.out.print(ratios(options(args)).render());
    } catch (FsBenchException e) {
      System.err.println("vs-iozone-fio: " + e.getMessage());
      System.exit(e.kind().exitCode());
    }
  }

  /**
   * fio's command for IOzone's tests 0 and {@code test} on {@code file}: a job per IOzone pass, one
   * after the other ({@code stonewall}), each named after IOzone's column.
   */
  static List<String> fioCommand(Test test, Size fileSize, Size record, boolean direct, Path file) {
    long r = record.bytes();
    long n = fileSize.bytes() / r;
    List<String> cmd = new ArrayList<>();
    cmd.addAll(
        List.of(
            "fio",
            "--output-format=json",
            "--ioengine=psync",
            "--invalidate=0",
            "--filename=" + file,
            "--size=" + n * r,
            "--bs=" + r));
    job(cmd, "write", "write", direct, true);
    job(cmd, "rewrite", "write", direct, true);
    switch (test) {
      case WRITE -> {}
      case READ -> passes(cmd, List.of("read", "reread"), "read", direct, false);
      case RANDOM -> {
        job(cmd, "random-read", "randread", direct, false);
        job(cmd, "random-write", "randwrite", direct, true);
      }
      case BACKWARDS -> {
        String rw = "read:-" + 2 * r;
        job(cmd, "bkwd-read", rw, direct, false, "--number_ios=" + n);
        job(cmd, "bkwd-read-2", rw, direct, false, "--number_ios=" + n); // IOzone's second pass
      }
      case RECORD_REWRITE ->
          job(cmd, "record-rewrite", "write:-" + r, direct, true, "--number_ios=" + n);
      case STRIDE -> job(cmd, "stride-read", "read:" + 16 * r, direct, false, "--number_ios=" + n);
      case FWRITE -> passes(cmd, List.of("fwrite", "frewrite"), "write", false, true);
      case FREAD -> passes(cmd, List.of("fread", "freread"), "read", false, false);
      case PWRITE -> passes(cmd, List.of("pwrite", "re-pwrite"), "write", direct, true);
      case PREAD -> passes(cmd, List.of("pread", "re-pread"), "read", direct, false);
    }
    return cmd;
  }

  private static void passes(
      List<String> cmd, List<String> names, String rw, boolean direct, boolean write) {
    for (String name : names) {
      job(cmd, name, rw, direct, write);
    }
  }

  private static void job(
      List<String> cmd, String name, String rw, boolean direct, boolean write, String... more) {
    cmd.add("--name=" + name);
    cmd.add("--stonewall");
    cmd.add("--rw=" + rw);
    cmd.add("--direct=" + (direct ? 1 : 0));
    if (write) {
      cmd.add("--end_fsync=1");
    }
    cmd.addAll(List.of(more));
  }

  /** fio's output for {@code command}, run in {@code dir}. */
  static JsonNode runFio(List<String> command, Path dir) {
    String out = CTools.run(command, dir);
    try {
      return JSON.readTree(out.substring(out.indexOf('{')));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  record Options(
      List<String> fileSystems,
      int rounds,
      Size size,
      List<Size> records,
      Set<Test> tests,
      boolean direct,
      boolean fsync) {}

  static Options options(String[] args) {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("--fs", "ext4");
    v.put("--rounds", "2");
    v.put("--size", "256m");
    v.put("--record", "4k,1m");
    v.put("--tests", "0,1,2,3,4,5,6,7,9,10");
    v.put("--direct", "false");
    v.put("--fsync", "true");
    for (int i = 0; i < args.length; i += 2) {
      if (!v.containsKey(args[i]) || i + 1 >= args.length) {
        throw new InvalidInputException(
            "unknown option or missing value at '"
                + args[i]
                + "'; options: "
                + String.join(" VALUE, ", v.keySet())
                + " VALUE");
      }
      v.put(args[i], args[i + 1]);
    }
    Set<Test> tests = EnumSet.noneOf(Test.class);
    for (String t : v.get("--tests").split(",")) {
      try {
        tests.add(Test.of(Integer.parseInt(t.strip())));
      } catch (NumberFormatException e) {
        throw new InvalidInputException(
            "--tests (" + t + ") must be IOzone -i numbers, e.g. 0,1,2");
      }
    }
    int rounds;
    try {
      rounds = Integer.parseInt(v.get("--rounds"));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("--rounds (" + v.get("--rounds") + ") must be a number");
    }
    if (rounds < 1) {
      throw new InvalidInputException("--rounds (" + rounds + ") must be at least 1");
    }
    return new Options(
        List.of(v.get("--fs").split(",")),
        rounds,
        Size.parse(v.get("--size")),
        List.of(v.get("--record").split(",")).stream().map(Size::parse).toList(),
        tests,
        Boolean.parseBoolean(v.get("--direct")),
        Boolean.parseBoolean(v.get("--fsync")));
  }

  static RatioTable ratios(Options o) {
    RatioTable table = new RatioTable();
    for (String fs : o.fileSystems()) {
      try (BenchVolume volume = BenchVolume.create(fs, o.size().times(2).plus(Size.mib(512)))) {
        for (Size record : o.records()) {
          for (Test test : o.tests()) {
            for (int round = 0; round < o.rounds(); round++) {
              boolean fsbenchFirst = round % 2 == 0;
              for (int side = 0; side < 2; side++) {
                if ((side == 0) == fsbenchFirst) {
                  fsbench(volume, o, test, record, table);
                } else {
                  fio(volume, o, test, record, table);
                }
              }
            }
          }
        }
      }
    }
    return table;
  }

  private static IozoneSpec spec(Options o, Test test, Size record) {
    return IozoneSpec.builder()
        .fileSizes(o.size())
        .recordSizes(record)
        .tests(test == Test.WRITE ? new Test[] {Test.WRITE} : new Test[] {Test.WRITE, test})
        .direct(o.direct())
        .includeFsync(o.fsync())
        .build();
  }

  private static void fsbench(BenchVolume volume, Options o, Test test, Size record, RatioTable t) {
    Path dir = volume.freshDirectory("iozone");
    volume.settle();
    IozoneResult result = new IozoneRunner().run(spec(o, test, record), volume.context(dir));
    volume.remove(dir);
    for (IozoneResult.Measurement m : result.cells().get(0).measurements()) {
      if (test == Test.WRITE || !Test.WRITE.columns().contains(m.column())) {
        t.add(row(m.column(), record, volume, false, m.kbPerSec()));
      }
    }
  }

  private static void fio(BenchVolume volume, Options o, Test test, Size record, RatioTable t) {
    Path dir = volume.freshDirectory("fio");
    volume.settle();
    JsonNode fio =
        runFio(fioCommand(test, o.size(), record, o.direct(), dir.resolve("fsbench-fio.dat")), dir);
    volume.remove(dir);
    for (JsonNode job : fio.get("jobs")) {
      String name = job.get("jobname").asText();
      boolean writeJob = Test.WRITE.columns().contains(name);
      if (name.endsWith("-2") || (writeJob && test != Test.WRITE)) {
        continue; // IOzone's unreported second backwards pass; test 0 under another test
      }
      double kib = job.at("/read/bw").asDouble() + job.at("/write/bw").asDouble();
      t.add(row(name, record, volume, true, kib));
    }
  }

  private static RatioTable.Run row(
      String column, Size record, BenchVolume volume, boolean fio, double kbPerSec) {
    return new RatioTable.Run(column + " r" + record, "KB/s", volume.fileSystem(), fio, kbPerSec);
  }
}
