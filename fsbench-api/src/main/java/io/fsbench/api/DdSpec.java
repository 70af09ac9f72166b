package io.fsbench.api;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * GNU dd's sequential copy of one file: {@code dd if=/dev/zero of=FILE bs=B count=N} (a write) or
 * {@code dd if=FILE of=/dev/null bs=B count=N} (a read), one read and one write system call per
 * block of {@code bs} bytes, timed as dd times it, in nanoseconds.
 *
 * <pre>{@code
 * DdSpec write = DdSpec.write(Size.mib(1), 4096).fdatasync(true).build();
 * DdSpec read = DdSpec.read(Size.kib(1), 4_194_304).direct(true).build();
 * }</pre>
 *
 * <p>A read needs a file: it is written (zeros, as the write makes it) and synced before the clock
 * starts, then its cached pages are dropped ({@link #invalidate}) so that the read comes from the
 * disk, as a read after a reboot or remount would.
 *
 * @param mode whether dd writes the file or reads it
 * @param blockSize dd's {@code bs}: bytes per read and per write
 * @param count dd's {@code count}: blocks copied
 * @param fdatasync {@code conv=fdatasync}: fdatasync the file before dd finishes, inside the time
 * @param fsync {@code conv=fsync}: fsync the file before dd finishes, inside the time
 * @param direct {@code oflag=direct} (a write) or {@code iflag=direct} (a read): O_DIRECT on the
 *     file, with page-aligned buffers as dd's
 * @param dsync {@code oflag=dsync} (writes only): O_DSYNC on the file
 * @param invalidate (reads only) drop the file's cached pages after laying it out, untimed
 */
public record DdSpec(
    Mode mode,
    Size blockSize,
    long count,
    boolean fdatasync,
    boolean fsync,
    boolean direct,
    boolean dsync,
    boolean invalidate)
    implements Workload {

  public static final String NAME = "dd";

  /** The largest {@code bs}: one buffer of it is held in memory, as dd holds one. */
  public static final Size MAX_BLOCK_SIZE = Size.gib(1);

  /** The unit O_DIRECT needs {@code bs} to be a multiple of, on the smallest sectors. */
  public static final Size SECTOR = Size.bytes(512);

  private static final List<String> PARAMS =
      List.of("mode", "bs", "count", "conv", "oflag", "iflag", "invalidate");

  /** Which way dd copies. */
  public enum Mode {
    /** {@code if=/dev/zero of=FILE}. */
    WRITE,
    /** {@code if=FILE of=/dev/null}. */
    READ;

    /** {@code write} or {@code read}. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public DdSpec {
    Objects.requireNonNull(mode, "mode");
    Objects.requireNonNull(blockSize, "blockSize");
    if (blockSize.isZero() || blockSize.compareTo(MAX_BLOCK_SIZE) > 0) {
      throw new InvalidInputException("bs (" + blockSize + ") must be between 1 byte and 1g");
    }
    if (count < 1) {
      throw new InvalidInputException(
          "count ("
              + count
              + ") must be positive: dd copies count blocks of bs bytes, e.g. count=4096");
    }
    if (count > Long.MAX_VALUE / blockSize.bytes()) {
      throw new InvalidInputException(
          "count (" + count + ") times bs (" + blockSize + ") overflows a file size");
    }
    if (direct && !blockSize.isMultipleOf(SECTOR)) {
      throw new InvalidInputException(
          "bs ("
              + blockSize
              + ") must be a multiple of 512 with "
              + (mode == Mode.WRITE ? "oflag" : "iflag")
              + "=direct: O_DIRECT moves whole sectors (dd fails with EINVAL)");
    }
    if (mode == Mode.READ && (fdatasync || fsync || dsync)) {
      throw new InvalidInputException(
          (fdatasync ? "conv=fdatasync" : fsync ? "conv=fsync" : "oflag=dsync")
              + " syncs dd's output, which for a read is /dev/null; drop it, or use mode=write");
    }
    if (mode == Mode.WRITE && invalidate) {
      throw new InvalidInputException(
          "invalidate drops the cached pages of the file a read reads; a write makes its file,"
              + " so drop invalidate or use mode=read");
    }
  }

  /** {@code dd-<mode>-<bs>}, e.g. {@code dd-write-1m}. */
  @Override
  public String name() {
    return NAME + "-" + mode.key() + "-" + blockSize;
  }

  /** The bytes copied: {@code bs × count}. */
  public long bytes() {
    return blockSize.bytes() * count;
  }

  /** A write of {@code count} blocks of {@code blockSize}, from /dev/zero to the file. */
  public static Builder write(Size blockSize, long count) {
    return new Builder(Mode.WRITE, blockSize, count);
  }

  /** A read of {@code count} blocks of {@code blockSize}, from the file to /dev/null. */
  public static Builder read(Size blockSize, long count) {
    return new Builder(Mode.READ, blockSize, count).invalidate(true);
  }

  public Builder toBuilder() {
    return new Builder(mode, blockSize, count)
        .fdatasync(fdatasync)
        .fsync(fsync)
        .direct(direct)
        .dsync(dsync)
        .invalidate(invalidate);
  }

  /**
   * Builds a spec from {@code key=value} parameters named after dd's operands: {@code bs}, {@code
   * count}, {@code conv} (fdatasync, fsync), {@code oflag} (direct, dsync; writes), {@code iflag}
   * (direct; reads); and fsbench's {@code mode} (write or read, default write) and {@code
   * invalidate} (reads; default true). Sizes take fio's units ({@code 1k} = 1024 bytes, dd's {@code
   * 1K}); {@code bs} defaults to dd's 512; {@code count} is required, as /dev/zero never ends.
   *
   * @throws InvalidInputException naming any unknown key, flag or value
   */
  public static DdSpec fromParams(Map<String, String> params) {
    WorkloadParams p = WorkloadParams.of(NAME, params, PARAMS);
    Mode mode = mode(p.string("mode", "write"));
    if (!p.has("count")) {
      throw new InvalidInputException(
          "dd needs count (blocks of bs to copy), e.g. --param count=4096; without it dd copies"
              + " until the end of /dev/zero, which never comes");
    }
    Builder b = new Builder(mode, p.size("bs", SECTOR), p.longValue("count", 0));
    b.invalidate(p.bool("invalidate", mode == Mode.READ));
    for (String conv : p.list("conv", List.of())) {
      switch (conv) {
        case "fdatasync" -> b.fdatasync(true);
        case "fsync" -> b.fsync(true);
        default -> throw unsupported("conv", conv, "fdatasync, fsync");
      }
    }
    String fileFlag = mode == Mode.WRITE ? "oflag" : "iflag";
    String otherFlag = mode == Mode.WRITE ? "iflag" : "oflag";
    if (!p.list(otherFlag, List.of()).isEmpty()) {
      throw new InvalidInputException(
          otherFlag
              + "="
              + params.get(otherFlag)
              + " applies to "
              + (mode == Mode.WRITE ? "/dev/zero" : "/dev/null")
              + " in a "
              + mode.key()
              + "; the file's flags are "
              + fileFlag
              + "=...");
    }
    for (String flag : p.list(fileFlag, List.of())) {
      switch (flag) {
        case "direct" -> b.direct(true);
        case "dsync" -> {
          if (mode == Mode.READ) {
            throw unsupported("iflag", flag, "direct");
          }
          b.dsync(true);
        }
        default ->
            throw unsupported(fileFlag, flag, mode == Mode.WRITE ? "direct, dsync" : "direct");
      }
    }
    return b.build();
  }

  private static Mode mode(String value) {
    for (Mode mode : Mode.values()) {
      if (mode.key().equals(value.strip().toLowerCase(Locale.ROOT))) {
        return mode;
      }
    }
    throw new InvalidInputException("dd mode (" + value + ") must be write or read");
  }

  private static InvalidInputException unsupported(String operand, String value, String known) {
    return new InvalidInputException(
        "dd "
            + operand
            + "="
            + value
            + " is not supported by fsbench's dd; it knows "
            + operand
            + "="
            + known);
  }

  /** Builds a {@link DdSpec}; starts from {@link DdSpec#write} or {@link DdSpec#read}. */
  public static final class Builder {
    private final Mode mode;
    private final Size blockSize;
    private final long count;
    private boolean fdatasync;
    private boolean fsync;
    private boolean direct;
    private boolean dsync;
    private boolean invalidate;

    private Builder(Mode mode, Size blockSize, long count) {
      this.mode = mode;
      this.blockSize = blockSize;
      this.count = count;
    }

    /** {@code conv=fdatasync}. */
    public Builder fdatasync(boolean fdatasync) {
      this.fdatasync = fdatasync;
      return this;
    }

    /** {@code conv=fsync}. */
    public Builder fsync(boolean fsync) {
      this.fsync = fsync;
      return this;
    }

    /** {@code oflag=direct} for a write, {@code iflag=direct} for a read. */
    public Builder direct(boolean direct) {
      this.direct = direct;
      return this;
    }

    /** {@code oflag=dsync}. */
    public Builder dsync(boolean dsync) {
      this.dsync = dsync;
      return this;
    }

    /** For a read: drop the laid-out file's cached pages before timing (default on). */
    public Builder invalidate(boolean invalidate) {
      this.invalidate = invalidate;
      return this;
    }

    public DdSpec build() {
      return new DdSpec(mode, blockSize, count, fdatasync, fsync, direct, dsync, invalidate);
    }
  }
}
