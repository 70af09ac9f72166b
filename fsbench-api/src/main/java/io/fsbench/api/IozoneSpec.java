package io.fsbench.api;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * IOzone 3.414's file tests: {@code iozone [-a] [-s S] [-r R] [-i N]... [-e] [-c] [-I] [-o] [-w]
 * [-j N] [-z] [-n S] [-g S] [-y R] [-q R] [-t N [-x]]}. Each test writes or reads one file in
 * records of a fixed size and is timed in nanoseconds; results are KB/s with KB = 1024, as IOzone
 * prints them.
 *
 * <pre>{@code
 * // iozone -s 64m -r 4k -i 0 -i 1 -i 2 -e
 * IozoneSpec one = IozoneSpec.builder().fileSizes(Size.mib(64)).recordSizes(Size.kib(4))
 *     .tests(Test.WRITE, Test.READ, Test.RANDOM).includeFsync(true).build();
 * // iozone -a -g 64m
 * IozoneSpec matrix = IozoneSpec.builder().auto(true).maxFileSize(Size.mib(64)).build();
 * }</pre>
 *
 * <p>Over 400 lines: IOzone's 17 options are each a record component, a builder verb and a {@code
 * --param} key, and the public record keeps them together with the matrix IOzone derives from them.
 *
 * @param auto {@code -a}: the matrix of file sizes × record sizes
 * @param fileSizes {@code -s}, each given: one without {@code -a} (default 512 KiB), any number
 *     with it (then they replace the doubling from {@code minFileSize} to {@code maxFileSize})
 * @param recordSizes {@code -r}, each given, the same way (default 4 KiB)
 * @param minFileSize {@code -n}: the matrix's smallest file (64 KiB)
 * @param maxFileSize {@code -g}: its largest (512 MiB)
 * @param minRecordSize {@code -y}: its smallest record (4 KiB)
 * @param maxRecordSize {@code -q}: its largest (16 MiB)
 * @param crossover files above 16 MiB skip records below 64 KiB; IOzone does this unless {@code
 *     -z}, {@code -s}, {@code -r}, {@code -y} or {@code -q} is given
 * @param tests {@code -i}: the tests, in IOzone's order; {@link Test#WRITE} must be among them
 * @param stride {@code -j}: the strided read's stride, in records (17)
 * @param includeFsync {@code -e}: fsync (fflush for stdio) inside each test's time
 * @param includeClose {@code -c}: close inside each test's time
 * @param direct {@code -I}: O_DIRECT (not for the stdio tests, which IOzone opens with fopen)
 * @param sync {@code -o}: O_SYNC on the files written
 * @param keepFiles {@code -w}: do not unlink the file after each file and record size
 * @param threads {@code -t}: throughput mode with this many threads, each on its own file; 0 for
 *     IOzone's single-stream mode
 * @param stonewall in throughput mode, take each thread's figures when the first one finishes
 *     (IOzone's default; {@code -x} turns it off)
 */
public record IozoneSpec(
    boolean auto,
    List<Size> fileSizes,
    List<Size> recordSizes,
    Size minFileSize,
    Size maxFileSize,
    Size minRecordSize,
    Size maxRecordSize,
    boolean crossover,
    List<IozoneSpec.Test> tests,
    int stride,
    boolean includeFsync,
    boolean includeClose,
    boolean direct,
    boolean sync,
    boolean keepFiles,
    int threads,
    boolean stonewall)
    implements Workload {

  public static final String NAME = "iozone";

  /** IOzone's MINBUFFERSIZE and MAXBUFFERSIZE. */
  public static final Size MIN_RECORD = Size.bytes(128);

  public static final Size MAX_RECORD = Size.mib(16);

  /** Above this file size the matrix skips small records, unless told not to (CROSSOVER). */
  public static final Size CROSSOVER = Size.mib(16);

  /** The smallest record of files above the crossover (LARGE_REC). */
  public static final Size LARGE_RECORD = Size.kib(64);

  /** IOzone's MAXSTREAMS. */
  public static final int MAX_THREADS = 256;

  private static final List<String> PARAMS =
      List.of(
          "auto",
          "size",
          "record",
          "min_size",
          "max_size",
          "min_record",
          "max_record",
          "no_crossover",
          "tests",
          "stride",
          "fsync",
          "close",
          "direct",
          "sync",
          "keep",
          "threads",
          "stonewall");

  /**
   * IOzone's tests, by their {@code -i} number, each with the columns of IOzone's table it fills
   * (test 0 measures write and rewrite, for example). Test 8 (random mix) and 11/12 (pwritev,
   * preadv) are not implemented.
   */
  public enum Test {
    WRITE(0, true, "write", "rewrite"),
    READ(1, false, "read", "reread"),
    RANDOM(2, false, "random-read", "random-write"),
    BACKWARDS(3, false, "bkwd-read"),
    RECORD_REWRITE(4, true, "record-rewrite"),
    STRIDE(5, false, "stride-read"),
    FWRITE(6, true, "fwrite", "frewrite"),
    FREAD(7, false, "fread", "freread"),
    PWRITE(9, true, "pwrite", "re-pwrite"),
    PREAD(10, false, "pread", "re-pread");

    private final int number;
    private final boolean writes;
    private final List<String> columns;

    Test(int number, boolean writes, String... columns) {
      this.number = number;
      this.writes = writes;
      this.columns = List.of(columns);
    }

    /** The {@code -i} number. */
    public int number() {
      return number;
    }

    /** Whether every column of the test writes the file (random writes only in its second). */
    public boolean writes() {
      return writes;
    }

    /** Its columns in IOzone's table, e.g. {@code write, rewrite}. */
    public List<String> columns() {
      return columns;
    }

    /**
     * The test with this {@code -i} number.
     *
     * @throws InvalidInputException for a number IOzone does not have or fsbench does not run
     */
    public static Test of(int number) {
      for (Test t : values()) {
        if (t.number == number) {
          return t;
        }
      }
      if (number == 8 || number == 11 || number == 12) {
        throw new InvalidInputException(
            "iozone test "
                + number
                + (number == 8 ? " (random mix)" : number == 11 ? " (pwritev)" : " (preadv)")
                + " is not implemented by fsbench; it runs 0-7, 9 and 10");
      }
      throw new InvalidInputException(
          "iozone test (" + number + ") must be one of 0-7, 9, 10 (IOzone's -i numbers)");
    }
  }

  /** One file size and record size of the run, a row of IOzone's table. */
  public record Case(Size fileSize, Size recordSize) {
    public Case {
      Objects.requireNonNull(fileSize, "fileSize");
      Objects.requireNonNull(recordSize, "recordSize");
    }

    /** IOzone's {@code numrecs64}: whole records in the file. */
    public long records() {
      return fileSize.bytes() / recordSize.bytes();
    }

    /** The bytes each test moves: whole records only, as IOzone's {@code filebytes64}. */
    public long bytes() {
      return records() * recordSize.bytes();
    }
  }

  public IozoneSpec {
    fileSizes = List.copyOf(fileSizes);
    recordSizes = List.copyOf(recordSizes);
    Objects.requireNonNull(minFileSize, "minFileSize");
    Objects.requireNonNull(maxFileSize, "maxFileSize");
    Objects.requireNonNull(minRecordSize, "minRecordSize");
    Objects.requireNonNull(maxRecordSize, "maxRecordSize");
    tests = List.copyOf(new TreeSet<>(tests));
    if (tests.isEmpty() || tests.get(0) != Test.WRITE) {
      throw new InvalidInputException(
          "iozone tests "
              + numbers(tests)
              + " must include 0 (write/rewrite): it creates the file the other tests use,"
              + " as in IOzone; e.g. tests=0,1,2");
    }
    for (Size r : concat(recordSizes, List.of(minRecordSize, maxRecordSize))) {
      record(r, direct);
    }
    for (Size f : concat(fileSizes, List.of(minFileSize, maxFileSize))) {
      if (f.compareTo(MIN_RECORD) < 0) {
        throw new InvalidInputException(
            "iozone file size (" + f + ") must be at least one record of 128 bytes");
      }
    }
    if (minFileSize.compareTo(maxFileSize) > 0) {
      throw new InvalidInputException(
          "min_size (" + minFileSize + ") must not be above max_size (" + maxFileSize + ")");
    }
    if (minRecordSize.compareTo(maxRecordSize) > 0) {
      throw new InvalidInputException(
          "min_record ("
              + minRecordSize
              + ") must not be above max_record ("
              + maxRecordSize
              + ")");
    }
    if (stride < 1) {
      throw new InvalidInputException("stride (" + stride + ") must be at least 1 record");
    }
    if (threads < 0 || threads > MAX_THREADS) {
      throw new InvalidInputException(
          "threads (" + threads + ") must be between 1 and " + MAX_THREADS + " (0: no -t)");
    }
    singleStream(auto, fileSizes, recordSizes, threads);
    if (matrix(auto, fileSizes, recordSizes, minFileSize, maxFileSize, minRecordSize, maxRecordSize)
        .isEmpty()) {
      throw new InvalidInputException(
          "iozone has nothing to run: every record size is larger than every file size");
    }
  }

  private static void record(Size r, boolean direct) {
    if (r.compareTo(MIN_RECORD) < 0 || r.compareTo(MAX_RECORD) > 0) {
      throw new InvalidInputException(
          "iozone record size (" + r + ") must be between 128 bytes and 16m, as in IOzone");
    }
    if (direct && !r.isMultipleOf(Size.bytes(512))) {
      throw new InvalidInputException(
          "iozone record size ("
              + r
              + ") must be a multiple of 512 with direct (-I): O_DIRECT moves whole sectors");
    }
  }

  private static void singleStream(
      boolean auto, List<Size> fileSizes, List<Size> recordSizes, int threads) {
    if (auto && threads > 0) {
      throw new InvalidInputException(
          "iozone cannot mix throughput mode (threads) with auto (-a), as IOzone refuses it;"
              + " drop one");
    }
    if (!auto && (fileSizes.size() > 1 || recordSizes.size() > 1)) {
      throw new InvalidInputException(
          "several sizes ("
              + fileSizes
              + ", records "
              + recordSizes
              + ") need auto=true; without -a IOzone runs one file size and one record size");
    }
    if (!auto && matrixOf(fileSizes, recordSizes).isEmpty()) {
      throw new InvalidInputException(
          "iozone record size ("
              + first(recordSizes, Size.kib(4))
              + ") is larger than the file ("
              + first(fileSizes, Size.kib(512))
              + ")");
    }
  }

  private static List<Case> matrixOf(List<Size> fileSizes, List<Size> recordSizes) {
    Case c = new Case(first(fileSizes, Size.kib(512)), first(recordSizes, Size.kib(4)));
    return c.records() == 0 ? List.of() : List.of(c);
  }

  @Override
  public String name() {
    return NAME;
  }

  /**
   * The file and record sizes to run, in IOzone's order (file sizes ascending, each with its record
   * sizes ascending): {@code -a}'s matrix, or the one case.
   */
  public List<Case> matrix() {
    List<Case> all = fullMatrix();
    if (!auto || !crossover) {
      return all;
    }
    return all.stream().filter(c -> !skippedByCrossover(c)).toList();
  }

  /**
   * Whether {@code -a}'s crossover skips this case (a file above 16 MiB, a record below 64 KiB).
   */
  public boolean skippedByCrossover(Case c) {
    return auto
        && crossover
        && c.fileSize().compareTo(CROSSOVER) > 0
        && c.recordSize().compareTo(LARGE_RECORD) < 0;
  }

  /** The matrix before the crossover, which IOzone's Excel report still has cells (zeros) for. */
  public List<Case> fullMatrix() {
    return matrix(
        auto, fileSizes, recordSizes, minFileSize, maxFileSize, minRecordSize, maxRecordSize);
  }

  private static List<Case> matrix(
      boolean auto,
      List<Size> fileSizes,
      List<Size> recordSizes,
      Size minFile,
      Size maxFile,
      Size minRecord,
      Size maxRecord) {
    if (!auto) {
      return matrixOf(fileSizes, recordSizes);
    }
    List<Case> cases = new ArrayList<>();
    for (Size file : fileSizes.isEmpty() ? doubling(minFile, maxFile) : sorted(fileSizes)) {
      for (Size record :
          recordSizes.isEmpty() ? doubling(minRecord, maxRecord) : sorted(recordSizes)) {
        if (record.compareTo(file) <= 0) {
          cases.add(new Case(file, record));
        }
      }
    }
    return List.copyOf(cases);
  }

  /** The record sizes of the matrix's columns, as IOzone's Excel report heads them. */
  public List<Size> recordColumns() {
    if (!auto) {
      return List.of(first(recordSizes, Size.kib(4)));
    }
    return recordSizes.isEmpty() ? doubling(minRecordSize, maxRecordSize) : sorted(recordSizes);
  }

  private static List<Size> doubling(Size min, Size max) {
    List<Size> sizes = new ArrayList<>();
    for (long s = min.bytes(); s <= max.bytes(); s *= 2) {
      sizes.add(Size.bytes(s));
    }
    return sizes;
  }

  private static List<Size> sorted(List<Size> sizes) {
    return List.copyOf(new TreeSet<>(sizes));
  }

  private static Size first(List<Size> sizes, Size fallback) {
    return sizes.isEmpty() ? fallback : sizes.get(0);
  }

  private static List<Size> concat(List<Size> a, List<Size> b) {
    List<Size> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static String numbers(List<Test> tests) {
    return tests.stream().map(t -> Integer.toString(t.number())).toList().toString();
  }

  /** Whether this runs IOzone's throughput mode ({@code -t}). */
  public boolean throughputMode() {
    return threads > 0;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.auto = auto;
    b.fileSizes = fileSizes;
    b.recordSizes = recordSizes;
    b.minFileSize = minFileSize;
    b.maxFileSize = maxFileSize;
    b.minRecordSize = minRecordSize;
    b.maxRecordSize = maxRecordSize;
    b.crossover = crossover;
    b.tests = EnumSet.copyOf(tests);
    b.stride = stride;
    b.includeFsync = includeFsync;
    b.includeClose = includeClose;
    b.direct = direct;
    b.sync = sync;
    b.keepFiles = keepFiles;
    b.threads = threads;
    b.stonewall = stonewall;
    return b;
  }

  /**
   * Builds a spec from {@code key=value} parameters, each one of IOzone's flags: {@code auto} (-a),
   * {@code size} (-s; a comma-separated list with auto), {@code record} (-r, likewise), {@code
   * min_size} (-n), {@code max_size} (-g), {@code min_record} (-y), {@code max_record} (-q), {@code
   * no_crossover} (-z), {@code tests} (-i, e.g. {@code 0,1,2}; default 0-7), {@code stride} (-j),
   * {@code fsync} (-e), {@code close} (-c), {@code direct} (-I), {@code sync} (-o), {@code keep}
   * (-w), {@code threads} (-t), {@code stonewall} (default true; false is -x). Sizes need a unit
   * ({@code 4k}, {@code 64m}): IOzone reads a bare number as KB, fsbench as bytes, so a bare number
   * is refused rather than guessed. As in IOzone, giving sizes or record bounds turns the crossover
   * off.
   *
   * @throws InvalidInputException naming any unknown key or bad value
   */
  public static IozoneSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    Builder b = builder().auto(p.bool("auto", false));
    b.fileSizes = sizes(p, "size");
    b.recordSizes = sizes(p, "record");
    b.minFileSize = size(p, "min_size", b.minFileSize);
    b.maxFileSize = size(p, "max_size", b.maxFileSize);
    b.minRecordSize = size(p, "min_record", b.minRecordSize);
    b.maxRecordSize = size(p, "max_record", b.maxRecordSize);
    boolean given = p.has("size") || p.has("record") || p.has("min_record") || p.has("max_record");
    b.crossover = !p.bool("no_crossover", false) && !given;
    if (p.has("tests")) {
      Set<Test> tests = EnumSet.noneOf(Test.class);
      for (String t : p.list("tests", List.of())) {
        tests.add(Test.of(testNumber(t)));
      }
      b.tests = tests;
    }
    b.stride = p.intValue("stride", b.stride);
    b.includeFsync = p.bool("fsync", false);
    b.includeClose = p.bool("close", false);
    b.direct = p.bool("direct", false);
    b.sync = p.bool("sync", false);
    b.keepFiles = p.bool("keep", false);
    b.threads = p.intValue("threads", 0);
    if (p.has("threads") && b.threads < 1) {
      throw new InvalidInputException(
          "iozone threads (" + params.get("threads") + ") must be at least 1 (IOzone's -t N)");
    }
    b.stonewall = p.bool("stonewall", true);
    if (p.has("stonewall") && b.threads == 0) {
      throw new InvalidInputException(
          "iozone stonewall applies to throughput mode only; give threads=N with it, or drop it");
    }
    return b.build();
  }

  private static int testNumber(String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "iozone test (" + text + ") must be a number, IOzone's -i: 0-7, 9 or 10");
    }
  }

  private static List<Size> sizes(WorkloadParams p, String key) {
    List<Size> sizes = new ArrayList<>();
    for (String s : p.list(key, List.of())) {
      sizes.add(sized(key, s));
    }
    return sizes;
  }

  private static Size size(WorkloadParams p, String key, Size fallback) {
    return p.has(key) ? sized(key, p.string(key, "")) : fallback;
  }

  private static Size sized(String key, String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (!t.isEmpty() && Character.isDigit(t.charAt(t.length() - 1))) {
      throw new InvalidInputException(
          "iozone "
              + key
              + " ("
              + text
              + ") needs a unit, e.g. "
              + text
              + "k: IOzone reads a bare number as KB, fsbench would read bytes");
    }
    return Size.parse(t);
  }

  /** Builds an {@link IozoneSpec}; starts from IOzone's defaults (512 KiB, 4 KiB, tests 0-7). */
  public static final class Builder {
    private boolean auto;
    private List<Size> fileSizes = List.of();
    private List<Size> recordSizes = List.of();
    private Size minFileSize = Size.kib(64);
    private Size maxFileSize = Size.mib(512);
    private Size minRecordSize = Size.kib(4);
    private Size maxRecordSize = MAX_RECORD;
    private boolean crossover = true;
    private Set<Test> tests =
        EnumSet.of(
            Test.WRITE,
            Test.READ,
            Test.RANDOM,
            Test.BACKWARDS,
            Test.RECORD_REWRITE,
            Test.STRIDE,
            Test.FWRITE,
            Test.FREAD);
    private int stride = 17;
    private boolean includeFsync;
    private boolean includeClose;
    private boolean direct;
    private boolean sync;
    private boolean keepFiles;
    private int threads;
    private boolean stonewall = true;

    private Builder() {}

    /** {@code -a}. */
    public Builder auto(boolean auto) {
      this.auto = auto;
      return this;
    }

    /** {@code -s}, once per size. */
    public Builder fileSizes(Size... sizes) {
      this.fileSizes = List.of(sizes);
      return this;
    }

    /** {@code -r}, once per size. */
    public Builder recordSizes(Size... sizes) {
      this.recordSizes = List.of(sizes);
      return this;
    }

    /** {@code -n}. */
    public Builder minFileSize(Size size) {
      this.minFileSize = size;
      return this;
    }

    /** {@code -g}. */
    public Builder maxFileSize(Size size) {
      this.maxFileSize = size;
      return this;
    }

    /** {@code -y}. */
    public Builder minRecordSize(Size size) {
      this.minRecordSize = size;
      return this;
    }

    /** {@code -q}. */
    public Builder maxRecordSize(Size size) {
      this.maxRecordSize = size;
      return this;
    }

    /** False is {@code -z}. */
    public Builder crossover(boolean crossover) {
      this.crossover = crossover;
      return this;
    }

    /** {@code -i}, once per test. */
    public Builder tests(Test... tests) {
      this.tests = EnumSet.copyOf(List.of(tests));
      return this;
    }

    /** {@code -j}. */
    public Builder stride(int records) {
      this.stride = records;
      return this;
    }

    /** {@code -e}. */
    public Builder includeFsync(boolean include) {
      this.includeFsync = include;
      return this;
    }

    /** {@code -c}. */
    public Builder includeClose(boolean include) {
      this.includeClose = include;
      return this;
    }

    /** {@code -I}. */
    public Builder direct(boolean direct) {
      this.direct = direct;
      return this;
    }

    /** {@code -o}. */
    public Builder sync(boolean sync) {
      this.sync = sync;
      return this;
    }

    /** {@code -w}. */
    public Builder keepFiles(boolean keep) {
      this.keepFiles = keep;
      return this;
    }

    /** {@code -t}. */
    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** False is {@code -x}. */
    public Builder stonewall(boolean stonewall) {
      this.stonewall = stonewall;
      return this;
    }

    public IozoneSpec build() {
      return new IozoneSpec(
          auto,
          fileSizes,
          recordSizes,
          minFileSize,
          maxFileSize,
          minRecordSize,
          maxRecordSize,
          crossover,
          List.copyOf(tests),
          stride,
          includeFsync,
          includeClose,
          direct,
          sync,
          keepFiles,
          threads,
          stonewall);
    }
  }
}
