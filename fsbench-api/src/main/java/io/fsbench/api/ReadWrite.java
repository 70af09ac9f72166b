package io.fsbench.api;

import java.util.Locale;

/** The access pattern of a block I/O job, fio's {@code rw=} option. */
public enum ReadWrite {
  READ("read", true, false, false),
  WRITE("write", false, true, false),
  RANDREAD("randread", true, false, true),
  RANDWRITE("randwrite", false, true, true),
  READWRITE("readwrite", true, true, false),
  RANDRW("randrw", true, true, true),
  /** Sequential trims: fio's discard, or a punched hole with {@code ioengine=falloc}. */
  TRIM("trim", false, false, false),
  /** Random trims. */
  RANDTRIM("randtrim", false, false, true);

  private final String fioName;
  private final boolean reads;
  private final boolean writes;
  private final boolean random;

  ReadWrite(String fioName, boolean reads, boolean writes, boolean random) {
    this.fioName = fioName;
    this.reads = reads;
    this.writes = writes;
    this.random = random;
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

  /** Whether the job trims (fio's {@code td_trim}): {@code trim} and {@code randtrim}. */
  public boolean trims() {
    return !reads && !writes;
  }

  /**
   * Parses fio's spellings: read, write, randread, randwrite, rw, readwrite, randrw, trim,
   * randtrim; fio 3.33's trimwrite and randtrimwrite are refused by name.
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
    if (s.equals("trimwrite") || s.equals("randtrimwrite")) {
      throw new InvalidInputException(
          "rw ("
              + text
              + "): fsbench does not run trim-then-write sequences yet; give rw=trim, randtrim,"
              + " write or randwrite");
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
            + " randtrim");
  }
}
