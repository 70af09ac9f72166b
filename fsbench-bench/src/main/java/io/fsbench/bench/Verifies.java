package io.fsbench.bench;

/** What a section's verify options make of the counts fio reports. */
final class Verifies {

  private Verifies() {}

  /** Whether the section reads back what it wrote (verify set, do_verify not off). */
  static boolean readsBack(FioCase.Section s) {
    return !s.option("verify", "0").equals("0") && !s.option("do_verify", "1").equals("0");
  }

  /**
   * Whether its verify reads depend on fio's random stream: random writes without a random map
   * (norandommap, or a skewed distribution, which turns the map off) overwrite blocks, and each
   * block is read back once however often it was written.
   */
  static boolean overwrites(FioCase.Section s) {
    boolean noMap = s.flag("norandommap") || s.options().containsKey("random_distribution");
    // a reader's verified reads are its own, drawn as any reader's (seed 2041 case 481)
    return readsBack(s) && s.writes() && s.rw().startsWith("rand") && noMap;
  }

  /**
   * Whether how many of its writes fio reads back depends on timing: a writer on io_uring or libaio
   * at a depth above 1 with {@code verify_backlog} whose writes land again on blocks it wrote (an
   * offset modifier's wrap, several loops). fio's {@code check_get_verify} starts a backlog batch
   * only when the count of logged writes is a multiple of the backlog as it takes the next I/O;
   * completions reaped several at once step over it (seed 2046 case 946: {@code rw=write:1024
   * verify_backlog=16 verify_backlog_batch=1}, fio 73 to 78 verify reads of 128 writes from run to
   * run, 113 when slowed by its own debug log, fsbench 113).
   */
  static boolean backlogTimed(FioCase.Section s) {
    String engine = s.option("ioengine", "psync");
    boolean queues = engine.equals("io_uring") || engine.equals("libaio");
    boolean again =
        s.option("rw", "").contains(":") || Integer.parseInt(s.option("loops", "1")) > 1;
    return readsBack(s)
        && s.writes()
        && s.options().containsKey("verify_backlog")
        && queues
        && Integer.parseInt(s.option("iodepth", "1")) > 1
        && again;
  }

  /**
   * Whether every writing section reads each of its writes back exactly once: each verifies, none
   * overwrites, and none trims (a trimwrite job's writes are not read back).
   */
  static boolean eachWriteReadBackOnce(java.util.List<FioCase.Section> sections) {
    return sections.stream()
        .filter(FioCase.Section::writes)
        .allMatch(s -> readsBack(s) && !overwrites(s) && !s.rw().contains("trim"));
  }
}
