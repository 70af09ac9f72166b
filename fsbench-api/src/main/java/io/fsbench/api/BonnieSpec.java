package io.fsbench.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * bonnie++ 2.00a: {@code bonnie++ -s size:chunk:seeks:seek_procs -n num:max:min:dirs:chunk [-f
 * [size]] [-b] [-D] [-r ram] [-z seed] [-m machine]}. Six tests on one file (per-char output with
 * one-byte write(2)s, block output, rewrite, per-char input with one-byte read(2)s, block input,
 * random seeks by several threads, 10% of them rewritten), then six on many small files (create,
 * stat and delete, in sequential and in random order), each reported as a rate, %CPU and its
 * longest single operation, as bonnie++ reports them.
 *
 * <pre>{@code
 * // bonnie++ -s 1024:8k -n 16 -r 512
 * BonnieSpec spec = BonnieSpec.builder().fileSize(Size.gib(1)).ram(Size.mib(512)).build();
 * // bonnie++ -s 0 -n 1:4k:1k:4 -b
 * BonnieSpec files =
 *     BonnieSpec.builder().fileSize(Size.ZERO).files(1).maxFileSize(4096).minFileSize(1024)
 *         .directories(4).fsync(true).build();
 * }</pre>
 *
 * <p>Without a file size the file is, as in bonnie++, twice the machine's RAM (at least 300 MiB,
 * rounded up to a whole GiB when more than 512 MiB past one), so that the page cache cannot hold
 * it; a file size below twice the RAM is refused, as bonnie++ refuses it, unless a smaller {@code
 * ram} is declared ({@code -r}).
 *
 * @param fileSize {@code -s}: the file's size, whole MiB; zero skips the file tests; empty for
 *     bonnie++'s default from the RAM
 * @param chunkSize {@code -s size:chunk}: bytes per block I/O, a power of two from 256 to 1 MiB
 * @param seeks {@code -s size:chunk:seeks}: random seeks in the seek test
 * @param seekProcs {@code -s size:chunk:seeks:procs}: seeker threads
 * @param perCharSize {@code -f size}: bytes written and read one at a time, whole MiB (bonnie++'s 3
 *     MiB by default, at most the file); zero is {@code -f}, which skips both per-char tests
 * @param files {@code -n num}: files for the create tests, in units of 1024; zero skips them
 * @param maxFileSize {@code -n num:max}: the largest file, bytes (0: empty files)
 * @param minFileSize {@code -n num:max:min}: the smallest file, bytes
 * @param directories {@code -n num:max:min:dirs}: directories the files are spread over
 * @param fileChunkSize {@code -n num:max:min:dirs:chunk}: bytes per write and read of a file
 * @param fsync {@code -b}: fsync each file created and its directory after each create and delete,
 *     and the file after each rewritten seek
 * @param direct {@code -D}: O_DIRECT on the file the block output test creates
 * @param ram {@code -r}: the RAM bonnie++ assumes; empty for the machine's, zero for none
 * @param seed {@code -z}: the seed of the random stream (glibc's rand()); empty for one drawn at
 *     run time, reported in the result
 * @param machine {@code -m}: the name in the report; empty for the host name
 */
public record BonnieSpec(
    Optional<Size> fileSize,
    Size chunkSize,
    int seeks,
    int seekProcs,
    Size perCharSize,
    int files,
    long maxFileSize,
    long minFileSize,
    int directories,
    Size fileChunkSize,
    boolean fsync,
    boolean direct,
    Optional<Size> ram,
    OptionalLong seed,
    Optional<String> machine)
    implements Workload {

  public static final String NAME = "bonnie";

  /** bonnie++'s unit of file size (its {@code Unit}): sizes are whole MiB. */
  public static final Size UNIT = Size.mib(1);

  /** bonnie++'s {@code DirectoryUnit}: {@code -n} counts files in thousands of 1024. */
  public static final int FILES_UNIT = 1024;

  /**
   * bonnie++'s defaults: 8 KiB chunks, 8192 seeks by 5 threads, 3 MiB per char, 16 × 1024 files.
   */
  public static final Size DEFAULT_CHUNK = Size.kib(8);

  public static final int DEFAULT_SEEKS = 8192;
  public static final int DEFAULT_SEEK_PROCS = 5;
  public static final Size DEFAULT_PER_CHAR = Size.mib(3);
  public static final int DEFAULT_FILES = 16;

  /**
   * bonnie++'s limit on names in memory ({@code MaxDataPerFile} bytes each, at most 1 GiB): files
   * above it are refused, as bonnie++ refuses them ("Not enough ram").
   */
  public static final int MAX_FILES = (1 << 20) / 37;

  public BonnieSpec {
    Objects.requireNonNull(fileSize, "fileSize");
    Objects.requireNonNull(chunkSize, "chunkSize");
    Objects.requireNonNull(perCharSize, "perCharSize");
    Objects.requireNonNull(fileChunkSize, "fileChunkSize");
    Objects.requireNonNull(ram, "ram");
    Objects.requireNonNull(seed, "seed");
    Objects.requireNonNull(machine, "machine");
    BonnieChecks.chunk("chunk", chunkSize);
    BonnieChecks.chunk("file_chunk", fileChunkSize);
    fileSize.ifPresent(size -> BonnieChecks.fileSize(size, chunkSize));
    BonnieChecks.wholeMib("per_char", perCharSize);
    BonnieChecks.ram(ram);
    if (fileSize.map(Size::isZero).orElse(false) && files == 0) {
      throw new InvalidInputException(
          "size=0 and files=0 leave bonnie nothing to do; give a file size or a number of files");
    }
    BonnieChecks.seeks(seeks, seekProcs);
    BonnieChecks.files(files, maxFileSize, minFileSize, directories);
    BonnieChecks.seed(seed);
    machine.ifPresent(BonnieChecks::machine);
    if (direct && !perCharSize.isZero() && fileSize.map(size -> !size.isZero()).orElse(true)) {
      throw new InvalidInputException(
          "direct (-D) with the per-char tests cannot run: bonnie++ 2.00a opens the per-char"
              + " file with O_DIRECT too, where one-byte writes fail (\"Can't write() - disk"
              + " full?\"); add fast=true (-f)");
    }
    if (direct && chunkSize.bytes() < 512 && fileSize.map(size -> !size.isZero()).orElse(true)) {
      throw new InvalidInputException(
          "chunk ("
              + chunkSize
              + ") must be at least 512 with direct (-D): O_DIRECT moves whole sectors, and"
              + " bonnie++'s first block write fails (EINVAL)");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Whether the six tests on one file run ({@code -s} is not 0). */
  public boolean fileTests() {
    return fileSize.map(size -> !size.isZero()).orElse(true);
  }

  /** Whether the per-char tests run (not {@code -f}). */
  public boolean perCharTests() {
    return !perCharSize.isZero();
  }

  /** The files the create tests make: {@code files × 1024}. */
  public int fileCount() {
    return files * FILES_UNIT;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    Builder b = new Builder();
    b.fileSize = fileSize;
    b.chunkSize = chunkSize;
    b.seeks = seeks;
    b.seekProcs = seekProcs;
    b.perCharSize = perCharSize;
    b.files = files;
    b.maxFileSize = maxFileSize;
    b.minFileSize = minFileSize;
    b.directories = directories;
    b.fileChunkSize = fileChunkSize;
    b.fsync = fsync;
    b.direct = direct;
    b.ram = ram;
    b.seed = seed;
    b.machine = machine;
    return b;
  }

  /**
   * Builds a spec from {@code key=value} parameters named after bonnie++'s options: {@code size}
   * (-s; fio's units, e.g. {@code 1g}, or bonnie++'s {@code size:chunk:seeks:seek_procs}), {@code
   * chunk}, {@code seeks}, {@code seek_procs}, {@code files} (-n, in units of 1024, or bonnie++'s
   * {@code num:max:min:dirs:chunk}), {@code max_size}, {@code min_size}, {@code dirs}, {@code
   * file_chunk}, {@code fast} (-f: no per-char tests), {@code per_char} (-f size), {@code fsync}
   * (-b), {@code direct} (-D), {@code ram} (-r), {@code seed} (-z) and {@code machine} (-m).
   *
   * @throws InvalidInputException naming any unknown key or bad value
   */
  public static BonnieSpec fromParams(Map<String, String> params) {
    return BonnieParams.parse(params);
  }

  /** Builds a {@link BonnieSpec}; starts from bonnie++ 2.00a's defaults. */
  public static final class Builder {
    private Optional<Size> fileSize = Optional.empty();
    private Size chunkSize = DEFAULT_CHUNK;
    private int seeks = DEFAULT_SEEKS;
    private int seekProcs = DEFAULT_SEEK_PROCS;
    private Size perCharSize = DEFAULT_PER_CHAR;
    private int files = DEFAULT_FILES;
    private long maxFileSize;
    private long minFileSize;
    private int directories = 1;
    private Size fileChunkSize = DEFAULT_CHUNK;
    private boolean fsync;
    private boolean direct;
    private Optional<Size> ram = Optional.empty();
    private OptionalLong seed = OptionalLong.empty();
    private Optional<String> machine = Optional.empty();

    private Builder() {}

    /** {@code -s size}: whole MiB; zero skips the tests on one file. */
    public Builder fileSize(Size fileSize) {
      this.fileSize = Optional.of(fileSize);
      return this;
    }

    /** {@code -s size:chunk}. */
    public Builder chunkSize(Size chunkSize) {
      this.chunkSize = chunkSize;
      return this;
    }

    /** {@code -s size:chunk:seeks}. */
    public Builder seeks(int seeks) {
      this.seeks = seeks;
      return this;
    }

    /** {@code -s size:chunk:seeks:procs}. */
    public Builder seekProcs(int seekProcs) {
      this.seekProcs = seekProcs;
      return this;
    }

    /** {@code -f size}; zero is {@code -f} alone. */
    public Builder perCharSize(Size perCharSize) {
      this.perCharSize = perCharSize;
      return this;
    }

    /** {@code -f}: skip the per-char tests. */
    public Builder fast() {
      return perCharSize(Size.ZERO);
    }

    /** {@code -n num}: units of 1024 files. */
    public Builder files(int files) {
      this.files = files;
      return this;
    }

    /** {@code -n num:max}, bytes. */
    public Builder maxFileSize(long maxFileSize) {
      this.maxFileSize = maxFileSize;
      return this;
    }

    /** {@code -n num:max:min}, bytes. */
    public Builder minFileSize(long minFileSize) {
      this.minFileSize = minFileSize;
      return this;
    }

    /** {@code -n num:max:min:dirs}. */
    public Builder directories(int directories) {
      this.directories = directories;
      return this;
    }

    /** {@code -n num:max:min:dirs:chunk}. */
    public Builder fileChunkSize(Size fileChunkSize) {
      this.fileChunkSize = fileChunkSize;
      return this;
    }

    /** {@code -b}. */
    public Builder fsync(boolean fsync) {
      this.fsync = fsync;
      return this;
    }

    /** {@code -D}. */
    public Builder direct(boolean direct) {
      this.direct = direct;
      return this;
    }

    /** {@code -r}: the RAM to assume; zero for none (no 2 × RAM rule). */
    public Builder ram(Size ram) {
      this.ram = Optional.of(ram);
      return this;
    }

    /** {@code -z}: 0 to 4294967295. */
    public Builder seed(long seed) {
      this.seed = OptionalLong.of(seed);
      return this;
    }

    /** {@code -m}. */
    public Builder machine(String machine) {
      this.machine = Optional.of(machine);
      return this;
    }

    public BonnieSpec build() {
      return new BonnieSpec(
          fileSize,
          chunkSize,
          seeks,
          seekProcs,
          perCharSize,
          files,
          maxFileSize,
          minFileSize,
          directories,
          fileChunkSize,
          fsync,
          direct,
          ram,
          seed,
          machine);
    }
  }

  /** The parameter names {@link #fromParams} knows, in the order {@code --help} lists them. */
  public static List<String> parameterNames() {
    return BonnieParams.NAMES;
  }
}
