package io.fsbench.filebench;

import io.fsbench.api.InvalidInputException;
import java.util.Locale;

/**
 * The flowops fsbench runs, with the type and attribute filebench gives each in its table ({@code
 * flowop_library.c: flowoplib_fops}): an I/O flowop counts in the IO Summary's ops ({@code
 * FLOW_TYPE_IO}); a READ or WRITE one in its rd/wr ({@code FLOW_ATTR_READ}, {@code
 * FLOW_ATTR_WRITE}). Synchronisation (semblock, sempost, block, wakeup) and the others (hog, delay,
 * the limits, finishon*) are timed and reported per flowop but are not ops of the summary.
 */
enum FlowopType {
  WRITE("write", true, Direction.WRITE),
  READ("read", true, Direction.READ),
  BLOCK("block", false, Direction.NONE),
  WAKEUP("wakeup", false, Direction.NONE),
  SEMBLOCK("semblock", false, Direction.NONE),
  SEMPOST("sempost", false, Direction.NONE),
  HOG("hog", false, Direction.NONE),
  DELAY("delay", false, Direction.NONE),
  EVENTLIMIT("eventlimit", false, Direction.NONE),
  BWLIMIT("bwlimit", false, Direction.NONE),
  IOPSLIMIT("iopslimit", false, Direction.NONE),
  OPSLIMIT("opslimit", false, Direction.NONE),
  FINISHONCOUNT("finishoncount", false, Direction.NONE),
  FINISHONBYTES("finishonbytes", false, Direction.NONE),
  /** A use of a composite flowop ({@code define flowop}): one pass over its own flowops. */
  COMPOSITE("composite", false, Direction.NONE),
  OPENFILE("openfile", true, Direction.NONE),
  CREATEFILE("createfile", true, Direction.NONE),
  CLOSEFILE("closefile", true, Direction.NONE),
  MAKEDIR("makedir", true, Direction.NONE),
  REMOVEDIR("removedir", true, Direction.NONE),
  LISTDIR("listdir", true, Direction.NONE),
  FSYNC("fsync", true, Direction.NONE),
  FSYNCSET("fsyncset", true, Direction.NONE),
  STATFILE("statfile", true, Direction.NONE),
  READWHOLEFILE("readwholefile", true, Direction.READ),
  APPENDFILE("appendfile", true, Direction.WRITE),
  APPENDFILERAND("appendfilerand", true, Direction.WRITE),
  DELETEFILE("deletefile", true, Direction.NONE),
  WRITEWHOLEFILE("writewholefile", true, Direction.WRITE),
  // FLOW_TYPE_AIO counts in the summary as FLOW_TYPE_IO does (stats.c adds both)
  AIOWRITE("aiowrite", true, Direction.WRITE),
  AIOWAIT("aiowait", true, Direction.NONE);

  /** Which of the summary's rd/wr counts a flowop adds to. */
  enum Direction {
    READ,
    WRITE,
    NONE
  }

  private final String word;
  private final boolean io;
  private final Direction direction;

  FlowopType(String word, boolean io, Direction direction) {
    this.word = word;
    this.io = io;
    this.direction = direction;
  }

  /** The word a workload file uses. */
  String word() {
    return word;
  }

  /** Whether it counts in the IO Summary's ops, bytes and ms/op. */
  boolean io() {
    return io;
  }

  Direction direction() {
    return direction;
  }

  /**
   * The type a workload names; flowops filebench has and fsbench does not run yet are refused by
   * name with the reason, never skipped.
   */
  static FlowopType of(String word, String where) {
    for (FlowopType type : values()) {
      if (type.word.equals(word) && type != COMPOSITE) { // composites are named by their define
        return type;
      }
    }
    String reason =
        switch (word.toLowerCase(Locale.ROOT)) {
          case "aioread" ->
              "filebench 1.5 has no aioread (its asynchronous flowops are aiowrite and aiowait);"
                  + " use read";
          case "testrandvar" -> "testrandvar only prints a random variable's draws; remove it";
          case "print" -> "print is a debugging flowop fsbench does not run; remove it";
          default ->
              "is not a flowop filebench knows (read, write, createfile, openfile, closefile,"
                  + " deletefile, ...)";
        };
    throw new InvalidInputException(where + "flowop " + word + ": " + reason);
  }
}
