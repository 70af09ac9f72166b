package io.fsbench.cli.bench;

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
    return readsBack(s) && s.rw().startsWith("rand") && noMap;
  }
}
