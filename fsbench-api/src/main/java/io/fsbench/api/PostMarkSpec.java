package io.fsbench.api;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * PostMark 1.53 (Katcher, NetApp): a pool of small files that transactions read, append to, create
 * and delete. Defaults and algorithm are PostMark's, including its Mersenne Twister seeded with 42,
 * so the same spec makes the same choices as {@code postmark} with the same settings.
 *
 * <pre>{@code
 * PostMarkSpec spec = PostMarkSpec.builder().files(5_000).transactions(300_000).build();
 * }</pre>
 *
 * <p>Two extensions are not in PostMark and are off by default: {@link #threads} (independent
 * PostMark instances, each in its own directory with seed {@code seed + thread}, phases aligned by
 * barriers) and {@link #fsync} (fsync each file before closing it after a write).
 *
 * @param files PostMark's {@code set number}: files created before the transactions
 * @param transactions PostMark's {@code set transactions}
 * @param sizeLow smallest file, {@code set size LOW HIGH}
 * @param sizeHigh largest file; appends never grow a file past it
 * @param readBlockSize {@code set read}: bytes per read
 * @param writeBlockSize {@code set write}: bytes per write
 * @param biasRead {@code set bias read}: 0-10, chance in 10 of read over append; -1 disables both
 * @param biasCreate {@code set bias create}: 0-10, chance in 10 of create over delete; -1 disables
 *     both
 * @param buffering {@code set buffering}: stdio-style buffered I/O (PostMark's default) or plain
 *     read/write calls
 * @param subdirectories {@code set subdirectories}; PostMark uses them only when more than 1
 * @param seed {@code set seed}
 * @param threads extension, not PostMark: independent instances run at once (default 1)
 * @param fsync extension, not PostMark: fsync before close after every create or append
 */
public record PostMarkSpec(
    int files,
    int transactions,
    Size sizeLow,
    Size sizeHigh,
    Size readBlockSize,
    Size writeBlockSize,
    int biasRead,
    int biasCreate,
    boolean buffering,
    int subdirectories,
    int seed,
    int threads,
    boolean fsync)
    implements Workload {

  public static final String NAME = "postmark";

  private static final List<String> PARAMS =
      List.of(
          "number",
          "transactions",
          "size_low",
          "size_high",
          "read",
          "write",
          "bias_read",
          "bias_create",
          "buffering",
          "subdirectories",
          "seed",
          "threads",
          "fsync");

  public PostMarkSpec {
    Objects.requireNonNull(sizeLow, "sizeLow");
    Objects.requireNonNull(sizeHigh, "sizeHigh");
    Objects.requireNonNull(readBlockSize, "readBlockSize");
    Objects.requireNonNull(writeBlockSize, "writeBlockSize");
    if (files < 1 || files > 100_000_000) {
      throw new InvalidInputException("number (" + files + ") must be between 1 and 100000000");
    }
    if (transactions < 1) {
      throw new InvalidInputException("transactions (" + transactions + ") must be positive");
    }
    if (sizeLow.isZero()) {
      throw new InvalidInputException(
          "size_low (" + sizeLow + ") must be positive; PostMark marks empty slots with size 0");
    }
    if (sizeHigh.compareTo(sizeLow) < 0) {
      throw new InvalidInputException(
          "size_high (" + sizeHigh + ") must not be below size_low (" + sizeLow + ")");
    }
    if (sizeHigh.bytes() > (Integer.MAX_VALUE >> 1)) {
      throw new InvalidInputException(
          "size_high (" + sizeHigh + ") must be below 1g; PostMark keeps 2 x size_high in memory");
    }
    positiveInt("read", readBlockSize);
    positiveInt("write", writeBlockSize);
    if (biasRead < -1 || biasRead > 10) {
      throw new InvalidInputException("bias_read (" + biasRead + ") must be -1 to 10");
    }
    if (biasCreate < -1 || biasCreate > 10) {
      throw new InvalidInputException("bias_create (" + biasCreate + ") must be -1 to 10");
    }
    if (subdirectories < 0 || subdirectories > 1_000_000) {
      throw new InvalidInputException(
          "subdirectories (" + subdirectories + ") must be between 0 and 1000000");
    }
    if (seed < 1) {
      throw new InvalidInputException("seed (" + seed + ") must be positive, as in PostMark");
    }
    if (threads < 1 || threads > 1024) {
      throw new InvalidInputException("threads (" + threads + ") must be between 1 and 1024");
    }
  }

  private static void positiveInt(String name, Size size) {
    if (size.isZero() || size.bytes() > Integer.MAX_VALUE) {
      throw new InvalidInputException(name + " (" + size + ") must be between 1 byte and 2g");
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  /** Whether any extension beyond PostMark 1.53 is on; results then are not PostMark's. */
  public boolean usesExtensions() {
    return threads != 1 || fsync;
  }

  public static Builder builder() {
    return new Builder();
  }

  public Builder toBuilder() {
    return new Builder()
        .files(files)
        .transactions(transactions)
        .size(sizeLow, sizeHigh)
        .readBlockSize(readBlockSize)
        .writeBlockSize(writeBlockSize)
        .biasRead(biasRead)
        .biasCreate(biasCreate)
        .buffering(buffering)
        .subdirectories(subdirectories)
        .seed(seed)
        .threads(threads)
        .fsync(fsync);
  }

  /**
   * Builds a spec from {@code key=value} parameters named after PostMark's {@code set} commands:
   * number, transactions, size_low, size_high, read, write, bias_read, bias_create, buffering,
   * subdirectories, seed, and the extensions threads and fsync. Sizes take fio's units.
   *
   * @throws InvalidInputException naming any unknown key and listing the known ones
   */
  public static PostMarkSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    PostMarkSpec d = builder().build();
    return builder()
        .files(p.intValue("number", d.files()))
        .transactions(p.intValue("transactions", d.transactions()))
        .size(p.size("size_low", d.sizeLow()), p.size("size_high", d.sizeHigh()))
        .readBlockSize(p.size("read", d.readBlockSize()))
        .writeBlockSize(p.size("write", d.writeBlockSize()))
        .biasRead(p.intValue("bias_read", d.biasRead()))
        .biasCreate(p.intValue("bias_create", d.biasCreate()))
        .buffering(p.bool("buffering", d.buffering()))
        .subdirectories(p.intValue("subdirectories", d.subdirectories()))
        .seed(p.intValue("seed", d.seed()))
        .threads(p.intValue("threads", d.threads()))
        .fsync(p.bool("fsync", d.fsync()))
        .build();
  }

  /** Builds a {@link PostMarkSpec}; starts from PostMark 1.53's defaults. */
  public static final class Builder {
    private int files = 500;
    private int transactions = 500;
    private Size sizeLow = Size.bytes(500);
    private Size sizeHigh = Size.bytes(10_000);
    private Size readBlockSize = Size.bytes(512);
    private Size writeBlockSize = Size.bytes(512);
    private int biasRead = 5;
    private int biasCreate = 5;
    private boolean buffering = true;
    private int subdirectories;
    private int seed = 42;
    private int threads = 1;
    private boolean fsync;

    private Builder() {}

    /** PostMark's {@code set number}. */
    public Builder files(int files) {
      this.files = files;
      return this;
    }

    public Builder transactions(int transactions) {
      this.transactions = transactions;
      return this;
    }

    /** PostMark's {@code set size LOW HIGH}. */
    public Builder size(Size low, Size high) {
      this.sizeLow = low;
      this.sizeHigh = high;
      return this;
    }

    /** A fixed file size, PostMark's {@code set size N}. */
    public Builder size(Size size) {
      return size(size, size);
    }

    public Builder readBlockSize(Size size) {
      this.readBlockSize = size;
      return this;
    }

    public Builder writeBlockSize(Size size) {
      this.writeBlockSize = size;
      return this;
    }

    public Builder biasRead(int bias) {
      this.biasRead = bias;
      return this;
    }

    public Builder biasCreate(int bias) {
      this.biasCreate = bias;
      return this;
    }

    public Builder buffering(boolean buffering) {
      this.buffering = buffering;
      return this;
    }

    public Builder subdirectories(int subdirectories) {
      this.subdirectories = subdirectories;
      return this;
    }

    public Builder seed(int seed) {
      this.seed = seed;
      return this;
    }

    /** Extension, not PostMark: independent instances run at once. */
    public Builder threads(int threads) {
      this.threads = threads;
      return this;
    }

    /** Extension, not PostMark: fsync before close after each create or append. */
    public Builder fsync(boolean fsync) {
      this.fsync = fsync;
      return this;
    }

    public PostMarkSpec build() {
      return new PostMarkSpec(
          files,
          transactions,
          sizeLow,
          sizeHigh,
          readBlockSize,
          writeBlockSize,
          biasRead,
          biasCreate,
          buffering,
          subdirectories,
          seed,
          threads,
          fsync);
    }
  }
}
