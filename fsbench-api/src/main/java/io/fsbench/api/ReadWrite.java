package io.fsbench.api;

import java.util.Locale;

/** The access pattern of a block I/O job, fio's {@code rw=} option. */
public enum ReadWrite {
  READ("read", true, false, false, false),
  WRITE("write", false, true, false, false),
  RANDREAD("randread", true, false, true, false),
  RANDWRITE("randwrite", false, true, true, false),
  READWRITE("readwrite", true, true, false, false),
  RANDRW("randrw", true, true, true, false),
  /** Sequential trims: fio's discard, or a punched hole with {@code ioengine=falloc}. */
  TRIM("trim", false, false, false, true),
  /** Random trims. */
  RANDTRIM("randtrim", false, false, true, true),
  /**
   * Trims then writes, in turn, each direction sequential with its own block size (fio's {@code
   * trimwrite}).
   */
  TRIMWRITE("trimwrite", false, true, false, true),
  /** A random trim, then a write of the block just trimmed (fio's {@code randtrimwrite}). */
  RANDTRIMWRITE("randtrimwrite", false, true, true, true);

  private final String fioName;
  private final boolean reads;
  private final boolean writes;
  private final boolean random;
  private final boolean trims;

  ReadWrite(String fioName, boolean reads, boolean writes, boolean random, boolean trims) {
    this.fioName = fioName;
    this.reads = reads;
    this.writes = writes;
    this.random = random;
    this.trims = trims;
  }

  /** fio's spelling, e.g. {@code randwrite}. */
  public String fioName() {
    return fioName;
  }

  public boolean reads() {
    return reads;
  }

  public boolean writes() {
    return writes;
  }

  public boolean isRandom() {
    return random;
  }

  public boolean isMixed() {
    return reads && writes;
  }

  /**
   * Whether the job trims (fio's {@code td_trim}): {@code trim}, {@code randtrim}, {@code
   * trimwrite} and {@code randtrimwrite}.
   */
  public boolean trims() {
    return trims;
  }

  /** Whether the job trims and writes in turn (fio's {@code td_trimwrite}). */
  public boolean trimsThenWrites() {
    return trims && writes;
  }

  /**
   * Parses fio's spellings: read, write, randread, randwrite, rw, readwrite, randrw, trim,
   * randtrim, trimwrite, randtrimwrite.
   */
  public static ReadWrite parse(String text) {
    String s = text.strip().toLowerCase(Locale.ROOT);
    int colon = s.indexOf(':');
    if (colon >= 0) {
      s = s.substring(0, colon);
    }
    if (s.equals("rw")) {
      return READWRITE;
    }
    for (ReadWrite rw : values()) {
      if (rw.fioName.equals(s)) {
        return rw;
      }
    }
    throw new InvalidInputException(
        "rw ("
            + text
            + ") is not one of read, write, randread, randwrite, rw, readwrite, randrw, trim,"
            + " randtrim, trimwrite, randtrimwrite");
  }
}
