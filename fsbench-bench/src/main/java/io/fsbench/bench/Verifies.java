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
   * Whether every writing section reads each of its writes back exactly once: each verifies, none
   * overwrites, and none trims (a trimwrite job's writes are not read back).
   */
  static boolean eachWriteReadBackOnce(java.util.List<FioCase.Section> sections) {
    return sections.stream()
        .filter(FioCase.Section::writes)
        .allMatch(s -> readsBack(s) && !overwrites(s) && !s.rw().contains("trim"));
  }
}
